// Student works as the public pages and players read them (teaching-open's StudentWorkModel).
import { sql, type Kysely } from 'kysely';
import type { Database, TeachingWork } from '../db/schema.js';
import { chunks } from './departs.js';
import { decorate } from './dicts.js';
import { newId } from './ids.js';
import { camel, fileUrl } from './serialize.js';
import type { SessionUser } from './sessions.js';
import { now } from './time.js';
import { unusedFiles } from './file-usages.js';
import { removeStoredFiles } from './uploads.js';
import type { FileStore } from '../storage/index.js';
import { hasScope, scopeDepartIds, userScope, type UserScope } from './user-scope.js';
import { countOnce, type Visitor } from './work-visits.js';
import { WORK_STATUS } from '../shared/work-status.js';
import { isCodeType, isScratchType } from '../shared/work-types.js';

/** Works at or above this status are public (3 首页展示, 4 精选作品). */
export const PUBLIC_STATUS = WORK_STATUS.public;
export const FEATURED_STATUS = WORK_STATUS.featured;

/** Public list orders: the anchor's orderBy values mapped to columns (anything else is refused, not interpolated). */
export const LEADERBOARD_ORDERS = { view: 'w.view_num', time: 'w.create_time', star: 'w.star_num' } as const;
export type LeaderboardOrder = keyof typeof LEADERBOARD_ORDERS;

export const WORK_DICTS = { workType: 'work_type', workStatus: 'work_status' };

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
    // A literal, like the leaderboard's status bound: SQLite matches a partial index's WHERE (015) only literally.
    .where('w.del_flag', '=', sql.lit(0));
}

export type WorkRow = Awaited<ReturnType<ReturnType<typeof workModelQuery>['execute']>>[number];

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
  // `>= 3` as a literal: SQLite uses 015's partial indexes (WHERE work_status >= 3 AND del_flag = 0) only when the
  // query states the same terms literally; a bound parameter does not match.
  let base = workModelQuery(db).where('w.work_status', '>=', sql.lit(PUBLIC_STATUS)).where('u.del_flag', '=', 0);
  if (q.workStatus !== undefined) base = base.where('w.work_status', '=', q.workStatus);
  if (q.userId) base = base.where('w.user_id', '=', q.userId);
  let list = base;
  if (q.orderBy) list = list.orderBy(LEADERBOARD_ORDERS[q.orderBy], 'desc');
  // The order of the 013 and 015 indexes, so a page reads 20 index entries (no repeated create_time term for orderBy=time).
  if (q.orderBy !== 'time') list = list.orderBy('w.create_time', 'desc');
  list = list.orderBy('w.id', 'asc');
  // The total reads only teaching_work's (work_status, del_flag, user_id) index: joining every public work to its
  // author and files costs ~0.2 s at 1M works; authors in the recycle bin are one small list (del_flag = 1).
  let count = db
    .selectFrom('teaching_work as w')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('w.del_flag', '=', 0)
    .where('w.work_status', '>=', PUBLIC_STATUS)
    .where('w.user_id', 'not in', db.selectFrom('sys_user as du').select('du.id').where('du.del_flag', '=', 1));
  if (q.workStatus !== undefined) count = count.where('w.work_status', '=', q.workStatus);
  if (q.userId) count = count.where('w.user_id', '=', q.userId);
  const [rows, total] = await Promise.all([list.limit(q.pageSize).offset((q.pageNo - 1) * q.pageSize).execute(), count.executeTakeFirst()]);
  return { records: await decorate(db, rows.map(toPublicModel), WORK_DICTS), total: Number(total?.n ?? 0) };
}

/** An author as the public site shows them (teaching-open's userInfo): display name, avatar and public work count. */
export interface AuthorProfile {
  id: string;
  /** The real name, or 匿名 when there is none: the account name is never public. */
  realname: string;
  avatar: string | null;
  avatar_url: string | null;
  /** Works the public may see (status 3 and 4). */
  workCount: number;
}

/** An author's public mini profile; null for an unknown or deleted account. */
export async function authorProfile(db: Kysely<Database>, userId: string): Promise<AuthorProfile | null> {
  const u = await db.selectFrom('sys_user').select(['id', 'realname', 'avatar']).where('id', '=', userId).where('del_flag', '=', 0).executeTakeFirst();
  if (!u) return null;
  const n = await db
    .selectFrom('teaching_work')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('del_flag', '=', 0)
    .where('work_status', '>=', PUBLIC_STATUS)
    .executeTakeFirst();
  return { id: u.id, realname: u.realname || '匿名', avatar: u.avatar ?? null, avatar_url: fileUrl(u.avatar), workCount: Number(n?.n ?? 0) };
}

/** True when the work is public (status ≥ 3) and neither it nor its author is deleted: only such works count views. */
async function isPublicWork(db: Kysely<Database>, workId: string): Promise<boolean> {
  const row = await db
    .selectFrom('teaching_work as w')
    .innerJoin('sys_user as u', 'u.id', 'w.user_id')
    .select('w.id')
    .where('w.id', '=', workId)
    .where('w.del_flag', '=', 0)
    .where('w.work_status', '>=', PUBLIC_STATUS)
    .where('u.del_flag', '=', 0)
    .executeTakeFirst();
  return !!row;
}

/**
 * A visit of a public work's page that did not read the work (the page came from the public page cache): counts
 * the view by the same rule as workDetail (once per visitor per day, work-visits.ts). False when the work is not
 * public.
 */
export async function countPublicWorkView(db: Kysely<Database>, workId: string, visitor: Visitor): Promise<boolean> {
  if (!(await isPublicWork(db, workId))) return false;
  await countOnce(db, 'view', workId, visitor);
  return true;
}

/** How long queued views wait before they are written. */
const WORK_VIEW_FLUSH_MS = 1000;
const queuedViews = new WeakMap<Kysely<Database>, { visits: Map<string, [string, Visitor]>; timer: NodeJS.Timeout | null }>();

/**
 * Counts a view of a public work's page served from the page cache, like countPublicWorkView but written within
 * WORK_VIEW_FLUSH_MS: repeats by one visitor within the window collapse in memory, so hundreds of cached visits a
 * second cost one database write per distinct visitor, not one each (a write per visit capped the cached page at
 * a few hundred visits a second on SQLite).
 */
export function queueWorkView(db: Kysely<Database>, workId: string, visitor: Visitor): void {
  let q = queuedViews.get(db);
  if (!q) queuedViews.set(db, (q = { visits: new Map(), timer: null }));
  q.visits.set(`${workId}\n${visitor.userId ?? ''}\n${visitor.ip}`, [workId, visitor]);
  if (!q.timer) {
    q.timer = setTimeout(() => void flushWorkViews(db).catch(() => {}), WORK_VIEW_FLUSH_MS);
    q.timer.unref();
  }
}

/** Writes the queued views now (the timer does it within a second; shutdown and tests call it). */
export async function flushWorkViews(db: Kysely<Database>): Promise<void> {
  const q = queuedViews.get(db);
  if (!q) return;
  if (q.timer) clearTimeout(q.timer);
  q.timer = null;
  const visits = [...q.visits.values()];
  q.visits.clear();
  for (const [workId, visitor] of visits) await countPublicWorkView(db, workId, visitor);
}

export interface Viewer {
  id: string;
  /** Administrators may open works that are not public (teachers get class-scoped access with the works screens). */
  staff: boolean;
}

/**
 * One work with its author and files, counting the visitor's view (once a day: domain/work-visits.ts). Visitors
 * see public works only, in the public shape; the author and staff see any, in full (teaching-open exposed
 * drafts, usernames, scores and remarks to everyone, and counted every fetch as a view).
 */
export async function workDetail(db: Kysely<Database>, workId: string, viewer: Viewer | null, visitor?: Visitor) {
  const row = await workModelQuery(db).where('w.id', '=', workId).where('u.del_flag', '=', 0).executeTakeFirst();
  if (!row) return null;
  const privileged = !!viewer && (viewer.staff || viewer.id === row.user_id);
  if (row.work_status < PUBLIC_STATUS && !privileged) return null;
  if (visitor && (await countOnce(db, 'view', workId, visitor))) row.view_num += 1;
  const [model] = await decorate(db, [privileged ? toModel(row) : toPublicModel(row)], WORK_DICTS);
  return model;
}

// ---------------------------------------------------------------------------------------------------------
// Private works: the author's own list, the teachers' grading desk, submission, grading and deletion.

export const LIST_DICTS = { ...WORK_DICTS, workScene: 'work_scene' };
export const WORK_SCENES = ['create', 'course', 'additional', 'exam'] as const;

/**
 * A row of `mine` and `list` (StudentWorkModel of the anchor's Appendix A): the model's columns with the unit
 * and homework names and the viewer's own tag. The author may be gone (purged from the recycle bin), so the
 * author's columns may be null. `api/teaching/work-list.ts` builds these rows in two phases (ids, then each
 * related table by id list) rather than with one join that PostgreSQL would plan anew for every page.
 */
export type WorkListRow = Omit<WorkRow, 'username' | 'realname' | 'avatar' | 'author_del_flag'> & {
  username: string | null;
  realname: string | null;
  avatar: string | null;
  author_del_flag: number | null;
  unit_name: string | null;
  additional_name: string | null;
  work_tag: string | null;
};

export function toListModel(r: WorkListRow) {
  const { unit_name, additional_name, work_tag, ...rest } = r;
  return {
    // A work whose author row is gone (removed from the recycle bin) still lists, without a name: blank here,
    // as the fields below say it (toModel drops author_del_flag).
    ...toModel({ ...rest, username: r.username ?? '', realname: r.realname ?? '', author_del_flag: r.author_del_flag ?? 0 }),
    username: r.username ?? '',
    realname: r.realname ?? '',
    userId_dictText: r.realname || r.username || '',
    workTag: work_tag ?? '',
    courseId_dictText: unit_name ?? '',
    additionalId_dictText: additional_name ?? '',
  };
}

/** Whether `user` may manage works of `authorId`: admins all; others the members of their managed subtrees. */
export async function managesAuthor(db: Kysely<Database>, user: Pick<SessionUser, 'id' | 'roles'>, authorId: string, scope?: UserScope): Promise<boolean> {
  return (await managedAuthors(db, scope ?? (await userScope(db, user)), [authorId])).has(authorId);
}

/** Which of `authorIds` the holder of `scope` manages (managesAuthor for a page of works: one query per 1000). */
export async function managedAuthors(db: Kysely<Database>, scope: UserScope, authorIds: string[]): Promise<Set<string>> {
  const ids = [...new Set(authorIds)];
  if (scope.all) return new Set(ids);
  const out = new Set<string>();
  if (!hasScope(scope) || !ids.length) return out;
  for (const part of chunks(ids, 1000)) {
    const rows = await db
      .selectFrom('sys_user_depart as m')
      .select('m.user_id')
      .distinct()
      .where('m.user_id', 'in', part)
      .where('m.dep_id', 'in', scopeDepartIds(db, scope))
      .execute();
    for (const r of rows) out.add(r.user_id);
  }
  return out;
}

export type WorkAccess = 'author' | 'staff' | null;

/** How the caller relates to a work: its author, staff whose scope holds the author, or neither. */
export async function workAccess(db: Kysely<Database>, user: Pick<SessionUser, 'id' | 'roles'>, work: { user_id: string }): Promise<WorkAccess> {
  if (work.user_id === user.id) return 'author';
  return (await managesAuthor(db, user, work.user_id)) ? 'staff' : null;
}

/** The user's classes (memberships of departments of category 3, 班级). */
export async function userClassIds(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_user_depart as m')
    .innerJoin('sys_depart as d', 'd.id', 'm.dep_id')
    .select('d.id')
    .where('m.user_id', '=', userId)
    .where('d.org_category', '=', '3')
    .orderBy('d.org_code')
    .execute();
  return rows.map((r) => r.id);
}

/** The first of the user's departments that has the unit's course assigned (teaching-open getUserDepartIdByUnitId). */
export async function classForUnit(db: Kysely<Database>, userId: string, unitId: string): Promise<string> {
  const row = await db
    .selectFrom('teaching_course_unit as u')
    .innerJoin('teaching_course_dept as cd', 'cd.course_id', 'u.course_id')
    .innerJoin('sys_user_depart as m', 'm.dep_id', 'cd.dept_id')
    .select('cd.dept_id')
    .where('u.id', '=', unitId)
    .where('m.user_id', '=', userId)
    .orderBy('cd.dept_id')
    .executeTakeFirst();
  return row?.dept_id ?? '';
}

/** The user's classes a published homework is assigned to (empty: not theirs to submit). */
export async function homeworkClasses(db: Kysely<Database>, userId: string, additionalId: string): Promise<string[]> {
  const rows = await db
    .selectFrom('teaching_additional_work_dept as ad')
    .innerJoin('teaching_additional_work as a', 'a.id', 'ad.additional_id')
    .innerJoin('sys_user_depart as m', 'm.dep_id', 'ad.dept_id')
    .select('ad.dept_id')
    .where('ad.additional_id', '=', additionalId)
    .where('a.status', '=', 1)
    .where('m.user_id', '=', userId)
    .orderBy('ad.dept_id')
    .execute();
  return rows.map((r) => r.dept_id);
}

/** Keeps the current state of a work as its next version (before a resubmission or a restore overwrites it). */
export async function archiveVersion(db: Kysely<Database>, work: TeachingWork, at: string = now()): Promise<number> {
  const last = await db
    .selectFrom('teaching_work_version')
    .select((eb) => eb.fn.max('version_no').as('n'))
    .where('work_id', '=', work.id)
    .executeTakeFirst();
  const versionNo = Number(last?.n ?? 0) + 1;
  await db
    .insertInto('teaching_work_version')
    .values({
      id: newId(),
      work_id: work.id,
      version_no: versionNo,
      work_name: work.work_name,
      work_type: work.work_type,
      work_file: work.work_file,
      work_cover: work.work_cover,
      work_status: work.work_status,
      has_cloud_data: work.has_cloud_data,
      create_by: work.update_by ?? work.create_by,
      create_time: work.update_time ?? work.create_time ?? at,
    })
    .execute();
  return versionNo;
}

/** sys_file ids of works and their versions. */
async function workFileIds(db: Kysely<Database>, workIds: string[]): Promise<string[]> {
  if (!workIds.length) return [];
  const [works, versions] = await Promise.all([
    db.selectFrom('teaching_work').select(['work_file', 'work_cover']).where('id', 'in', workIds).execute(),
    db.selectFrom('teaching_work_version').select(['work_file', 'work_cover']).where('work_id', 'in', workIds).execute(),
  ]);
  return [...new Set([...works, ...versions].flatMap((r) => [r.work_file, r.work_cover]).filter((x): x is string => !!x))];
}

/**
 * Deletes works with their grade, comments, tags, versions and cloud variables, then the stored files no remaining work or
 * version uses (sys_file row and the file itself). Returns how many works were deleted.
 */
export async function deleteWorks(db: Kysely<Database>, store: FileStore, workIds: string[]): Promise<number> {
  if (!workIds.length) return 0;
  const fileIds = await workFileIds(db, workIds);
  let removed: { id: string; file_path: string }[] = [];
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('teaching_work_correct').where('work_id', 'in', workIds).execute();
    await tx.deleteFrom('teaching_work_comment').where('work_id', 'in', workIds).execute();
    await tx.deleteFrom('teaching_work_tag').where('work_id', 'in', workIds).execute();
    await tx.deleteFrom('teaching_work_version').where('work_id', 'in', workIds).execute();
    await tx.deleteFrom('teaching_scratch_cloud_var').where('work_id', 'in', workIds).execute();
    await tx.deleteFrom('teaching_work_visit').where('work_id', 'in', workIds).execute();
    await tx.deleteFrom('teaching_work').where('id', 'in', workIds).execute();
    removed = await unusedFiles(tx, fileIds);
    if (removed.length) await tx.deleteFrom('sys_file').where('id', 'in', removed.map((f) => f.id)).execute();
  });
  // The rows went with the works; this removes the files (and any row left by path).
  await removeStoredFiles(db, store, removed.map((f) => f.file_path));
  return workIds.length;
}

/** sys_file ids among `ids` that the user did not upload (or that do not exist). */
export async function foreignFiles(db: Kysely<Database>, username: string, ids: string[]): Promise<string[]> {
  const want = [...new Set(ids.filter(Boolean))];
  if (!want.length) return [];
  const rows = await db.selectFrom('sys_file').select('id').where('id', 'in', want).where('create_by', '=', username).where('del_flag', '=', 0).execute();
  const own = new Set(rows.map((r) => r.id));
  return want.filter((id) => !own.has(id));
}

const PROJECT_KEY = /\.(sb3|sb2)$/i;
const IMAGE_KEY = /\.(png|jpe?g|gif|webp)$/i;

/**
 * For a Scratch work: its file must be a stored Scratch project (every .sb3/.sb2 passed the Scratch checks when
 * uploaded) and its cover an image; for a code work (积木编程, 图形化Python) its cover an image (the file itself is
 * checked by domain/code-projects.ts storedCodeProblem). The refusal message, or null.
 */
export async function scratchFilesProblem(db: Kysely<Database>, workType: string, fileId: string, coverId: string | null | undefined): Promise<string | null> {
  const scratch = isScratchType(workType);
  if (!scratch && !isCodeType(workType)) return null;
  const ids = [fileId, coverId].filter((x): x is string => !!x);
  const rows = await db.selectFrom('sys_file').select(['id', 'file_path']).where('id', 'in', ids).execute();
  const key = (id: string) => rows.find((r) => r.id === id)?.file_path ?? '';
  if (scratch && !PROJECT_KEY.test(key(fileId))) return '作品文件不是 Scratch 项目（.sb3），请在编辑器中保存后再提交';
  if (coverId && !IMAGE_KEY.test(key(coverId))) return '作品封面必须是图片（PNG 或 JPEG）';
  return null;
}
