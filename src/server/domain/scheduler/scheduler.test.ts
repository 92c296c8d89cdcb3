// The scheduler of 定时任务 with a fake clock: a job runs when its cron expression says and not before, pause
// stops it (also when another process paused it), a failing job records its error and still runs next time,
// and two schedulers on one database run a due fire once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { connect } from '../../db/connect.js';
import { migrateToLatest } from '../../db/migrate.js';
import type { Database } from '../../db/schema.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../../db/test-db.js';
import { newId } from '../ids.js';
import { formatDateTime } from '../time.js';
import { INTERRUPTED, Scheduler } from './scheduler.js';
import { FakeClock } from './fake-clock.test-kit.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];

/** Local time (the scheduler's and the stored times' zone). */
const at = (y: number, mo: number, d: number, h: number, mi: number, s = 0, ms = 0) => new Date(y, mo - 1, d, h, mi, s, ms).getTime();
const START = at(2026, 3, 2, 10, 0, 30);

async function addJob(db: Kysely<Database>, o: { key: string; cron: string; parameter?: string | null; status?: number }): Promise<string> {
  const id = newId();
  await db
    .insertInto('sys_quartz_job')
    .values({ id, job_class_name: o.key, cron_expression: o.cron, parameter: o.parameter ?? null, status: o.status ?? 0, del_flag: 0, create_time: formatDateTime() })
    .execute();
  return id;
}

const runsOf = (db: Kysely<Database>, jobId: string) =>
  db.selectFrom('sys_quartz_job_run').selectAll().where('job_id', '=', jobId).orderBy('scheduled_time').execute();

describe.each(dialects)('the scheduler on %s', (dialect) => {
  let t: TestDatabase;
  let dataDir: string;
  let clock: FakeClock;
  let scheduler: Scheduler;
  const errors: unknown[] = [];

  beforeAll(async () => {
    t = await freshDatabase(dialect);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-sched-'));
  });
  afterAll(async () => {
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });
  beforeEach(async () => {
    // The migration's default jobs would fire too: each test schedules its own.
    await t.db.deleteFrom('sys_quartz_job_run').execute();
    await t.db.deleteFrom('sys_quartz_job').execute();
    errors.length = 0;
    clock = new FakeClock(START);
    scheduler = new Scheduler({ env: { db: t.db, dialect, dataDir, storage: new LocalFileStore(path.join(dataDir, 'files')) }, clock, node: 'test-node', onError: (e) => errors.push(e) });
  });
  afterEach(async () => {
    await scheduler.stop();
    expect(errors).toEqual([]);
  });
  const advanceTo = (ms: number) => clock.advanceTo(ms, () => scheduler.idle());

  it('runs a job when its cron expression is due, not before, and again at each next time', async () => {
    const oldLog = newId();
    await t.db.insertInto('sys_log').values({ id: oldLog, log_type: 1, log_content: 'old', create_time: '2025-01-01 00:00:00' }).execute();
    const job = await addJob(t.db, { key: 'purgeOldLogs', cron: '0 * * * * ?', parameter: '{"days":30}' });
    await scheduler.start();
    expect(scheduler.nextFire(job)?.getTime()).toBe(at(2026, 3, 2, 10, 1, 0));

    await advanceTo(at(2026, 3, 2, 10, 0, 59, 999));
    expect(await runsOf(t.db, job)).toHaveLength(0);
    expect(await t.db.selectFrom('sys_log').select('id').where('id', '=', oldLog).executeTakeFirst()).toBeDefined();

    await advanceTo(at(2026, 3, 2, 10, 1, 0));
    const [first] = await runsOf(t.db, job);
    expect(first).toMatchObject({ scheduled_time: '2026-03-02 10:01:00', start_time: '2026-03-02 10:01:00', outcome: 'ok', trigger_type: 'cron', run_by: 'test-node' });
    expect(first.message).toContain('1 条');
    expect(Number(first.duration_ms)).toBeGreaterThanOrEqual(0);
    expect(await t.db.selectFrom('sys_log').select('id').where('id', '=', oldLog).executeTakeFirst()).toBeUndefined();

    await advanceTo(at(2026, 3, 2, 10, 3, 30));
    expect((await runsOf(t.db, job)).map((r) => r.scheduled_time)).toEqual(['2026-03-02 10:01:00', '2026-03-02 10:02:00', '2026-03-02 10:03:00']);
  });

  it('stops running a paused job (paused here, or by another process) and runs it again once resumed', async () => {
    const job = await addJob(t.db, { key: 'purgeExpiredSessions', cron: '0 */5 * * * *' });
    await scheduler.start();
    await advanceTo(at(2026, 3, 2, 10, 5, 0));
    expect(await runsOf(t.db, job)).toHaveLength(1);

    // Paused in this process: the API reloads the scheduler; the job is no longer planned.
    await t.db.updateTable('sys_quartz_job').set({ status: -1 }).where('id', '=', job).execute();
    await scheduler.reload();
    expect(scheduler.nextFire(job)).toBeNull();
    await advanceTo(at(2026, 3, 2, 10, 30, 0));
    expect(await runsOf(t.db, job)).toHaveLength(1);

    // Resumed, then paused by another process (no reload here): the row is read again when the run is due.
    await t.db.updateTable('sys_quartz_job').set({ status: 0 }).where('id', '=', job).execute();
    await scheduler.reload();
    await advanceTo(at(2026, 3, 2, 10, 35, 0));
    expect(await runsOf(t.db, job)).toHaveLength(2);
    await t.db.updateTable('sys_quartz_job').set({ status: -1 }).where('id', '=', job).execute();
    await advanceTo(at(2026, 3, 2, 10, 40, 0));
    expect(await runsOf(t.db, job)).toHaveLength(2);
  });

  it('picks up a job added by another process at its next resync', async () => {
    await scheduler.start();
    const job = await addJob(t.db, { key: 'purgeExpiredSessions', cron: '0 0 * * * ?' });
    await advanceTo(at(2026, 3, 2, 11, 0, 0));
    // Resync every 60 s: the job is planned from 10:01:30 on, so its 11:00 fire happens.
    expect((await runsOf(t.db, job)).map((r) => r.scheduled_time)).toEqual(['2026-03-02 11:00:00']);
  });

  it('records a failing run with its error, and the next run still happens', async () => {
    // Parameters edited into something the job refuses (the API would not accept them): every run fails.
    const job = await addJob(t.db, { key: 'purgeOldLogs', cron: '0 */10 * * * *', parameter: '{"days":"many"}' });
    const good = await addJob(t.db, { key: 'purgeExpiredSessions', cron: '0 */10 * * * *' });
    await scheduler.start();
    await advanceTo(at(2026, 3, 2, 10, 20, 0));
    const runs = await runsOf(t.db, job);
    expect(runs.map((r) => [r.scheduled_time, r.outcome])).toEqual([
      ['2026-03-02 10:10:00', 'error'],
      ['2026-03-02 10:20:00', 'error'],
    ]);
    expect(runs[0].message).toBe('参数错误：保留天数必须是数字');
    expect(runs[0].end_time).toBe('2026-03-02 10:10:00');
    // Another job due at the same times is not disturbed.
    expect((await runsOf(t.db, good)).map((r) => r.outcome)).toEqual(['ok', 'ok']);
  });

  it('marks a run left running by a process that exited as interrupted when it starts', async () => {
    const job = await addJob(t.db, { key: 'purgeExpiredSessions', cron: '0 0 3 * * ?' });
    const row = (id: string, start: string) => ({
      id,
      job_id: job,
      job_class_name: 'purgeExpiredSessions',
      fire_key: `manual:${id}`,
      trigger_type: 'manual',
      scheduled_time: start,
      start_time: start,
      outcome: 'running' as const,
    });
    const [old, recent] = [newId(), newId()];
    await t.db.insertInto('sys_quartz_job_run').values([row(old, '2026-03-01 08:00:00'), row(recent, '2026-03-02 09:30:00')]).execute();
    await scheduler.start();
    const runs = Object.fromEntries((await runsOf(t.db, job)).map((r) => [r.id, [r.outcome, r.message]]));
    expect(runs).toEqual({ [old]: ['error', INTERRUPTED], [recent]: ['running', null] });
  });

  it('skips fires missed while nothing ran, and keeps no timer after stop()', async () => {
    const job = await addJob(t.db, { key: 'purgeExpiredSessions', cron: '0 0 3 * * ?' });
    await scheduler.start();
    expect(scheduler.nextFire(job)?.getTime()).toBe(at(2026, 3, 3, 3, 0, 0));
    await scheduler.stop();
    expect(clock.pending()).toBe(0);
    await advanceTo(at(2026, 3, 5, 12, 0, 0));
    expect(await runsOf(t.db, job)).toHaveLength(0);
  });
});

describe.each(dialects)('two server processes on one %s database', (dialect) => {
  let url: string | undefined;
  let first: { db: Kysely<Database>; close(): Promise<void> };
  let second: { db: Kysely<Database>; close(): Promise<void> };
  let dataDir: string;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-sched2-'));
    if (dialect === 'postgres') {
      url = testDatabaseUrl()!;
      const t = await freshDatabase('postgres');
      // A second pool on the same database and schema (the test's copy of the template): what a second server
      // process would open.
      const { d, s } = (await sql<{ d: string; s: string }>`select current_database() as d, current_schema() as s`.execute(t.db)).rows[0];
      const same = new URL(url);
      same.pathname = `/${d}`;
      const other = connect({ databaseUrl: same.toString(), pgSchema: s });
      first = t;
      second = other;
    } else {
      const file = path.join(dataDir, 'shared.db');
      const a = connect({ sqliteFile: file });
      await migrateToLatest(a.db);
      first = a;
      second = connect({ sqliteFile: file });
    }
    await first.db.deleteFrom('sys_quartz_job').execute();
  });
  afterAll(async () => {
    await second?.close();
    await first?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('run each due fire exactly once between them', async () => {
    const job = await addJob(first.db, { key: 'purgeExpiredSessions', cron: '0 * * * * ?' });
    const clocks = [new FakeClock(START), new FakeClock(START)];
    const errors: unknown[] = [];
    const ran: string[] = [];
    const schedulers = [first, second].map(
      (conn, i) =>
        new Scheduler({
          env: { db: conn.db, dialect, dataDir, storage: new LocalFileStore(dataDir) },
          clock: clocks[i],
          node: `process-${i + 1}`,
          onError: (e) => errors.push(e),
          onRun: (r) => ran.push(`${i + 1}:${r.startTime}`),
        }),
    );
    await Promise.all(schedulers.map((s) => s.start()));
    try {
      // Both processes wake for the same fires at the same moments.
      for (const minute of [1, 2, 3]) {
        const target = at(2026, 3, 2, 10, minute, 0);
        await Promise.all(clocks.map((c, i) => c.advanceTo(target, () => schedulers[i].idle())));
      }
    } finally {
      await Promise.all(schedulers.map((s) => s.stop()));
    }
    const runs = await runsOf(first.db, job);
    expect(runs.map((r) => r.scheduled_time)).toEqual(['2026-03-02 10:01:00', '2026-03-02 10:02:00', '2026-03-02 10:03:00']);
    expect(runs.every((r) => r.outcome === 'ok')).toBe(true);
    // Each fire was claimed by one process, and neither hit anything but the claim's refusal.
    expect(ran).toHaveLength(3);
    expect(errors).toEqual([]);
  });
});
