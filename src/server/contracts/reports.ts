// /teaching/teachingDepartDayLog (班级教学记录): the report over the per-class day counters of the caller's
// classes, and the count of a unit opened (开课), which the student's unit view sends.
import { GET } from './endpoint.js';

/** The day counters summed over a range (and a class, or a month). */
export interface ReportCounters {
  unitOpenCount: number;
  courseWorkAssignCount: number;
  additionalWorkAssignCount: number;
  courseWorkCorrectCount: number;
  additionalWorkCorrectCount: number;
  courseWorkSubmitCount: number;
  additionalWorkSubmitCount: number;
}

export interface ReportDepartRow extends ReportCounters {
  departId: string;
  departName: string;
}

export interface ReportMonthRow extends ReportCounters {
  /** The month ('YYYY-MM'). */
  createTime: string;
}

/** Calendar days ('YYYY-MM-DD'), both included; either may be left out. */
type ReportRange = { startTime?: string; endTime?: string };

export const reportApi = {
  totals: GET<ReportCounters, ReportRange>('/teaching/teachingDepartDayLog/getReport'),
  /** One row per class (a list, not a page). */
  byDepart: GET<ReportDepartRow[], ReportRange>('/teaching/teachingDepartDayLog/getReportGroupByDepart'),
  byMonth: GET<ReportMonthRow[], ReportRange>('/teaching/teachingDepartDayLog/getReportGroupByMonth'),
};

export const dayLogApi = {
  /** Called whenever a unit opens: a teacher's counts 开课 for their class. A writing GET of the anchor's contract. */
  unitView: GET<null, { unitId: string }>('/teaching/teachingDepartDayLog/unitViewLog'),
};
