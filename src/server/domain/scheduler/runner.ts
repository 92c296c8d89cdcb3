// One run of a job: claim it, run the built-in job, record the outcome in sys_quartz_job_run.
//
// The claim is the run row itself: (job_id, fire_key) is unique, so when several processes find the same
// scheduled time due, exactly one insert succeeds and only that process runs the job. This works the same on
// SQLite and PostgreSQL, across processes and machines, without a lock server.
import type { Kysely, Selectable } from 'kysely';
import type { Database, SysQuartzJobTable } from '../../db/schema.js';
import { isUniqueViolation } from '../../db/errors.js';
import { newId } from '../ids.js';
import { formatDateTime } from '../time.js';
import { builtInJob, parseJobParams, type JobEnv } from './jobs.js';

export type JobRow = Selectable<SysQuartzJobTable>;

export interface RunRecord {
  id: string;
  jobId: string;
  outcome: 'ok' | 'error';
  message: string;
  startTime: string;
  endTime: string;
  durationMs: number;
}

export interface RunRequest {
  trigger: 'cron' | 'manual';
  /** The scheduled time (cron) or the request time (manual). */
  scheduled: Date;
  /** Who asked (username) or which process ran it. */
  runBy: string;
  /** The time the run starts at (the clock's now). */
  now: () => Date;
}

const MAX_MESSAGE = 1000;
/** A job's history keeps this many days (pruned after each of its runs, through the (job_id, start_time) index). */
const HISTORY_DAYS = 90;

/** Inserts the run row; false when another process (or an earlier call) has claimed this fire already. */
async function claim(db: Kysely<Database>, job: JobRow, id: string, req: RunRequest): Promise<boolean> {
  try {
    await db
      .insertInto('sys_quartz_job_run')
      .values({
        id,
        job_id: job.id,
        job_class_name: job.job_class_name,
        fire_key: req.trigger === 'cron' ? `cron:${req.scheduled.getTime()}` : `manual:${id}`,
        trigger_type: req.trigger,
        scheduled_time: formatDateTime(req.scheduled),
        start_time: formatDateTime(req.now()),
        outcome: 'running',
        run_by: req.runBy.slice(0, 100),
      })
      .execute();
    return true;
  } catch (err) {
    if (isUniqueViolation(err)) return false;
    throw err;
  }
}

/**
 * Claims and runs one fire of a job. Returns null when the fire was claimed elsewhere; otherwise the recorded
 * outcome. A job that throws is recorded as an error (its message kept); it never throws to the caller.
 */
export async function runJob(env: JobEnv, job: JobRow, req: RunRequest): Promise<RunRecord | null> {
  const id = newId();
  if (!(await claim(env.db, job, id, req))) return null;
  const started = performance.now();
  const startTime = formatDateTime(req.now());
  let outcome: 'ok' | 'error' = 'ok';
  let message: string;
  let idle = false;
  try {
    const def = builtInJob(job.job_class_name);
    if (!def) throw new Error(`未知的任务类型：${job.job_class_name}`);
    const params = parseJobParams(def, job.parameter);
    if (!params.ok) throw new Error(`参数错误：${params.message}`);
    const summary = await def.run({ ...env, now: req.now() }, params.params);
    idle = summary === null;
    message = summary ?? '没有需要处理的数据';
  } catch (err) {
    outcome = 'error';
    message = err instanceof Error ? err.message || err.name : String(err);
  }
  const durationMs = Math.max(0, Math.round(performance.now() - started));
  const endTime = formatDateTime(req.now());
  message = message.slice(0, MAX_MESSAGE);
  if (idle && req.trigger === 'cron') {
    // A frequent job with nothing to do (发送待重试消息 every minute) would bury the history; the claim has done
    // its work, and a late process claiming the same fire again finds nothing to do either.
    await env.db.deleteFrom('sys_quartz_job_run').where('id', '=', id).execute();
    return { id, jobId: job.id, outcome, message, startTime, endTime, durationMs };
  }
  await env.db.updateTable('sys_quartz_job_run').set({ outcome, message, end_time: endTime, duration_ms: durationMs }).where('id', '=', id).execute();
  const oldest = formatDateTime(new Date(req.now().getTime() - HISTORY_DAYS * 24 * 60 * 60 * 1000));
  await env.db.deleteFrom('sys_quartz_job_run').where('job_id', '=', job.id).where('start_time', '<', oldest).execute();
  return { id, jobId: job.id, outcome, message, startTime, endTime, durationMs };
}
