// 定时任务 (/sys/quartzJob): the jobs (list, form, export, import), 启动 / 暂停 / 立即执行, each job's runs, the
// preview of a cron expression and the built-in jobs.
import type { Page, Saved } from './shapes.js';
import { DELETE, GET, POST, POST_OR_GET, PUT_OR_POST } from './endpoint.js';

export interface QuartzJobRecord extends Record<string, unknown> {
  id: string;
  jobClassName: string;
  /** The built-in job's name. */
  jobName?: string;
  cronExpression: string;
  parameter: string | null;
  description: string | null;
  /** 0: 正常, -1: 停止. */
  status: number;
  nextFireTime?: string | null;
  /** '' when the job never ran. */
  lastRunOutcome?: 'ok' | 'error' | 'running' | '' | null;
  lastRunTime?: string | null;
  lastRunMessage?: string | null;
  createTime: string | null;
}

/** A row of the job list: the job and which of 暂停 / 启动 its status allows (the API refuses the other). */
export interface QuartzJobListRecord extends QuartzJobRecord {
  canPause: boolean;
  canResume: boolean;
}

/** A run of a job (sys_quartz_job_run). */
export interface QuartzRunRecord extends Record<string, unknown> {
  id: string;
  jobId: string;
  jobClassName: string;
  triggerType: string;
  scheduledTime: string | null;
  startTime: string;
  endTime: string | null;
  durationMs: number | null;
  outcome: 'ok' | 'error' | 'running';
  message: string | null;
  runBy: string | null;
}

/** A built-in job: what it does, its parameters and its suggested schedule. */
export interface BuiltInJob {
  key: string;
  name: string;
  description: string;
  paramHint: string;
  exampleParams?: string;
  defaultCron: string;
}

export const quartzJobApi = {
  list: GET<Page<QuartzJobListRecord>>('/sys/quartzJob/list'),
  queryById: GET<QuartzJobRecord, { id: string }>('/sys/quartzJob/queryById'),
  add: POST<Saved>('/sys/quartzJob/add'),
  edit: PUT_OR_POST<Saved>('/sys/quartzJob/edit'),
  delete: DELETE<null, never, { id: string }>('/sys/quartzJob/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/quartzJob/deleteBatch'),
  exportXls: GET<never>('/sys/quartzJob/exportXls'),
  importExcel: POST<{ msg?: string }, FormData>('/sys/quartzJob/importExcel'),
  pause: POST_OR_GET<null, { id: string }>('/sys/quartzJob/pause'),
  resume: POST_OR_GET<null, { id: string }>('/sys/quartzJob/resume'),
  /** 立即执行: one run now, whatever the status, recorded like a scheduled one. */
  execute: POST_OR_GET<{ runId: string; outcome: string; message: string; durationMs: number }, { id: string }>('/sys/quartzJob/execute'),
  /** The runs of the jobs (`jobId`: of one), latest first. */
  runs: GET<Page<QuartzRunRecord>>('/sys/quartzJob/runList'),
  /** The next five runs of a cron expression, or why it is refused. */
  cronPreview: GET<string[], { cronExpression: string }>('/sys/quartzJob/cronPreview'),
  jobOptions: GET<BuiltInJob[]>('/sys/quartzJob/jobOptions'),
};
