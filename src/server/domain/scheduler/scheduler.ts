// The in-process scheduler of 定时任务. It loads the enabled jobs (status 0) from sys_quartz_job, computes each
// one's next run from its cron expression, and sleeps on one timer until the earliest. When a run is due it
// reads the job row again (a pause or edit in another process counts at once), claims the fire through the run
// table (runner.ts: one process runs it) and runs it. A failed run is recorded and the job stays scheduled.
//
// Edits in this process call reload(); other processes' edits are picked up by a reload every `resyncMs`. A
// fire missed while no process was up is skipped (the next one counts), as Quartz's "do nothing" misfire rule.
// The clock is injectable so tests move time without sleeping; stop() clears the timer and waits for runs.
import { hostname } from 'node:os';
import type { JobEnv } from './jobs.js';
import { nextRun } from './cron.js';
import { formatDateTime } from '../time.js';
import { runJob, type JobRow, type RunRecord } from './runner.js';

export interface Clock {
  now(): number;
  setTimeout(fn: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

const systemClock: Clock = {
  now: () => Date.now(),
  setTimeout(fn, ms) {
    const t = setTimeout(fn, ms);
    t.unref();
    return t;
  },
  clearTimeout: (h) => clearTimeout(h as NodeJS.Timeout),
};

/** A run left 'running' this long is taken for one whose process exited (see start()). */
const STALE_RUN_MS = 6 * 60 * 60 * 1000;
export const INTERRUPTED = '运行中断：执行该任务的进程已退出';

/** setTimeout's ceiling is about 24.8 days; the timer wakes at least this often and sleeps again. */
const MAX_SLEEP_MS = 2 ** 31 - 1;

interface Planned {
  row: JobRow;
  /** Epoch ms of the next fire, null when the expression has none. */
  next: number | null;
}

export interface SchedulerOptions {
  env: JobEnv;
  clock?: Clock;
  /** How often to re-read the job table for other processes' edits (default 60 s). */
  resyncMs?: number;
  /** Name recorded as run_by for scheduled runs (default host:pid). */
  node?: string;
  /** Called with what went wrong outside a job (database unreachable …); default: console.error. */
  onError?: (err: unknown) => void;
  /** Called after every finished run this scheduler claimed. */
  onRun?: (run: RunRecord) => void;
}

export class Scheduler {
  private readonly env: JobEnv;
  private readonly clock: Clock;
  private readonly resyncMs: number;
  private readonly node: string;
  private readonly onError: (err: unknown) => void;
  private readonly onRun?: (run: RunRecord) => void;
  private planned = new Map<string, Planned>();
  private timer: unknown = null;
  private lastSync = 0;
  private running = new Set<string>();
  /** Syncs and ticks, one after another. */
  private chain: Promise<void> = Promise.resolve();
  /** Runs in progress (they go on beside the timer). */
  private inflight = new Set<Promise<void>>();
  private stopped = true;

  constructor(o: SchedulerOptions) {
    this.env = o.env;
    this.clock = o.clock ?? systemClock;
    this.resyncMs = o.resyncMs ?? 60_000;
    this.node = o.node ?? `${hostname()}:${process.pid}`;
    this.onError = o.onError ?? ((err) => console.error('[scheduler]', err));
    this.onRun = o.onRun;
  }

  async start(): Promise<void> {
    this.stopped = false;
    // A run still 'running' long after it started belonged to a process that exited mid-run.
    const stale = formatDateTime(new Date(this.clock.now() - STALE_RUN_MS));
    await this.env.db
      .updateTable('sys_quartz_job_run')
      .set({ outcome: 'error', message: INTERRUPTED })
      .where('outcome', '=', 'running')
      .where('start_time', '<', stale)
      .execute();
    await this.reload();
  }

  /** Re-reads the enabled jobs and re-arms the timer; unchanged expressions keep their next fire. */
  reload(): Promise<void> {
    return this.serial(() => this.sync());
  }

  /** Stops the timer and waits for what is running. */
  async stop(): Promise<void> {
    this.stopped = true;
    this.disarm();
    await this.idle();
  }

  /** Resolves when no sync or run of this scheduler is in progress (tests wait on it after moving the clock). */
  async idle(): Promise<void> {
    for (;;) {
      const c = this.chain;
      await c;
      await Promise.all([...this.inflight]);
      if (c === this.chain && this.inflight.size === 0) return;
    }
  }

  /** The next fire of a job as this scheduler has it (null when not scheduled). */
  nextFire(jobId: string): Date | null {
    const p = this.planned.get(jobId);
    return p?.next ? new Date(p.next) : null;
  }

  private serial(task: () => Promise<void>): Promise<void> {
    const run = this.chain.then(task).catch((err) => this.onError(err));
    this.chain = run;
    return run;
  }

  private async sync(): Promise<void> {
    if (this.stopped) return;
    const rows = await this.env.db.selectFrom('sys_quartz_job').selectAll().where('status', '=', 0).where('del_flag', '=', 0).execute();
    const now = this.clock.now();
    const next = new Map<string, Planned>();
    for (const row of rows) {
      const old = this.planned.get(row.id);
      // A fire already planned stays, even when due this very moment (the tick after this sync runs it).
      const keep = old && old.row.cron_expression === row.cron_expression && old.next !== null;
      next.set(row.id, { row, next: keep ? old.next : (nextRun(row.cron_expression, new Date(now))?.getTime() ?? null) });
    }
    this.planned = next;
    this.lastSync = now;
    this.arm();
  }

  private disarm() {
    if (this.timer !== null) this.clock.clearTimeout(this.timer);
    this.timer = null;
  }

  private arm() {
    this.disarm();
    if (this.stopped) return;
    const now = this.clock.now();
    let wake = this.lastSync + this.resyncMs;
    for (const p of this.planned.values()) if (p.next !== null && p.next < wake) wake = p.next;
    const delay = Math.min(Math.max(0, wake - now), MAX_SLEEP_MS);
    this.timer = this.clock.setTimeout(() => {
      this.timer = null;
      void this.serial(() => this.tick());
    }, delay);
  }

  private async tick(): Promise<void> {
    if (this.stopped) return;
    const now = this.clock.now();
    if (now >= this.lastSync + this.resyncMs) {
      await this.sync();
    }
    const due = [...this.planned.values()].filter((p) => p.next !== null && p.next <= now);
    for (const p of due) {
      const scheduled = p.next!;
      // The next fire after this one; fires missed beyond it (the process was busy or asleep) are skipped.
      let following = nextRun(p.row.cron_expression, new Date(scheduled))?.getTime() ?? null;
      if (following !== null && following <= now) following = nextRun(p.row.cron_expression, new Date(now))?.getTime() ?? null;
      p.next = following;
      if (!this.running.has(p.row.id)) this.fire(p.row.id, scheduled);
    }
    this.arm();
  }

  /** Runs one due fire, unless the job was paused, edited away or deleted meanwhile (possibly elsewhere). */
  private fire(jobId: string, scheduled: number): void {
    this.running.add(jobId);
    const task: Promise<void> = (async () => {
      const row = await this.env.db.selectFrom('sys_quartz_job').selectAll().where('id', '=', jobId).executeTakeFirst();
      if (!row || row.status !== 0 || row.del_flag !== 0) {
        this.planned.delete(jobId);
        return;
      }
      const planned = this.planned.get(jobId);
      if (planned) planned.row = row;
      const run = await runJob(this.env, row, { trigger: 'cron', scheduled: new Date(scheduled), runBy: this.node, now: () => new Date(this.clock.now()) });
      if (run) this.onRun?.(run);
    })()
      .catch((err) => this.onError(err))
      .finally(() => {
        this.running.delete(jobId);
        this.inflight.delete(task);
      });
    this.inflight.add(task);
  }
}
