// 定时任务: 暂停 a running job, 启动 a stopped one. The API asks this before pause and resume (a job already in the
// asked state is refused, not silently "changed"), and the job list carries each row's answer (`canPause`,
// `canResume`), so the page offers the one that applies.
import type { RowOf } from '../db/schema.js';

/** status: 0 正常, -1 停止. */
export const JOB_RUNNING = 0;
export const JOB_STOPPED = -1;

export interface JobAbilities {
  canPause: boolean;
  canResume: boolean;
}

/** Policy: a job's abilities by its status. */
export function jobAbilities(job: Pick<RowOf<'sys_quartz_job'>, 'status'>): JobAbilities {
  return { canPause: Number(job.status) === JOB_RUNNING, canResume: Number(job.status) === JOB_STOPPED };
}
