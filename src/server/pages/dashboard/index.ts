// 仪表盘: /dashboard/index (the home tab: the role's own summary), /dashboard/analysis (分析页: users, works and
// submissions per day, views and likes, top classes — SVG charts drawn here, no script), /dashboard/workplace
// (工作台: a teacher's to-do) and /dashboard/monitor (监控页: the health summary, linking to 系统监控). Data through
// the upstream client only; a teacher's figures are those of their classes (the API scopes them).
// This folder: shared.tsx, and one file per dashboard (home, analysis, workplace, monitor) with its route.
import type { Hono } from 'hono';
import type { PageEnv } from '../context.js';
import { registerHomePage } from './home.js';
import { registerAnalysisPage } from './analysis.js';
import { registerWorkplacePage } from './workplace.js';
import { registerMonitorPage } from './monitor.js';

export function registerDashboardPages(app: Hono<PageEnv>) {
  registerHomePage(app);
  registerAnalysisPage(app);
  registerWorkplacePage(app);
  registerMonitorPage(app);
}
