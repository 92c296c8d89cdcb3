// The built-in jobs of 定时任务: the only things the scheduler runs. A job row names one of these keys
// (the anchor's jobClassName); nothing is ever loaded by name. Each job declares its parameters (a JSON
// object, checked with zod, defaults filled in) and returns a one-line summary for the run history.
import fs from 'node:fs';
import fsp from 'node:fs/promises';
import path from 'node:path';
import { sql } from 'kysely';
import { z } from 'zod';
import { SESSION_MAX_LIFETIME_MS } from '../sessions.js';
import { formatDateTime } from '../time.js';
import type { JobContext, JobEnv } from './env.js';
import { orphanFiles } from '../file-usages.js';
import { BACKUP_PREFIX } from '../private-files.js';
import { removeStoredFiles } from '../uploads.js';
import { sendDueMessages } from '../messages.js';
import { jobInfo, type JobInfo } from '../../shared/scheduled-jobs.js';

export type { JobEnv };

export interface BuiltInJob<P = Record<string, unknown>> extends JobInfo {
  params: z.ZodType<P>;
  /** A one-line summary; null when there was nothing to do (a scheduled run then leaves no history row). */
  run(ctx: JobContext, params: P): Promise<string | null>;
}

const info = (key: string): JobInfo => {
  const found = jobInfo(key);
  if (!found) throw new Error(`job ${key} is not in the catalogue`);
  return found;
};

const DAY_MS = 24 * 60 * 60 * 1000;
const daysParam = (label: string, def: number, max = 3650) =>
  z.coerce
    .number({ message: `${label}必须是数字` })
    .int(`${label}必须是整数`)
    .min(1, `${label}不能小于1`)
    .max(max, `${label}不能大于${max}`)
    .default(def);
const strict = <T extends z.ZodRawShape>(shape: T) => z.object(shape).strict();
const count = (n: bigint | number | undefined) => Number(n ?? 0);

const purgeExpiredSessions: BuiltInJob<Record<string, never>> = {
  ...info('purgeExpiredSessions'),
  params: strict({}),
  async run(ctx) {
    const t = ctx.now.getTime();
    const res = await ctx.db
      .deleteFrom('sys_session')
      .where((eb) => eb.or([eb('expires_at', '<=', t), eb('created_at', '<=', t - SESSION_MAX_LIFETIME_MS)]))
      .executeTakeFirst();
    return `已清理过期会话 ${count(res.numDeletedRows)} 个`;
  },
};

const purgeOldLogs: BuiltInJob<{ days: number; logType?: 1 | 2 }> = {
  ...info('purgeOldLogs'),
  params: strict({
    days: daysParam('保留天数', 90),
    logType: z.union([z.literal(1), z.literal(2)], { message: 'logType只能是1（登录日志）或2（操作日志）' }).optional(),
  }),
  async run(ctx, p) {
    const cutoff = formatDateTime(new Date(ctx.now.getTime() - p.days * DAY_MS));
    let q = ctx.db.deleteFrom('sys_log').where('create_time', '<', cutoff);
    if (p.logType) q = q.where('log_type', '=', p.logType);
    const res = await q.executeTakeFirst();
    return `已删除 ${cutoff} 之前的${p.logType === 1 ? '登录' : p.logType === 2 ? '操作' : ''}日志 ${count(res.numDeletedRows)} 条`;
  },
};

const removeOrphanFiles: BuiltInJob<{ days: number; dryRun: boolean }> = {
  ...info('removeOrphanFiles'),
  params: strict({
    days: daysParam('天数', 30),
    dryRun: z.boolean({ message: 'dryRun只能是true或false' }).default(false),
  }),
  async run(ctx, p) {
    const orphans = await orphanFiles(ctx.db, ctx.storage, new Date(ctx.now.getTime() - p.days * DAY_MS));
    const bytes = orphans.reduce((s, o) => s + o.size, 0);
    const size = `${(bytes / 1024 / 1024).toFixed(2)} MB`;
    if (p.dryRun) return `发现孤立文件 ${orphans.length} 个（${size}），未删除（dryRun）`;
    for (let i = 0; i < orphans.length; i += 500) await removeStoredFiles(ctx.db, ctx.storage, orphans.slice(i, i + 500).map((o) => o.key));
    return `已删除孤立文件 ${orphans.length} 个（${size}）`;
  },
};

// Class homework has no end date: the closest real rule is an age. A published homework (status 1) created
// more than `days` days ago is set to 已结束 (2), so students no longer see it among their open homework.
const endOldHomework: BuiltInJob<{ days: number }> = {
  ...info('endOldHomework'),
  params: strict({ days: daysParam('天数', 30) }),
  async run(ctx, p) {
    const cutoff = formatDateTime(new Date(ctx.now.getTime() - p.days * DAY_MS));
    const res = await ctx.db
      .updateTable('teaching_additional_work')
      .set({ status: 2, update_by: 'system', update_time: formatDateTime(ctx.now) })
      .where('status', '=', 1)
      .where('create_time', '<', cutoff)
      .executeTakeFirst();
    return `已结束 ${cutoff} 之前发布的班级作业 ${count(res.numUpdatedRows)} 个`;
  },
};

const BACKUP_DIR = 'backups';
const BACKUP_NAME = /^xuetang-\d{8}-\d{6}\.db$/;
export const PG_BACKUP_UNSUPPORTED = 'PostgreSQL 数据库不支持内置备份，请使用 pg_dump 备份';

/** The newest `keep` of `names` (backup names sort by their time) and the rest, to remove. */
const oldBackups = (names: string[], keep: number) => names.filter((n) => BACKUP_NAME.test(n)).sort().reverse().slice(keep);

// The local copy stays under DATA_DIR/backups (a restore starts from a local file); when files are kept in a bucket
// (storage.kind 's3'), the copy also goes there under backups/<name>, streamed, so it survives the machine, and the
// bucket keeps the same `keep` copies. Backups are private keys (private-files.ts): no route serves them.
const backupDatabase: BuiltInJob<{ keep: number }> = {
  ...info('backupDatabase'),
  params: strict({ keep: daysParam('保留份数', 7, 100) }),
  async run(ctx, p) {
    if (ctx.dialect !== 'sqlite') throw new Error(PG_BACKUP_UNSUPPORTED);
    const dir = path.join(ctx.dataDir, BACKUP_DIR);
    await fsp.mkdir(dir, { recursive: true });
    const stamp = formatDateTime(ctx.now).replace(/[-:]/g, '').replace(' ', '-');
    const name = `xuetang-${stamp}.db`;
    const file = path.join(dir, name);
    // A consistent copy of the live database, written by SQLite itself (works while others write).
    await fsp.rm(file, { force: true });
    await sql`VACUUM INTO ${file}`.execute(ctx.db);
    const { size } = await fsp.stat(file);
    const removed = oldBackups(await fsp.readdir(dir), p.keep);
    for (const n of removed) await fsp.rm(path.join(dir, n), { force: true });
    const done = `已备份到 ${BACKUP_DIR}/${name}（${(size / 1024).toFixed(0)} KB），删除旧备份 ${removed.length} 份`;
    if (ctx.storage.kind !== 's3') return done;
    try {
      await ctx.storage.put(`${BACKUP_PREFIX}${name}`, fs.createReadStream(file), { contentType: 'application/vnd.sqlite3' });
      const stored: string[] = [];
      for await (const o of ctx.storage.list(BACKUP_PREFIX)) stored.push(o.key.slice(BACKUP_PREFIX.length));
      const old = oldBackups(stored, p.keep);
      await ctx.storage.remove(old.map((n) => `${BACKUP_PREFIX}${n}`));
      return `${done}；已复制到文件存储 ${BACKUP_PREFIX}${name}，删除存储中的旧备份 ${old.length} 份`;
    } catch (err) {
      throw new Error(`${done}；但复制到文件存储失败：${(err as Error).message}`, { cause: err });
    }
  },
};

// 消息中心's retries: runs every minute, so an idle run (no message due) is not kept in the history.
const sendPendingMessages: BuiltInJob<{ limit: number }> = {
  ...info('sendPendingMessages'),
  params: strict({ limit: daysParam('条数', 100, 1000) }),
  async run(ctx, p) {
    const r = await sendDueMessages({ db: ctx.db, mail: ctx.mail ?? {}, hub: ctx.hub }, ctx.now, p.limit);
    if (r.tried === 0) return null;
    return `重试消息 ${r.tried} 条：成功 ${r.sent} 条，失败 ${r.failed} 条`;
  },
};

export const BUILT_IN_JOBS: readonly BuiltInJob[] = [purgeExpiredSessions, purgeOldLogs, removeOrphanFiles, endOldHomework, backupDatabase, sendPendingMessages];
const BY_KEY = new Map(BUILT_IN_JOBS.map((j) => [j.key, j]));

export const builtInJob = (key: string): BuiltInJob | undefined => BY_KEY.get(key);

export type ParamCheck = { ok: true; params: Record<string, unknown> } | { ok: false; message: string };

/** Parses a job's parameter text (JSON object, empty for defaults) against the job's schema. */
export function parseJobParams(job: BuiltInJob, text: string | null | undefined): ParamCheck {
  const raw = (text ?? '').trim();
  let value: unknown = {};
  if (raw) {
    try {
      value = JSON.parse(raw);
    } catch {
      return { ok: false, message: '参数必须是JSON对象，例如 {"days":30}' };
    }
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return { ok: false, message: '参数必须是JSON对象，例如 {"days":30}' };
  const parsed = job.params.safeParse(value);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    if (issue?.code === 'unrecognized_keys') return { ok: false, message: `参数中有不支持的字段：${issue.keys.join('、')}（${job.paramHint}）` };
    return { ok: false, message: issue?.message ?? '参数不正确' };
  }
  return { ok: true, params: parsed.data as Record<string, unknown> };
}
