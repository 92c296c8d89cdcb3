// The built-in jobs of 定时任务, run through the runner as 立即执行 would: the SQLite backup opens and holds
// the data (and keeps N copies; PostgreSQL records that it is not supported), sessions, logs and homework
// purges act on the right rows only, the orphan-file finder deletes only unreferenced, old files (looked at through
// the store, so the test runs on a bucket too). Plus the checks of cron expressions and job parameters.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../../db/seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../../db/test-db.js';
import { newId } from '../ids.js';
import { formatDateTime } from '../time.js';
import { nextRuns, parseCron } from './cron.js';
import { builtInJob, parseJobParams, PG_BACKUP_UNSUPPORTED, type JobEnv } from './jobs.js';
import { runJob, type JobRow } from './runner.js';
import type { FileStore } from '../../storage/index.js';
import { openTestStorage, type TestStorage } from '../../../../test/storage-kit.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];
const DAY = 24 * 60 * 60 * 1000;

describe('cron expressions', () => {
  it('accepts the anchor’s Quartz shapes and 5-field crons, with ? as 不指定', () => {
    for (const e of ['0 0 2 * * ?', '0 30 3 ? * MON-FRI', '0 0 2 * * ? *', '*/5 * * * *', '0 0 12 L * ?']) expect(parseCron(e), e).toMatchObject({ ok: true });
    // ? is every day, not "today's weekday" (croner's own reading).
    const runs = nextRuns('0 0 2 * * ?', new Date(2026, 2, 2, 12, 0, 0), 3).map(formatDateTime);
    expect(runs).toEqual(['2026-03-03 02:00:00', '2026-03-04 02:00:00', '2026-03-05 02:00:00']);
  });

  it('refuses bad expressions with a Chinese reason', () => {
    const cases: [string, string][] = [
      ['', '请输入Cron表达式'],
      ['0 0 2 * *  * * *', 'Cron表达式应为6段（秒 分 时 日 月 周），或5段（分 时 日 月 周）'],
      ['0 0 25 * * ?', 'Cron表达式的“时”字段取值超出范围'],
      ['0 0 2 * * ? 2027', 'Cron表达式不支持指定年份，第7段只能是 * 或 ?'],
      ['0 ? 2 * * *', '“?”只能单独用于日或周字段'],
      ['x 0 2 * * *', 'Cron表达式含有无法识别的字符'],
      ['* * * * * *', '运行间隔不能小于1分钟'],
      ['0 0 0 31 2 ?', '该Cron表达式没有下一次运行时间'],
    ];
    for (const [e, message] of cases) expect(parseCron(e), e).toEqual({ ok: false, message });
  });
});

describe('job parameters', () => {
  it('fill defaults and refuse what the job does not take', () => {
    const logs = builtInJob('purgeOldLogs')!;
    expect(parseJobParams(logs, '')).toEqual({ ok: true, params: { days: 90 } });
    expect(parseJobParams(logs, '{"days":7,"logType":2}')).toEqual({ ok: true, params: { days: 7, logType: 2 } });
    expect(parseJobParams(logs, '{"days":0}')).toEqual({ ok: false, message: '保留天数不能小于1' });
    expect(parseJobParams(logs, '[1]')).toEqual({ ok: false, message: '参数必须是JSON对象，例如 {"days":30}' });
    expect(parseJobParams(logs, '{days:1}')).toEqual({ ok: false, message: '参数必须是JSON对象，例如 {"days":30}' });
    expect(parseJobParams(logs, '{"dayz":1}')).toMatchObject({ ok: false, message: expect.stringContaining('参数中有不支持的字段：dayz') });
    expect(parseJobParams(builtInJob('backupDatabase')!, '{"keep":101}')).toEqual({ ok: false, message: '保留份数不能大于100' });
    expect(builtInJob('java.lang.Runtime')).toBeUndefined();
  });
});

describe.each(dialects)('built-in jobs on %s', (dialect) => {
  let t: TestDatabase;
  let dataDir: string;
  let env: JobEnv;
  let storage: TestStorage;
  const at = new Date(2026, 2, 2, 12, 0, 0);

  beforeAll(async () => {
    t = await freshDatabase(dialect);
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-jobs-'));
    storage = await openTestStorage(path.join(dataDir, 'files'));
    env = { db: t.db, dialect, dataDir, storage: storage.store };
    await seedIfEmpty(t.db, { demoContent: true, storage: env.storage });
  });
  afterAll(async () => {
    await t?.close();
    await storage?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const job = async (key: string, parameter: string | null = null): Promise<JobRow> => {
    const row = await t.db.selectFrom('sys_quartz_job').selectAll().where('job_class_name', '=', key).executeTakeFirstOrThrow();
    await t.db.updateTable('sys_quartz_job').set({ parameter }).where('id', '=', row.id).execute();
    return { ...row, parameter };
  };
  const run = async (key: string, parameter: string | null = null, now = at, on: JobEnv = env) =>
    (await runJob(on, await job(key, parameter), { trigger: 'manual', scheduled: now, runBy: 'admin', now: () => now }))!;
  const inStore = async (key: string) => !!(await env.storage.stat(key));
  const listed = async (prefix: string) => {
    const keys: string[] = [];
    for await (const o of env.storage.list(prefix)) keys.push(o.key);
    return keys.sort();
  };

  if (dialect === 'sqlite') {
    it('backs the database up to DATA_DIR/backups as a SQLite file that opens and holds the data, keeping N copies', async () => {
      const marker = `备份标记-${newId()}`;
      await t.db.insertInto('sys_log').values({ id: newId(), log_type: 2, log_content: marker, create_time: formatDateTime(at) }).execute();
      const first = await run('backupDatabase', '{"keep":2}');
      expect(first.outcome, first.message).toBe('ok');
      const dir = path.join(dataDir, 'backups');
      const file = path.join(dir, 'xuetang-20260302-120000.db');
      expect(first.message).toContain('backups/xuetang-20260302-120000.db');
      const copy = new Database(file, { readonly: true, fileMustExist: true });
      try {
        expect(copy.prepare('select log_content from sys_log where log_content = ?').get(marker)).toEqual({ log_content: marker });
        const users = copy.prepare("select username from sys_user where username = 'admin'").all();
        expect(users).toHaveLength(1);
        expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      } finally {
        copy.close();
      }
      // Two more nightly runs with keep 2: the oldest goes.
      await run('backupDatabase', '{"keep":2}', new Date(at.getTime() + DAY));
      const third = await run('backupDatabase', '{"keep":2}', new Date(at.getTime() + 2 * DAY));
      expect(third.message).toContain('删除旧备份 1 份');
      expect(fs.readdirSync(dir).sort()).toEqual(['xuetang-20260303-120000.db', 'xuetang-20260304-120000.db']);
      // Files kept locally: the copy stays under DATA_DIR only, never in the store.
      if (env.storage.kind === 'local') expect(await listed('backups/')).toEqual([]);
    });

    it('with files in a bucket, also puts each backup into the store under backups/ and keeps N copies there; no route serves them', async () => {
      // The store as the job sees a bucket (kind 's3'): the real one on TEST_STORAGE=s3, the local one dressed up otherwise.
      const bucket: FileStore =
        env.storage.kind === 's3'
          ? env.storage
          : new Proxy(env.storage, { get: (o, k) => (k === 'kind' ? 's3' : typeof Reflect.get(o, k) === 'function' ? Reflect.get(o, k).bind(o) : Reflect.get(o, k)) });
      const on = { ...env, storage: bucket };
      for (let day = 10; day < 13; day++) {
        const r = await run('backupDatabase', '{"keep":2}', new Date(at.getTime() + day * DAY), on);
        expect(r.outcome, r.message).toBe('ok');
        expect(r.message).toContain('已复制到文件存储 backups/');
      }
      expect(await listed('backups/')).toEqual(['backups/xuetang-20260313-120000.db', 'backups/xuetang-20260314-120000.db']);
      const local = fs.readFileSync(path.join(dataDir, 'backups', 'xuetang-20260314-120000.db'));
      const copy = await env.storage.read('backups/xuetang-20260314-120000.db');
      expect(copy && Buffer.compare(copy, local)).toBe(0);
      // Never an orphan (the orphan job would remove it), whatever its age.
      const orphans = await run('removeOrphanFiles', '{"days":1,"dryRun":false}', new Date(Date.now() + 400 * DAY));
      expect(orphans.outcome, orphans.message).toBe('ok');
      expect(await listed('backups/')).toHaveLength(2);
      await env.storage.remove(await listed('backups/'));
      // A bucket that refuses: the local copy is made all the same, and the run says the copy failed.
      const refusing = new Proxy(bucket, { get: (o, k) => (k === 'put' ? () => Promise.reject(new Error('文件存储暂时不可用')) : Reflect.get(o, k)) });
      const failed = await run('backupDatabase', '{"keep":5}', new Date(at.getTime() + 20 * DAY), { ...env, storage: refusing });
      expect(failed.outcome).toBe('error');
      expect(failed.message).toMatch(/^已备份到 backups\/xuetang-20260322-120000\.db.*；但复制到文件存储失败：文件存储暂时不可用$/);
      expect(fs.existsSync(path.join(dataDir, 'backups', 'xuetang-20260322-120000.db'))).toBe(true);
    });
  } else {
    it('records that the built-in backup does not support PostgreSQL (use pg_dump), and writes nothing', async () => {
      const r = await run('backupDatabase', '{"keep":2}');
      expect(r).toMatchObject({ outcome: 'error', message: PG_BACKUP_UNSUPPORTED });
      expect(fs.existsSync(path.join(dataDir, 'backups'))).toBe(false);
      const row = await t.db.selectFrom('sys_quartz_job_run').selectAll().where('id', '=', r.id).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ outcome: 'error', message: PG_BACKUP_UNSUPPORTED, trigger_type: 'manual', run_by: 'admin' });
    });
  }

  it('purges expired sessions only', async () => {
    const userId = (await t.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow()).id;
    const now = at.getTime();
    const session = (created: number, expires: number) => ({ id: newId(), token_hash: newId(), user_id: userId, created_at: created, expires_at: expires, last_seen_at: created });
    const live = session(now - DAY, now + DAY);
    const expired = session(now - 8 * DAY, now - DAY);
    const tooOld = session(now - 31 * DAY, now + DAY);
    await t.db.insertInto('sys_session').values([live, expired, tooOld]).execute();
    const r = await run('purgeExpiredSessions');
    expect(r.outcome).toBe('ok');
    const left = (await t.db.selectFrom('sys_session').select('id').where('id', 'in', [live.id, expired.id, tooOld.id]).execute()).map((s) => s.id);
    expect(left).toEqual([live.id]);
  });

  it('deletes logs older than the kept days, of one type when asked', async () => {
    const log = (type: number, daysAgo: number) => ({ id: newId(), log_type: type, log_content: 'x', create_time: formatDateTime(new Date(at.getTime() - daysAgo * DAY)) });
    const rows = [log(1, 40), log(2, 40), log(1, 10)];
    await t.db.insertInto('sys_log').values(rows).execute();
    await run('purgeOldLogs', '{"days":30,"logType":2}');
    const ids = async () => (await t.db.selectFrom('sys_log').select('id').where('id', 'in', rows.map((r) => r.id)).execute()).map((r) => r.id).sort();
    expect(await ids()).toEqual([rows[0].id, rows[2].id].sort());
    await run('purgeOldLogs', '{"days":30}');
    expect(await ids()).toEqual([rows[2].id]);
  });

  it('ends published class homework older than the given days, and only that', async () => {
    const hw = (status: number, daysAgo: number) => ({ id: newId(), work_name: `作业${status}-${daysAgo}`, status, create_time: formatDateTime(new Date(at.getTime() - daysAgo * DAY)) });
    const rows = [hw(1, 40), hw(1, 5), hw(0, 40)];
    await t.db.insertInto('teaching_additional_work').values(rows).execute();
    const r = await run('endOldHomework', '{"days":30}');
    expect(r.outcome).toBe('ok');
    const status = Object.fromEntries((await t.db.selectFrom('teaching_additional_work').select(['id', 'status']).where('id', 'in', rows.map((x) => x.id)).execute()).map((x) => [x.id, x.status]));
    expect(status).toEqual({ [rows[0].id]: 2, [rows[1].id]: 1, [rows[2].id]: 0 });
  });

  it('removes only files no data refers to and that are older than the given days', async () => {
    // A bucket keeps no backdated times: the job runs 60 days from now instead, so what is written now is old.
    const later = new Date(Date.now() + 60 * DAY);
    const old = formatDateTime(at);
    const stored = async (biz: string, createTime: string) => {
      const id = newId();
      const key = `${biz}/${newId()}.png`;
      await env.storage.put(key, Buffer.from('png'));
      await t.db.insertInto('sys_file').values({ id, file_name: 'a.png', file_path: key, create_time: createTime }).execute();
      return { id, key };
    };
    const orphan = await stored('temp', old);
    const avatar = await stored('temp', old);
    const cover = await stored('temp', old);
    const inRichText = await stored('temp', old);
    const recent = await stored('temp', formatDateTime(later));
    const admin = await t.db.selectFrom('sys_user').select('id').where('username', '=', 'admin').executeTakeFirstOrThrow();
    await t.db.updateTable('sys_user').set({ avatar: avatar.key }).where('id', '=', admin.id).execute();
    // A work refers to its cover by the sys_file id.
    const work = await t.db.selectFrom('teaching_work').select('id').limit(1).executeTakeFirstOrThrow();
    await t.db.updateTable('teaching_work').set({ work_cover: cover.id }).where('id', '=', work.id).execute();
    await t.db.insertInto('teaching_news').values({ id: newId(), news_title: 'n', news_content: `<p><img src="/api/sys/common/static/${inRichText.key}"></p>` }).execute();
    // Files in an upload folder that no sys_file row registers: one nothing uses, one a course still names (an
    // imported file); and a backpack file.
    const stray = `temp/${newId()}.png`;
    await env.storage.put(stray, Buffer.from('png'));
    const namedCover = `course/${newId()}.png`;
    await env.storage.put(namedCover, Buffer.from('png'));
    const course = await t.db.selectFrom('teaching_course').select('id').limit(1).executeTakeFirstOrThrow();
    await t.db.updateTable('teaching_course').set({ course_cover: namedCover }).where('id', '=', course.id).execute();
    const backpack = `backpack/u1/${newId()}.png`;
    await env.storage.put(backpack, Buffer.from('png'));
    const keptAside = `import-rejected/temp/${newId()}.sb3`;
    await env.storage.put(keptAside, Buffer.from('PK'));

    const registered = async (id: string) => !!(await t.db.selectFrom('sys_file').select('id').where('id', '=', id).executeTakeFirst());

    const dry = await run('removeOrphanFiles', '{"days":30,"dryRun":true}', later);
    expect(dry.outcome, dry.message).toBe('ok');
    expect(dry.message).toMatch(/^发现孤立文件 \d+ 个/);
    expect((await inStore(orphan.key)) && (await inStore(stray))).toBe(true);

    const real = await run('removeOrphanFiles', '{"days":30}', later);
    expect(real.outcome, real.message).toBe('ok');
    expect(await inStore(orphan.key)).toBe(false);
    expect(await registered(orphan.id)).toBe(false);
    expect(await inStore(stray)).toBe(false);
    for (const kept of [avatar, cover, inRichText, recent]) {
      expect(await inStore(kept.key), kept.key).toBe(true);
      expect(await registered(kept.id), kept.key).toBe(true);
    }
    expect(await inStore(namedCover)).toBe(true);
    expect(await inStore(backpack)).toBe(true);
    expect(await inStore(keptAside)).toBe(true);
    // The seeded works' files are all referenced: none of them went.
    const workFiles = await t.db.selectFrom('teaching_work as w').innerJoin('sys_file as f', 'f.id', 'w.work_file').select('f.file_path').execute();
    expect(workFiles.length).toBeGreaterThan(0);
    for (const f of workFiles) expect(await inStore(f.file_path), f.file_path).toBe(true);
  });
});
