// Student works as the public pages and players read them (teaching-open's StudentWorkModel).
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { decorate } from './dicts.js';
import { camel, fileUrl } from './serialize.js';

/** Works at or above this status are public (3 首页展示, 4 精选作品). */
export const PUBLIC_STATUS = 3;
export const FEATURED_STATUS = 4;

/** Public list orders: the anchor's orderBy values mapped to columns (anything else is refused, not interpolated). */
export const LEADERBOARD_ORDERS = { view: 'w.view_num', time: 'w.create_time', star: 'w.star_num' } as const;
export type LeaderboardOrder = keyof typeof LEADERBOARD_ORDERS;

const WORK_DICTS = { workType: 'work_type', workStatus: 'work_status' };

function workModelQuery(db: Kysely<Database>) {
  return db
    .selectFrom('teaching_work as w')
    .innerJoin('sys_user as u', 'u.id', 'w.user_id')
    .leftJoin('sys_file as f', 'f.id', 'w.work_file')
    .leftJoin('sys_file as cf', 'cf.id', 'w.work_cover')
    .leftJoin('teaching_work_correct as wc', 'wc.work_id', 'w.id')
    .leftJoin('sys_depart as d', 'd.id', 'w.depart_id')
    .selectAll('w')
    .select([
      'u.username',
      'u.realname',
      'u.avatar',
      'u.del_flag as author_del_flag',
      'f.file_path as work_file_key',
      'cf.file_path as cover_file_key',
      'wc.comment as teacher_comment',
      'wc.score',
      'd.depart_name',
    ])
    .where('w.del_flag', '=', 0);
}

type WorkRow = Awaited<ReturnType<ReturnType<typeof workModelQuery>['execute']>>[number];

function toModel(r: WorkRow) {
  const { author_del_flag: _d, depart_name, ...rest } = r;
  const m = camel(rest);
  return {
    ...m,
    workStatus: String(r.work_status),
    avatar_url: fileUrl(r.avatar),
    workFileKey_url: fileUrl(r.work_file_key),
    coverFileKey_url: fileUrl(r.cover_file_key),
    userId_dictText: r.realname || r.username,
    departId_dictText: depart_name ?? '',
  };
}

/**
 * The keys of a work that anyone may see: the work, its files and counts, and the author's display name and
 * avatar. The account name, class, score, teacher's remark and audit columns stay with the author and admins.
 */
const PUBLIC_KEYS = [
  'id', 'workName', 'workType', 'workStatus', 'workScene', 'viewNum', 'starNum', 'collectNum', 'hasCloudData', 'createTime',
  'userId', 'realname', 'avatar', 'avatar_url', 'workFile', 'workCover', 'workFileKey', 'workFileKey_url', 'coverFileKey', 'coverFileKey_url',
] as const;

/**
 * A work as the public gallery, the leaderboard and other visitors get it. `username` stays in the shape (the
 * anchor's clients read it as a fallback name) but is always empty; the display name is the real name.
 */
function toPublicModel(r: WorkRow) {
  const m = toModel(r) as Record<string, unknown>;
  const out: Record<string, unknown> = Object.fromEntries(PUBLIC_KEYS.map((k) => [k, m[k] ?? null]));
  return { ...out, username: '', realname: r.realname ?? '', userId_dictText: r.realname ?? '' };
}

export interface LeaderboardQuery {
  pageNo: number;
  pageSize: number;
  orderBy: LeaderboardOrder | null;
  workStatus?: number;
  userId?: string;
}

export async function leaderboard(db: Kysely<Database>, q: LeaderboardQuery) {
  let base = workModelQuery(db).where('w.work_status', '>=', PUBLIC_STATUS).where('u.del_flag', '=', 0);
  if (q.workStatus !== undefined) base = base.where('w.work_status', '=', q.workStatus);
  if (q.userId) base = base.where('w.user_id', '=', q.userId);
  let list = base;
  if (q.orderBy) list = list.orderBy(LEADERBOARD_ORDERS[q.orderBy], 'desc');
  list = list.orderBy('w.create_time', 'desc').orderBy('w.id', 'asc');
  const [rows, total] = await Promise.all([
    list.limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(),
    base.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  return { records: await decorate(db, rows.map(toPublicModel), WORK_DICTS), total: Number(total?.n ?? 0) };
}

export interface Viewer {
  id: string;
  /** Administrators may open works that are not public (teachers get class-scoped access with the works screens). */
  staff: boolean;
}

/**
 * One work with its author and files, counting a view. Visitors see public works only, in the public shape; the
 * author and staff see any, in full (teaching-open exposed drafts, usernames, scores and remarks to everyone).
 */
export async function workDetail(db: Kysely<Database>, workId: string, viewer: Viewer | null) {
  const row = await workModelQuery(db).where('w.id', '=', workId).where('u.del_flag', '=', 0).executeTakeFirst();
  if (!row) return null;
  const privileged = !!viewer && (viewer.staff || viewer.id === row.user_id);
  if (row.work_status < PUBLIC_STATUS && !privileged) return null;
  await db
    .updateTable('teaching_work')
    .set((eb) => ({ view_num: eb('view_num', '+', 1) }))
    .where('id', '=', workId)
    .execute();
  row.view_num += 1;
  const [model] = await decorate(db, [privileged ? toModel(row) : toPublicModel(row)], WORK_DICTS);
  return model;
}
