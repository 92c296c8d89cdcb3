// /teaching/teachingWork: the public reads (leaderboard, one work's detail), the author's own works (mine,
// submit), the teachers' grading desk (list, edit, export) scoped to the members of the classes they manage,
// private tags, the version history of resubmitted works and cloning a work to other accounts.
import type { Context } from 'hono';
import { sql, type Kysely, type SelectQueryBuilder } from 'kysely';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import type { Database, TeachingWork } from '../../db/schema.js';
import { visibleCourse } from '../../domain/courses.js';
import { declareCloudVariables, projectCloudVariables } from '../../domain/cloud-data.js';
import { recordClassEvent } from '../../domain/day-log.js';
import { storedProject } from '../../domain/sb3.js';
import { decorate } from '../../domain/dicts.js';
import { newId } from '../../domain/ids.js';
import { recordDataLog } from '../../domain/data-log.js';
import { camel, fileUrl } from '../../domain/serialize.js';
import { isSuperUser } from '../../domain/sessions.js';
import { contains } from '../../domain/sql-like.js';
import { now } from '../../domain/time.js';
import { NO_MANAGED_DEPARTS, hasScope, scopeDepartIds, scopeMemberIds, userScope } from '../../domain/user-scope.js';
import {
  LEADERBOARD_ORDERS,
  LIST_DICTS,
  WORK_DICTS,
  WORK_SCENES,
  archiveVersion,
  authorProfile,
  classForUnit,
  deleteWorks,
  managesAuthor,
  workAccess,
  foreignFiles,
  homeworkClasses,
  scratchFilesProblem,
  leaderboard,
  toListModel,
  userClassIds,
  workDetail,
  countPublicWorkView,
  type LeaderboardOrder,
  type WorkListRow,
} from '../../domain/works.js';
import { worksList } from '../../lists/works.js';
import { hasPermission, LOGGED_IN, menu, perm, PUBLIC, type ApiRoutes } from '../access.js';
import { deleteTag, MAX_TAG_LENGTH, setWorkTag, TAG_IN_USE, taggedCount, tagNames } from '../../domain/work-tags.js';
import { fail, jsonBody, ok, page, paging, queryParams } from '../envelope.js';
import { exportResponse } from '../excel.js';
import { applyFilters, applySort, idList, type FieldMap } from '../list-query.js';
import { courseViewer } from './course-access.js';
import { registerWorkInteractionRoutes, requestVisitor } from './work-interactions.js';
import { WORK_STATUS } from '../../shared/work-status.js';

const leaderboardQuery = z.object({
  orderBy: z.string().optional(),
  workStatus: z
    .string()
    .regex(/^\d+$/, 'workStatus必须是数字')
    .optional(),
  userId: z.string().max(64, 'userId格式不正确').optional(),
});

export function registerWorkRoutes(r: ApiRoutes) {
  r.get('/teaching/teachingWork/leaderboard', PUBLIC, async (c) => {
    const q = queryParams(c, leaderboardQuery);
    if (!q.ok) return q.response;
    const { pageNo, pageSize } = paging(c, 10, 100);
    // Own keys only: `in` would also accept inherited names such as 'constructor' and pass a function to SQL.
    const orderBy = Object.hasOwn(LEADERBOARD_ORDERS, q.data.orderBy ?? 'view') ? ((q.data.orderBy ?? 'view') as LeaderboardOrder) : null;
    const { records, total } = await leaderboard(c.get('deps').db, {
      pageNo,
      pageSize,
      orderBy,
      workStatus: q.data.workStatus !== undefined ? Number(q.data.workStatus) : undefined,
      userId: q.data.userId || undefined,
    });
    return ok(c, page(records, total, pageNo, pageSize), '操作成功！', 200);
  });

  // The author page's mini profile: display name, avatar and public work count; never the account name,
  // phone, email or class. Unknown and deleted accounts answer 参数错误 (teaching-open's message).
  r.get('/teaching/teachingWork/userInfo', PUBLIC, async (c) => {
    const userId = c.req.query('userId')?.trim();
    if (!userId || userId.length > 64) return fail(c, '参数错误');
    const profile = await authorProfile(c.get('deps').db, userId);
    return profile ? ok(c, profile, '操作成功！', 200) : fail(c, '参数错误');
  });

  r.get('/teaching/teachingWork/studentWorkInfo', PUBLIC, async (c) => {
    const workId = c.req.query('workId')?.trim();
    if (!workId) return fail(c, '参数错误：缺少workId', 400, 400);
    if (workId.length > 64) return fail(c, '作品不存在');
    const user = c.get('user');
    const { db } = c.get('deps');
    // Staff see the unpublished works of the students they manage (the player of the grading desk's 预览).
    const author = user && !isSuperUser(user) ? (await db.selectFrom('teaching_work').select('user_id').where('id', '=', workId).executeTakeFirst())?.user_id : undefined;
    const staff = !!user && (isSuperUser(user) || (!!author && author !== user.id && (await managesAuthor(db, user, author))));
    const viewer = user ? { id: user.id, staff } : null;
    // A view counts once per visitor per day (HEAD reads count nothing), whether the page or the player asked.
    const work = await workDetail(db, workId, viewer, c.req.method === 'GET' ? requestVisitor(c) : undefined);
    // The Scratch player pages check code 0 here.
    return work ? ok(c, work, '操作成功！', 0) : fail(c, '作品不存在');
  });

  registerWorkInteractionRoutes(r);

  // A visit of a public work's page that the page cache answered (the page did not call studentWorkInfo, which
  // counts the views of the visits it renders). Counts like studentWorkInfo: anyone, public works only.
  r.post('/teaching/teachingWork/countView', PUBLIC, async (c) => {
    const workId = c.req.query('workId')?.trim();
    if (!workId) return fail(c, '参数错误：缺少workId', 400, 400);
    if (workId.length > 64) return fail(c, '作品不存在');
    return (await countPublicWorkView(c.get('deps').db, workId, requestVisitor(c))) ? ok(c, null, '操作成功！', 200) : fail(c, '作品不存在');
  });

  registerOwnWorkRoutes(r);
}

// ---------------------------------------------------------------------------------------------------------
// Private works.

/** Filterable keys of `mine` and `list` (query key → column); everything else in the query is ignored. */
const workFields: FieldMap = {
  workType: { column: 'w.work_type' },
  workStatus: { column: 'w.work_status', type: 'number' },
  workScene: { column: 'w.work_scene' },
  userId: { column: 'w.user_id' },
  courseId: { column: 'w.course_id' },
  departId: { column: 'w.depart_id' },
  additionalId: { column: 'w.additional_id' },
  // The anchor's date range on the list (its generator maps teaching_work.updateTime to create_time).
  'teaching_work.updateTime': { column: 'w.create_time', type: 'date' },
  createTime: { column: 'w.create_time', type: 'date' },
  // Sort keys.
  workName: { column: 'w.work_name' },
  score: { column: 'wc.score', type: 'number' },
  viewNum: { column: 'w.view_num', type: 'number' },
  starNum: { column: 'w.star_num', type: 'number' },
  updateTime: { column: 'w.update_time', type: 'date' },
};
/** Keys handled by hand (LIKE, tags, usernames) rather than by the generic value syntax. */
const HAND_FILTERED = ['workName', 'realname', 'username', 'workTag'];

const MAX_ID = 64;
const idParam = (label = 'id') => z.string({ message: `${label}不能为空` }).trim().min(1, `${label}不能为空`).max(MAX_ID, `${label}格式不正确`);

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
  let q = applyFilters(base, query, workFields);
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
  return applySort(workIdsQuery(c, restrict).select('w.id'), c.req.query(), worksList, workFields, 'w.id', true);
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
  const records = await decorate(db, rows.map(toListModel), LIST_DICTS);
  return ok(c, page(records, Number(count?.n ?? 0), pageNo, pageSize), '操作成功！', 0);
}

/**
 * The list's rows for the caller: everything for admins, the members of the managed subtrees for others. The
 * subtree's departments are resolved first to a list of ids, so the list's query holds a plain IN of them
 * rather than the LIKE-over-org-codes subquery (which PostgreSQL could not estimate and joined everything for).
 */
async function listScope(c: Context<ApiEnv>): Promise<Restrict | Response> {
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

const submitBody = z.object({
  id: z.string({ message: '作品id格式不正确' }).trim().max(MAX_ID, '作品id格式不正确').nullish(),
  courseId: z.string({ message: '课程单元格式不正确' }).trim().max(MAX_ID, '课程单元格式不正确').nullish(),
  additionalId: z.string({ message: '班级作业格式不正确' }).trim().max(MAX_ID, '班级作业格式不正确').nullish(),
  departId: z.string({ message: '班级格式不正确' }).trim().max(MAX_ID, '班级格式不正确').nullish(),
  workName: z.string({ message: '请输入作品名' }).trim().min(1, '请输入作品名').max(64, '作品名不能超过64个字符'),
  workType: z.coerce.string({ message: '请选择作品类型' }).trim().min(1, '请选择作品类型').max(32, '作品类型格式不正确'),
  workStatus: z.coerce
    .number({ message: '作品状态必须是数字' })
    .int('作品状态必须是整数')
    .refine((v) => v === 0 || v === 1, '作品状态只能是0（保存）或1（提交）')
    .default(0),
  workFile: z.string({ message: '请上传作品文件' }).trim().min(1, '请上传作品文件').max(32, '作品文件格式不正确'),
  workCover: z.string({ message: '作品封面格式不正确' }).trim().max(32, '作品封面格式不正确').nullish(),
  workScene: z.string({ message: '提交场景格式不正确' }).trim().max(20, '提交场景格式不正确').nullish(),
  hasCloudData: z
    .union([z.boolean(), z.number(), z.string()], { message: '是否包含云变量格式不正确' })
    .nullish()
    .transform((v) => (v === true || v === 1 || v === '1' || v === 'true' ? 1 : 0)),
});

/** The row the submission updates, by the anchor's priority: own id, else homework, else unit, else name and type. */
async function existingWork(c: Context<ApiEnv>, b: z.infer<typeof submitBody>): Promise<{ work?: TeachingWork; refused?: Response }> {
  const { db } = c.get('deps');
  const user = c.get('user')!;
  const mine = db.selectFrom('teaching_work').selectAll().where('user_id', '=', user.id);
  if (b.id) {
    const work = await db.selectFrom('teaching_work').selectAll().where('id', '=', b.id).executeTakeFirst();
    if (!work) return { refused: fail(c, '作品不存在或已被删除') };
    // Another's id is never reused (the anchor silently made a new row; a hostile client could aim at any work).
    if (work.user_id !== user.id) return { refused: fail(c, '只能修改自己的作品') };
    return { work };
  }
  if (b.additionalId) return { work: await mine.where('additional_id', '=', b.additionalId).orderBy('create_time', 'desc').executeTakeFirst() };
  if (b.courseId) return { work: await mine.where('course_id', '=', b.courseId).orderBy('create_time', 'desc').executeTakeFirst() };
  return { work: await mine.where('work_name', '=', b.workName).where('work_type', '=', b.workType).where('course_id', 'is', null).where('additional_id', '=', '').orderBy('create_time', 'desc').executeTakeFirst() };
}

function registerOwnWorkRoutes(r: ApiRoutes) {
  // 我的作品: the caller's works only, newest first, optionally one of their tags.
  r.get('/teaching/teachingWork/mine', LOGGED_IN, async (c) => {
    const user = c.get('user')!;
    return runList(c, (q) => q.where('w.user_id', '=', user.id) as typeof q, 999, 999);
  });

  // 作业管理: works of the members of the classes the caller manages (admins: all), for those given the screen.
  r.get('/teaching/teachingWork/list', menu('/teaching/workList'), async (c) => {
    const restrict = await listScope(c);
    if (restrict instanceof Response) return restrict;
    return runList(c, restrict, 10, 500);
  });

  r.post('/teaching/teachingWork/submit', LOGGED_IN, async (c) => {
    const body = await jsonBody(c, submitBody);
    if (!body.ok) return body.response;
    const b = body.data;
    const { db } = c.get('deps');
    const user = c.get('user')!;
    const typeOk = (await db
      .selectFrom('sys_dict_item as i')
      .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
      .select('i.id')
      .where('d.dict_code', '=', 'work_type')
      .where('i.item_value', '=', b.workType)
      .executeTakeFirst());
    if (!typeOk) return fail(c, '作品类型不存在');

    const found = await existingWork(c, b);
    if (found.refused) return found.refused;
    const existing = found.work;

    // Files: uploaded by the caller, or already this work's own.
    const keep = new Set([existing?.work_file, existing?.work_cover].filter(Boolean));
    const foreign = (await foreignFiles(db, user.username, [b.workFile, b.workCover ?? ''])).filter((id) => !keep.has(id));
    if (foreign.includes(b.workFile)) return fail(c, '作品文件不存在，请重新上传');
    if (foreign.length) return fail(c, '作品封面不存在，请重新上传');
    // A Scratch work's file is a checked Scratch project and its cover an image.
    const wrongFiles = await scratchFilesProblem(db, b.workType, b.workFile, b.workCover);
    if (wrongFiles) return fail(c, wrongFiles);
    // Whether the work uses cloud variables is read from its project, not taken from the client.
    const fileKey = (await db.selectFrom('sys_file').select('file_path').where('id', '=', b.workFile).executeTakeFirst())?.file_path ?? '';
    const project = await storedProject(c.get('deps').config.filesDir, fileKey);

    // Where the work belongs: a published homework of one of the caller's classes, a unit they may study, or free.
    let scene: string;
    let departId = '';
    let courseId: string | null = null;
    let additionalId = '';
    if (b.additionalId) {
      const exists = await db.selectFrom('teaching_additional_work').select(['id', 'status']).where('id', '=', b.additionalId).executeTakeFirst();
      if (!exists) return fail(c, '班级作业不存在');
      const classes = await homeworkClasses(db, user.id, b.additionalId);
      if (!classes.length) return fail(c, exists.status === 1 ? '该作业没有布置给你的班级' : '该作业未发布或已结束');
      scene = 'additional';
      additionalId = b.additionalId;
      departId = b.departId && classes.includes(b.departId) ? b.departId : classes[0];
    } else if (b.courseId) {
      const unit = await db.selectFrom('teaching_course_unit').select(['id', 'course_id']).where('id', '=', b.courseId).executeTakeFirst();
      if (!unit) return fail(c, '课程单元不存在');
      if (!(await visibleCourse(db, (await courseViewer(c))!, unit.course_id))) return fail(c, '无课程权限');
      scene = 'course';
      courseId = unit.id;
      departId = await classForUnit(db, user.id, unit.id);
    } else {
      scene = b.workScene && (WORK_SCENES as readonly string[]).includes(b.workScene) && b.workScene !== 'course' && b.workScene !== 'additional' ? b.workScene : 'create';
      const classes = await userClassIds(db, user.id);
      departId = b.departId && classes.includes(b.departId) ? b.departId : (classes[0] ?? '');
    }

    const at = now();
    // A graded or published work keeps its status when its author saves it again (§2.14.8): resubmitting
    // does not take a 精选 work off the home page, and a student never sets a status above 1.
    const status = existing && existing.work_status >= WORK_STATUS.graded ? existing.work_status : b.workStatus;
    const columns = {
      work_name: b.workName,
      work_type: b.workType,
      work_file: b.workFile,
      work_cover: b.workCover || null,
      work_status: status,
      work_scene: scene,
      depart_id: departId,
      course_id: courseId,
      additional_id: additionalId,
      has_cloud_data: project ? (project.info.hasCloudData ? 1 : 0) : b.hasCloudData,
    };
    const id = existing?.id ?? newId();
    await db.transaction().execute(async (tx) => {
      if (existing) {
        await archiveVersion(tx, existing, at);
        await tx
          .updateTable('teaching_work')
          .set({
            ...columns,
            update_by: user.username,
            update_time: at,
            // A resubmission shows as new on the grading desk; graded and public works keep their place.
            ...(existing.work_status < WORK_STATUS.graded ? { create_time: at } : {}),
          })
          .where('id', '=', id)
          .where('user_id', '=', user.id)
          .execute();
      } else {
        await tx
          .insertInto('teaching_work')
          .values({ id, user_id: user.id, ...columns, del_flag: 0, create_by: user.username, create_time: at })
          .execute();
      }
      if (status === 1 && departId && (scene === 'course' || scene === 'additional')) {
        await recordClassEvent(tx, departId, scene === 'course' ? 'courseWorkSubmit' : 'additionalWorkSubmit', id, at);
      }
    });
    // Players may set the variables the project declares even before its author ran it online.
    if (project?.info.hasCloudData) await declareCloudVariables(db, id, projectCloudVariables(project.project), user.id);
    // 数据日志: a resubmission overwrites the record's fields (the project itself is kept as a version above).
    if (existing) await recordDataLog(db, 'teaching_work', id, existing, user.username);
    const saved = await db.selectFrom('teaching_work').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return ok(c, camel(saved), existing ? '更新成功！' : '添加成功！', 200);
  });

  registerWorkDeskRoutes(r);
  registerWorkTagRoutes(r);
  registerWorkVersionRoutes(r);
}

const NOT_FOUND = '未找到对应数据';
const NOT_YOURS = '无权操作该作品';

/** Loads a work the caller may read (author, or staff whose scope holds the author); else the refusal. */
async function readableWork(c: Context<ApiEnv>, rawId: string | undefined): Promise<{ work: TeachingWork; access: 'author' | 'staff' } | Response> {
  const id = (rawId ?? '').trim();
  if (!id) return fail(c, '参数错误：缺少id', 400, 400);
  if (id.length > MAX_ID) return fail(c, NOT_FOUND);
  const { db } = c.get('deps');
  const work = await db.selectFrom('teaching_work').selectAll().where('id', '=', id).executeTakeFirst();
  if (!work) return fail(c, NOT_FOUND);
  const access = await workAccess(db, c.get('user')!, work);
  if (!access) return fail(c, NOT_YOURS);
  return { work, access };
}

/** Staff who may grade: admins, or holders of work:correct whose scope holds the work's author. */
async function gradableWork(c: Context<ApiEnv>, id: string): Promise<TeachingWork | Response> {
  const { db } = c.get('deps');
  const user = c.get('user')!;
  const work = await db.selectFrom('teaching_work').selectAll().where('id', '=', id).executeTakeFirst();
  if (!work) return fail(c, NOT_FOUND);
  if (!(await managesAuthor(db, user, work.user_id))) return fail(c, NOT_YOURS);
  return work;
}

const correctItem = z.object({
  // No score (absent, null, blank) is its own refusal: coercing it would read as 0 or NaN and say something else.
  score: z.preprocess(
    (v) => (v === undefined || v === null || (typeof v === 'string' && v.trim() === '') ? undefined : typeof v === 'string' ? Number(v) : v),
    z.number({ error: (issue) => (issue.input === undefined ? '请选择评分' : '评分必须是数字') }).int('评分必须是整数').min(1, '评分只能是1到5').max(5, '评分只能是1到5'),
  ),
  comment: z.string({ message: '评语格式不正确' }).max(512, '评语不能超过512个字符').nullish(),
});

const editBody = z.object({
  id: idParam('作品id'),
  workName: z.string({ message: '作品名格式不正确' }).trim().min(1, '请输入作品名').max(64, '作品名不能超过64个字符').optional(),
  workStatus: z.coerce.number({ message: '作品状态必须是数字' }).int('作品状态必须是整数').min(0, '作品状态只能是0到4').max(4, '作品状态只能是0到4').optional(),
  teachingWorkCorrectList: z.array(correctItem, { message: '批改信息格式不正确' }).max(1, '一件作品只有一条批改').optional(),
});

function registerWorkDeskRoutes(r: ApiRoutes) {
  // 批改: the work's name and status and its one grade row. Public comments stay (§2.14.1: the anchor wiped them).
  r.on(['PUT', 'POST'], '/teaching/teachingWork/edit', perm('work:correct'), async (c) => {
    const body = await jsonBody(c, editBody);
    if (!body.ok) return body.response;
    const b = body.data;
    const found = await gradableWork(c, b.id);
    if (found instanceof Response) return found;
    const { db } = c.get('deps');
    const user = c.get('user')!;
    const at = now();
    await db.transaction().execute(async (tx) => {
      const set = { ...(b.workName !== undefined ? { work_name: b.workName } : {}), ...(b.workStatus !== undefined ? { work_status: b.workStatus } : {}) };
      if (Object.keys(set).length) await tx.updateTable('teaching_work').set({ ...set, update_by: user.username, update_time: at }).where('id', '=', b.id).execute();
      if (!b.teachingWorkCorrectList) return;
      const grade = b.teachingWorkCorrectList[0];
      if (!grade) {
        await tx.deleteFrom('teaching_work_correct').where('work_id', '=', b.id).execute();
        return;
      }
      const comment = grade.comment ?? null;
      const existing = await tx.selectFrom('teaching_work_correct').select('id').where('work_id', '=', b.id).executeTakeFirst();
      if (existing) {
        await tx.updateTable('teaching_work_correct').set({ score: grade.score, comment, update_by: user.username, update_time: at }).where('id', '=', existing.id).execute();
      } else {
        await tx
          .insertInto('teaching_work_correct')
          .values({ id: newId(), work_id: b.id, score: grade.score, comment, create_by: user.username, create_time: at })
          .onConflict((oc) => oc.column('work_id').doUpdateSet({ score: grade.score, comment, update_by: user.username, update_time: at }))
          .execute();
      }
      const scene = found.work_scene;
      if (found.depart_id && (scene === 'course' || scene === 'additional')) {
        await recordClassEvent(tx, found.depart_id, scene === 'course' ? 'courseWorkCorrect' : 'additionalWorkCorrect', b.id, at);
      }
    });
    await recordDataLog(db, 'teaching_work', b.id, found, user.username);
    return ok(c, null, '编辑成功!', 200);
  });

  r.get('/teaching/teachingWork/queryById', LOGGED_IN, async (c) => {
    const found = await readableWork(c, c.req.query('id'));
    if (found instanceof Response) return found;
    return ok(c, camel(found.work), '操作成功！', 200);
  });

  r.get('/teaching/teachingWork/queryTeachingWorkCorrectByMainId', LOGGED_IN, async (c) => {
    const found = await readableWork(c, c.req.query('id'));
    if (found instanceof Response) return found;
    const rows = await c.get('deps').db.selectFrom('teaching_work_correct').selectAll().where('work_id', '=', found.work.id).execute();
    return ok(c, rows.map((row) => camel(row)), '操作成功！', 200);
  });

  r.get('/teaching/teachingWork/queryTeachingWorkCommentByMainId', LOGGED_IN, async (c) => {
    const found = await readableWork(c, c.req.query('id'));
    if (found instanceof Response) return found;
    const rows = await c.get('deps').db
      .selectFrom('teaching_work_comment as m')
      .leftJoin('sys_user as u', 'u.id', 'm.user_id')
      .selectAll('m')
      .select(['u.realname', 'u.username'])
      .where('m.work_id', '=', found.work.id)
      .orderBy('m.create_time', 'desc')
      .orderBy('m.id')
      .execute();
    return ok(c, rows.map((row) => camel(row)), '操作成功！', 200);
  });

  // Authors delete their own works; staff (admins, or work:del holders) those of authors in their scope.
  const deleteWorksRoute = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的作品');
    const { db, config } = c.get('deps');
    const user = c.get('user')!;
    const unique = [...new Set(ids)];
    if (unique.some((id) => id.length > MAX_ID)) return fail(c, NOT_FOUND);
    const works = await db.selectFrom('teaching_work').select(['id', 'user_id']).where('id', 'in', unique).execute();
    if (works.length !== unique.length) return fail(c, NOT_FOUND);
    const staff = isSuperUser(user) || (await hasPermission(c, 'work:del'));
    const scope = await userScope(db, user);
    for (const w of works) {
      if (w.user_id === user.id) continue;
      if (!staff || !(await managesAuthor(db, user, w.user_id, scope))) return fail(c, NOT_YOURS);
    }
    await deleteWorks(db, config.filesDir, unique);
    return ok(c, null, '删除成功!', 200);
  };
  r.delete('/teaching/teachingWork/delete', LOGGED_IN, (c) => deleteWorksRoute(c, idList(c.req.query('id'), 1)));
  r.delete('/teaching/teachingWork/deleteBatch', LOGGED_IN, (c) => deleteWorksRoute(c, idList(c.req.query('ids'), 200)));
}

function registerWorkTagRoutes(r: ApiRoutes) {
  r.get('/teaching/teachingWork/getWorkTags', LOGGED_IN, async (c) => ok(c, await tagNames(c.get('deps').db, c.get('user')!.id), '操作成功！', 200));

  // A writing GET of the anchor's contract: listed in WRITING_GETS (token header only, never the cookie).
  r.get('/teaching/teachingWork/setWorkTag', LOGGED_IN, async (c) => {
    const tag = (c.req.query('workTag') ?? '').trim();
    if (tag.length > MAX_TAG_LENGTH) return fail(c, `标签不能超过${MAX_TAG_LENGTH}个字符`);
    const found = await readableWork(c, c.req.query('workId'));
    if (found instanceof Response) return found;
    await setWorkTag(c.get('deps').db, c.get('user')!.id, found.work.id, tag);
    return ok(c, null, '标记成功', 200);
  });

  r.delete('/teaching/teachingWork/delWorkTag', LOGGED_IN, async (c) => {
    const tag = (c.req.query('tag') ?? '').trim();
    if (!tag) return fail(c, '请选择要删除的标签');
    if (tag.length > MAX_TAG_LENGTH) return fail(c, '标签不存在');
    const { db } = c.get('deps');
    const userId = c.get('user')!.id;
    if (c.req.query('force') !== 'true' && (await taggedCount(db, userId, tag)) > 0) return fail(c, TAG_IN_USE);
    await deleteTag(db, userId, tag);
    return ok(c, null, '删除成功', 200);
  });
}

const restoreBody = z.object({ workId: idParam('作品id'), versionId: idParam('版本id') });
const sendBody = z.object({
  sendWorkId: idParam('作品id'),
  userIdList: z
    .array(z.string({ message: '用户格式不正确' }).trim().min(1, '用户格式不正确').max(MAX_ID, '用户格式不正确'), { message: '请选择用户' })
    .min(1, '请选择用户')
    .max(200, '一次最多发送给200个用户'),
});

function registerWorkVersionRoutes(r: ApiRoutes) {
  // 历史版本: the states a work had before each resubmission or restore, newest first.
  r.get('/teaching/teachingWork/versions', LOGGED_IN, async (c) => {
    const found = await readableWork(c, c.req.query('workId'));
    if (found instanceof Response) return found;
    const rows = await c.get('deps').db
      .selectFrom('teaching_work_version as v')
      .leftJoin('sys_file as f', 'f.id', 'v.work_file')
      .leftJoin('sys_file as cf', 'cf.id', 'v.work_cover')
      .selectAll('v')
      .select(['f.file_path as work_file_key', 'cf.file_path as cover_file_key'])
      .where('v.work_id', '=', found.work.id)
      .orderBy('v.version_no', 'desc')
      .execute();
    const records = rows.map((row) => ({ ...camel(row), workStatus: String(row.work_status), workFileKey_url: fileUrl(row.work_file_key), coverFileKey_url: fileUrl(row.cover_file_key) }));
    return ok(c, await decorate(c.get('deps').db, records, WORK_DICTS), '操作成功！', 200);
  });

  // Restores a version's content (name, type, files); the current state becomes a version first. The status
  // is not content: a graded or published work stays so.
  r.post('/teaching/teachingWork/restoreVersion', LOGGED_IN, async (c) => {
    const body = await jsonBody(c, restoreBody);
    if (!body.ok) return body.response;
    const found = await readableWork(c, body.data.workId);
    if (found instanceof Response) return found;
    const { db } = c.get('deps');
    const version = await db.selectFrom('teaching_work_version').selectAll().where('id', '=', body.data.versionId).where('work_id', '=', found.work.id).executeTakeFirst();
    if (!version) return fail(c, '版本不存在');
    const user = c.get('user')!;
    const at = now();
    await db.transaction().execute(async (tx) => {
      await archiveVersion(tx, found.work, at);
      await tx
        .updateTable('teaching_work')
        .set({ work_name: version.work_name, work_type: version.work_type, work_file: version.work_file, work_cover: version.work_cover, has_cloud_data: version.has_cloud_data, update_by: user.username, update_time: at })
        .where('id', '=', found.work.id)
        .execute();
    });
    await recordDataLog(db, 'teaching_work', found.work.id, found.work, user.username);
    const saved = await db.selectFrom('teaching_work').selectAll().where('id', '=', found.work.id).executeTakeFirstOrThrow();
    return ok(c, camel(saved), '恢复成功', 200);
  });

  // 克隆至其他账号: a new draft (status 0, free creation) per target, sharing the files. Source and targets must
  // lie in the caller's scope (the anchor checked nothing and overwrote the targets' works of the same name).
  r.post('/teaching/teachingWork/sendWork', perm('work:send'), async (c) => {
    const body = await jsonBody(c, sendBody);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const user = c.get('user')!;
    const source = await db.selectFrom('teaching_work').selectAll().where('id', '=', body.data.sendWorkId).executeTakeFirst();
    if (!source) return fail(c, '作品不存在');
    const scope = await userScope(db, user);
    if (!(await managesAuthor(db, user, source.user_id, scope))) return fail(c, NOT_YOURS);
    const targetIds = [...new Set(body.data.userIdList)];
    const targets = await db.selectFrom('sys_user').select(['id', 'username', 'realname']).where('id', 'in', targetIds).where('del_flag', '=', 0).execute();
    if (targets.length !== targetIds.length) return fail(c, '用户不存在');
    for (const target of targets) {
      if (!(await managesAuthor(db, user, target.id, scope))) return fail(c, `无权向用户“${target.realname || target.username}”发送作品`);
    }
    const at = now();
    await db.transaction().execute(async (tx) => {
      for (const target of targets) {
        const classes = await userClassIds(tx, target.id);
        await tx
          .insertInto('teaching_work')
          .values({
            id: newId(),
            user_id: target.id,
            depart_id: classes[0] ?? '',
            course_id: null,
            additional_id: '',
            work_name: source.work_name,
            work_type: source.work_type,
            work_file: source.work_file,
            work_cover: source.work_cover,
            work_status: WORK_STATUS.saved,
            work_scene: 'create',
            has_cloud_data: source.has_cloud_data,
            del_flag: 0,
            create_by: target.username,
            create_time: at,
          })
          .execute();
      }
    });
    return ok(c, null, `发送成功，共${targets.length}个用户`, 200);
  });

  // 导出: the list's filters and scope, no paging (`selections` = chosen ids), capped.
  r.get('/teaching/teachingWork/exportXls', perm('work:export'), async (c) => {
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
