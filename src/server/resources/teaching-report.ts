// 班级教学记录 (/report/depart): the screen's route and the API paths the page reads (pure data, shared by the
// API's access rules and the page).
export const REPORT_ROUTE = '/report/depart';

export const REPORT_API = {
  totals: '/teaching/teachingDepartDayLog/getReport',
  byDepart: '/teaching/teachingDepartDayLog/getReportGroupByDepart',
  byMonth: '/teaching/teachingDepartDayLog/getReportGroupByMonth',
} as const;

/** The presets of the date range (days back from today, today included); the second is the default. */
export const REPORT_PRESETS = [30, 60, 90] as const;
export const DEFAULT_PRESET = 60;
