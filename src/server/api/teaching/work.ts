// /teaching/teachingWork: the public reads (leaderboard, one work's detail), the author's own works (mine,
// submit), the teachers' grading desk (list, edit, export) scoped to the members of the classes they manage,
// private tags, the version history of resubmitted works and cloning a work to other accounts.
import type { Context } from 'hono';
import { sql } from 'kysely';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import type { TeachingWork } from '../../db/schema.js';
import { visibleCourse } from '../../domain/courses.js';
import { recordClassEvent } from '../../domain/day-log.js';
import { decorate } from '../../domain/dicts.js';
import { newId } from '../../domain/ids.js';
import { camel } from '../../domain/serialize.js';
import { isSuperUser } from '../../domain/sessions.js';
import { contains } from '../../domain/sql-like.js';
import { now } from '../../domain/time.js';
import { NO_MANAGED_DEPARTS, hasScope, scopeMemberIds, userScope } from '../../domain/user-scope.js';
import {
  LEADERBOARD_ORDERS,
  LIST_DICTS,
  WORK_SCENES,
  archiveVersion,
  classForUnit,
  foreignFiles,
  homeworkClasses,
  leaderboard,
  toListModel,
  userClassIds,
  workDetail,
  workListQuery,
  type LeaderboardOrder,
  type WorkListRow,
} from '../../domain/works.js';
import { worksList } from '../../lists/works.js';
import { LOGGED_IN, PUBLIC, type ApiRoutes } from '../access.js';
import { fail, jsonBody, ok, page, paging, queryParams } from '../envelope.js';
import { applyFilters, applySort, type FieldMap } from '../list-query.js';
import { courseViewer } from './course-access.js';

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

  r.get('/teaching/teachingWork/studentWorkInfo', PUBLIC, async (c) => {
    const workId = c.req.query('workId')?.trim();
    if (!workId) return fail(c, '参数错误：缺少workId', 400, 400);
    if (workId.length > 64) return fail(c, '作品不存在');
    const user = c.get('user');
    const viewer = user ? { id: user.id, staff: isSuperUser(user) } : null;
    const work = await workDetail(c.get('deps').db, workId, viewer);
    // The Scratch player pages check code 0 here.
    return work ? ok(c, work, '操作成功！', 0) : fail(c, '作品不存在');
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
  updateTime: { column: 'w.update_time', type: 'date' },
};
/** Keys handled by hand (LIKE, tags, usernames) rather than by the generic value syntax. */
const HAND_FILTERED = ['workName', 'realname', 'username', 'workTag'];

const MAX_ID = 64;
const idParam = (label = 'id') => z.string({ message: `${label}不能为空` }).trim().min(1, `${label}不能为空`).max(MAX_ID, `${label}格式不正确`);

/** A query value, trimmed and capped: over-long values match nothing rather than reaching SQL whole. */
const qv = (c: Context<ApiEnv>, key: string) => (c.req.query(key) ?? '').trim().slice(0, 100);

type ListBase = ReturnType<typeof workListQuery>;

/** Filters shared by `mine` and `list`: the generic ones plus name LIKE, username, real name and the caller's tag. */
function filtered(c: Context<ApiEnv>, base: ListBase): ListBase {
  const query = Object.fromEntries(Object.entries(c.req.query()).filter(([k]) => !HAND_FILTERED.includes(k)));
  let q = applyFilters(base, query, workFields);
  const stripStars = (v: string) => v.replace(/^\*+|\*+$/g, '');
  const workName = stripStars(qv(c, 'workName'));
  if (workName) q = q.where(contains('w.work_name', workName));
  const realname = stripStars(qv(c, 'realname'));
  if (realname) q = q.where(contains('u.realname', realname));
  const username = qv(c, 'username');
  if (username) q = q.where('w.create_by', '=', username);
  const workTag = qv(c, 'workTag');
  if (workTag) q = q.where('wt.tag', '=', workTag);
  return q;
}

async function runList(c: Context<ApiEnv>, base: ListBase, defaultSize: number, maxSize: number) {
  const { db } = c.get('deps');
  const { pageNo, pageSize, offset } = paging(c, defaultSize, maxSize);
  const q = filtered(c, base);
  const [rows, count] = await Promise.all([
    applySort(q, c.req.query(), worksList, workFields, 'w.id', true).limit(pageSize).offset(offset).execute(),
    q.clearSelect().select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
  ]);
  const records = await decorate(db, (rows as WorkListRow[]).map(toListModel), LIST_DICTS);
  return ok(c, page(records, Number(count?.n ?? 0), pageNo, pageSize), '操作成功！', 0);
}

/** The list's rows for the caller: everything for admins, the members of the managed subtrees for others. */
async function scopedBase(c: Context<ApiEnv>): Promise<ListBase | Response> {
  const { db } = c.get('deps');
  const user = c.get('user')!;
  const scope = await userScope(db, user);
  if (!hasScope(scope)) return fail(c, NO_MANAGED_DEPARTS);
  const base = workListQuery(db, user.id);
  return scope.all ? base : base.where('w.user_id', 'in', scopeMemberIds(db, scope));
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
    return runList(c, workListQuery(c.get('deps').db, user.id).where('w.user_id', '=', user.id), 999, 999);
  });

  // 作业管理: works of the members of the classes the caller manages (admins: all).
  r.get('/teaching/teachingWork/list', LOGGED_IN, async (c) => {
    const base = await scopedBase(c);
    if (base instanceof Response) return base;
    return runList(c, base, 10, 500);
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
    const status = existing && existing.work_status >= 2 ? existing.work_status : b.workStatus;
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
      has_cloud_data: b.hasCloudData,
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
            ...(existing.work_status < 2 ? { create_time: at } : {}),
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
    const saved = await db.selectFrom('teaching_work').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    return ok(c, camel(saved), existing ? '更新成功！' : '添加成功！', 200);
  });
}
