// 班级教学记录 (/report/depart): the screen's route and its date presets (pure data, shared by the API's access
// rules and the page). The endpoints the page reads are contracts/reports.ts's reportApi.
export const REPORT_ROUTE = '/report/depart';

/** The presets of the date range (days back from today, today included); the second is the default. */
export const REPORT_PRESETS = [30, 60, 90] as const;
export const DEFAULT_PRESET = 60;
