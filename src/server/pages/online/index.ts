// 在线开发's screens: 在线报表配置 (the designer, reports.tsx), each report's screen (report-screen.tsx) and each
// online form's generated screens (cgform-screen.tsx: /online/cgformList/{code} and /online/cgformTreeList/{code};
// cgform-erp-screen.tsx: /online/cgformErpList/{code} and /online/cgformInnerTableList/{code}). The
// designer's routes (/online/cgreport/form, /save, /delete) are registered first: they win over a report's
// `/online/cgreport/{code}` (which is why a report's code may not be form, save or delete).
import type { Hono } from 'hono';
import type { PageEnv } from '../context.js';
import { registerReportDesignPages } from './reports.js';
import { registerReportScreenPages } from './report-screen.js';
import { registerCgformScreenPages } from './cgform-screen.js';
import { registerCgformErpPages } from './cgform-erp-screen.js';

export function registerOnlineReportPages(app: Hono<PageEnv>) {
  registerReportDesignPages(app);
  registerReportScreenPages(app);
  registerCgformScreenPages(app);
  registerCgformErpPages(app);
}
