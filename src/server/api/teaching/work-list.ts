// The works lists (我的作品 `mine`, 作业管理 `list`) and their export, read in two phases (`runList`: the page's
// ids and total from teaching_work with only the joins the filters need, then the rows by id list).
// Registered from work.ts.
import type { Context } from 'hono';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import type { ApiEnv } from '../../context.js';
import { workApi } from '../../contracts/works.js';
import type { Database, TeachingWork } from '../../db/schema.js';
import { decorate } from '../../domain/dicts.js';
import { contains } from '../../domain/sql-like.js';
import { NO_MANAGED_DEPARTS, hasScope, scopeDepartIds, scopeMemberIds, userScope } from '../../domain/user-scope.js';
import { workAbilities } from '../../domain/work-abilities.js';
import { LIST_DICTS, toListModel, type WorkListRow } from '../../domain/works.js';
import { workFields, worksList } from '../../resources/works.js';
import { LOGGED_IN, menu, perm, type ApiRoutes } from '../access.js';
import { fail, ok, page, paging, type Answer } from '../envelope.js';
import { exportResponse } from '../excel.js';
import { deletesOthersWorks } from './work-shared.js';
import { applyFilters, applySort, idList, type FieldMap } from '../list-query.js';

/** Filterable and sortable keys of `mine` and `list` (query key → column); everything else in the query is ignored. */
const workFieldMap: FieldMap = {
  ...workFields.fieldMap(['workType', 'workStatus', 'workScene', 'userId', 'courseId', 'departId', 'additionalId', 'createTime', 'workName', 'viewNum', 'starNum', 'updateTime'], 'w.'),
  // The grade (teaching_work_correct, joined when a filter or the sort uses it).
  ...workFields.fieldMap(['score'], 'wc.'),
  // The anchor's date range on the list (its generator maps teaching_work.updateTime to create_time).
  'teaching_work.updateTime': { column: 'w.create_time', type: 'date' },
};
/** Keys handled by hand (LIKE, tags, usernames) rather than by the generic value syntax. */
const HAND_FILTERED = ['workName', 'realname', 'username', 'workTag'];

/** A query value, trimmed and capped: over-long values match nothing rather than reaching SQL whole. */
const qv = (c: Context<ApiEnv>, key: string) => (c.req.query(key) ?? '').trim().slice(0, 100);

// Any select over `teaching_work as w`, with the joins its filters and sort use (`sys_user as u`, the caller's
// `teaching_work_tag as wt`, the grade `teaching_work_correct as wc`).
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the joins vary per request (as list-query.ts's Qb)
type Qb = SelectQueryBuilder<any, any, any>;
/** Where a list looks: the caller's own works, or the works of the managed subtrees' members. */
type Restrict = <Q extends Qb>(q: Q) => Q;

const stripStars = (v: string) => v.replace(/^\*+|\*+$/g, '');

/** Filters shared by `mine` and `list`: the generic ones plus name LIKE, username, real name and the caller's tag. */
function filtered<Q extends Qb>(c: Context<ApiEnv>, base: Q): Q {
  const query = Object.fromEntries(Object.entries(c.req.query()).filter(([k]) => !HAND_FILTERED.includes(k)));
  let q = applyFilters(base, query, workFieldMap);
  const workName = stripStars(qv(c, 'workName'));
  if (workName) q = q.where(contains('w.work_name', workName)) as Q;
  const realname = stripStars(qv(c, 'realname'));
  if (realname) q = q.where(contains('u.realname', realname)) as Q;
  const username = qv(c, 'username');
  if (username) q = q.where('w.create_by', '=', username) as Q;
  const workTag = qv(c, 'workTag');
  if (workTag) q = q.where('wt.tag', '=', workTag) as Q;
  return q;
}

/**
 * Phase one of a works list: teaching_work plus only the joins the request's filters and sort use (the author
 * for a real-name filter, the caller's tag for a tag filter, the grade for a score filter or sort). Each joins on
 * a unique key, so rows stay one per work. Selecting the page's ids here and loading the full model for those
 * ids only (`loadWorkRows`) keeps PostgreSQL from planning, and both databases from running, the 9-table model
 * join over every matching work (3–5 s on PostgreSQL for a teacher's unfiltered list at 1M works).
 */
function workIdsQuery(c: Context<ApiEnv>, restrict: Restrict): Qb {
  const { db } = c.get('deps');
  const viewerId = c.get('user')!.id;
  const query = c.req.query();
  const keys = [...Object.keys(query).map((k) => k.replace(/_(begin|end)$/, '')), (query.column ?? '').replace(/_dictText$/, '')];
  let q: Qb = db.selectFrom('teaching_work as w').where('w.del_flag', '=', 0);
  if (stripStars(qv(c, 'realname'))) q = q.leftJoin('sys_user as u', 'u.id', 'w.user_id');
  if (qv(c, 'workTag')) q = q.leftJoin('teaching_work_tag as wt', (j) => j.onRef('wt.work_id', '=', 'w.id').on('wt.user_id', '=', viewerId));
  if (keys.includes('score')) q = q.leftJoin('teaching_work_correct as wc', 'wc.work_id', 'w.id');
  return filtered(c, restrict(q));
}

/**
 * Phase two: the full model rows (`WorkListRow`) of the given works, in the given order. The works and
 * each related table are read by key lists, one small query each: a single 9-table join costs PostgreSQL 5–30 ms
 * of planning per page, more than reading the rows. Chunked: an export may list 50k works.
 */
async function loadWorkRows(db: Kysely<Database>, viewerId: string, ids: string[]): Promise<WorkListRow[]> {
  const byId = new Map<string, WorkListRow>();
  for (let i = 0; i < ids.length; i += 1000) {
    const works = await db.selectFrom('teaching_work as w').selectAll('w').where('w.id', 'in', ids.slice(i, i + 1000)).where('w.del_flag', '=', 0).execute();
    if (!works.length) continue;
    const keys = (pick: (w: TeachingWork) => (string | null | undefined)[]) => [...new Set(works.flatMap(pick).filter((x): x is string => !!x))];
    const workIds = works.map((w) => w.id);
    const lookup = async <R extends { id: string }>(list: string[], run: (list: string[]) => Promise<R[]>) => new Map((list.length ? await run(list) : []).map((r) => [r.id, r]));
    const [users, files, grades, departs, units, homework, tags] = await Promise.all([
      lookup(keys((w) => [w.user_id]), (l) => db.selectFrom('sys_user').select(['id', 'username', 'realname', 'avatar', 'del_flag']).where('id', 'in', l).execute()),
      lookup(keys((w) => [w.work_file, w.work_cover]), (l) => db.selectFrom('sys_file').select(['id', 'file_path']).where('id', 'in', l).execute()),
      lookup(workIds, (l) => db.selectFrom('teaching_work_correct').select(['work_id as id', 'comment', 'score']).where('work_id', 'in', l).execute()),
      lookup(keys((w) => [w.depart_id]), (l) => db.selectFrom('sys_depart').select(['id', 'depart_name']).where('id', 'in', l).execute()),
      lookup(keys((w) => [w.course_id]), (l) => db.selectFrom('teaching_course_unit').select(['id', 'unit_name']).where('id', 'in', l).execute()),
      lookup(keys((w) => [w.additional_id]), (l) => db.selectFrom('teaching_additional_work').select(['id', 'work_name']).where('id', 'in', l).execute()),
      lookup(workIds, (l) => db.selectFrom('teaching_work_tag').select(['work_id as id', 'tag']).where('work_id', 'in', l).where('user_id', '=', viewerId).execute()),
    ]);
    for (const w of works) {
      const u = users.get(w.user_id);
      byId.set(w.id, {
        ...w,
        username: u?.username ?? null,
        realname: u?.realname ?? null,
        avatar: u?.avatar ?? null,
        author_del_flag: u?.del_flag ?? null,
        work_file_key: files.get(w.work_file)?.file_path ?? null,
        cover_file_key: w.work_cover ? (files.get(w.work_cover)?.file_path ?? null) : null,
        teacher_comment: grades.get(w.id)?.comment ?? null,
        score: grades.get(w.id)?.score ?? null,
        depart_name: departs.get(w.depart_id)?.depart_name ?? null,
        unit_name: w.course_id ? (units.get(w.course_id)?.unit_name ?? null) : null,
        additional_name: homework.get(w.additional_id)?.work_name ?? null,
        work_tag: tags.get(w.id)?.tag ?? null,
      } as WorkListRow);
    }
  }
  return ids.map((id) => byId.get(id)).filter((r): r is WorkListRow => !!r);
}

/** The ids of the works the request lists, in its sort order (allow-listed key, then id in the same direction). */
function sortedIds(c: Context<ApiEnv>, restrict: Restrict): Qb {
  return applySort(workIdsQuery(c, restrict).select('w.id'), c.req.query(), worksList, workFieldMap, 'w.id', true);
}

async function runList(c: Context<ApiEnv>, restrict: Restrict, defaultSize: number, maxSize: number) {
  const { db } = c.get('deps');
  const viewerId = c.get('user')!.id;
  const { pageNo, pageSize, offset } = paging(c, defaultSize, maxSize);
  const [idRows, count] = await Promise.all([
    sortedIds(c, restrict).limit(pageSize).offset(offset).execute() as Promise<{ id: string }[]>,
    workIdsQuery(c, restrict).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst() as Promise<{ n: number | string } | undefined>,
  ]);
  const rows = await loadWorkRows(db, viewerId, idRows.map((r) => r.id));
  // Row abilities: the answers the 批改 and 删除 routes would give, so the pages offer exactly those actions.
  const abilities = await workAbilities(db, c.get('user')!, rows, await deletesOthersWorks(c));
  // workAbilities answers for every row it is given; the fallback only satisfies the Map's type.
  const records = await decorate(db, rows.map((r) => ({ ...toListModel(r), ...(abilities.get(r.id) ?? { canGrade: false, canDelete: false }) })), LIST_DICTS);
  return ok(c, page(records, Number(count?.n ?? 0), pageNo, pageSize), '操作成功！', 0);
}

/**
 * The list's rows for the caller: everything for admins, the members of the managed subtrees for others. The
 * subtree's departments are resolved first to a list of ids, so the list's query holds a plain IN of them
 * rather than the LIKE-over-org-codes subquery (which PostgreSQL could not estimate and joined everything for).
 */
async function listScope(c: Context<ApiEnv>): Promise<Restrict | Answer<never>> {
  const { db } = c.get('deps');
  const scope = await userScope(db, c.get('user')!);
  if (!hasScope(scope)) return fail(c, NO_MANAGED_DEPARTS);
  if (scope.all) return (q) => q;
  const departs = (await scopeDepartIds(db, scope).execute()).map((r) => r.id);
  if (!departs.length) return (q) => q.where(sql<boolean>`1 = 0`) as typeof q;
  // A very large subtree keeps the subquery (a list that long would approach the drivers' parameter limits).
  const members = departs.length > 5000 ? scopeMemberIds(db, scope) : db.selectFrom('sys_user_depart as sud').select('sud.user_id').where('sud.dep_id', 'in', departs);
  return (q) => q.where('w.user_id', 'in', members) as typeof q;
}

export function registerWorkListRoutes(r: ApiRoutes) {
  // 我的作品: the caller's works only, newest first, optionally one of their tags.
  r.at(workApi.mine, LOGGED_IN, async (c) => {
    const user = c.get('user')!;
    return runList(c, (q) => q.where('w.user_id', '=', user.id) as typeof q, 999, 999);
  });

  // 作业管理: works of the members of the classes the caller manages (admins: all), for those given the screen.
  r.at(workApi.list, menu('/teaching/workList'), async (c) => {
    const restrict = await listScope(c);
    if (restrict instanceof Response) return restrict;
    return runList(c, restrict, 10, 500);
  });
}

export function registerWorkExportRoute(r: ApiRoutes) {
  // 导出: the list's filters and scope, no paging (`selections` = chosen ids), capped.
  r.at(workApi.exportXls, perm('work:export'), async (c) => {
    const restrict = await listScope(c);
    if (restrict instanceof Response) return restrict;
    const selections = idList(c.req.query('selections'), 10_000);
    const scoped: Restrict = selections.length ? (q) => restrict(q).where('w.id', 'in', selections) as typeof q : restrict;
    const ids = ((await sortedIds(c, scoped).limit(50_000).execute()) as { id: string }[]).map((r) => r.id);
    const rows = await loadWorkRows(c.get('deps').db, c.get('user')!.id, ids);
    const records = await decorate(c.get('deps').db, rows.map(toListModel), LIST_DICTS);
    return exportResponse(c, worksList, records);
  });
}
