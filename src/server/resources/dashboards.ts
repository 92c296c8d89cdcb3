// 仪表盘: the screens' routes (pure data, shared by the API's access rules and the pages). What their API answers
// is in contracts/dashboards.ts.
export const DASHBOARD_ROUTES = {
  home: '/dashboard/index',
  analysis: '/dashboard/analysis',
  monitor: '/dashboard/monitor',
  workplace: '/dashboard/workplace',
} as const;
