// /teaching/teachingCourse: the public catalogue (getHomeCourse), 课程包管理 (list/add/edit/delete/deleteBatch/
// queryById/exportXls, authorised departments with the ancestor rule) and the student's 我的课程 (mineCourse).
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import {
  assignableTo,
  authDepartIds,
  courseFileKeys,
  courseModel,
  courseVisible,
  homeCourses,
  type CourseViewer,
  mineCourses,
  NO_COURSE_PERMISSION,
  selfAndAncestorIds,
  storedImageSize,
  visibleCourse,
} from '../../domain/courses.js';
import { removeStoredFiles } from '../../domain/uploads.js';
import { recordDataLog } from '../../domain/data-log.js';
import { unusedKeys } from '../../domain/file-usages.js';
import { newId } from '../../domain/ids.js';
import { fileUrl } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { dictItems } from '../../domain/dicts.js';
import { sanitizeRichHtml } from '../../shared/rich-text.js';
import { COURSE_BODY_KEYS, COURSE_ROUTE, courseFields, coursesList } from '../../resources/courses.js';
import type { TeachingCourse } from '../../db/schema.js';
import { hasPermission, LOGGED_IN, menu, perm, PUBLIC, type ApiRoutes } from '../access.js';
import { fail, fieldFail, firstIssue, jsonBody, ok, page, paging, queryParams, type Answer } from '../envelope.js';
import { exportResponse, importWorkbook } from '../excel.js';
import { filteredRows, idList, pagedList, type EnrichedListOptions } from '../list-query.js';
import { departScope } from '../sys/depart-scope.js';
import { courseApi } from '../../contracts/courses.js';
import { authorsCourse, courseViewer, flag, idsField, inDict, managesCourses, othersCourses, unknownKeys } from './course-access.js';

const homeQuery = z.object({
  courseName: z.string().max(64, '课程名称过长').optional(),
  courseType: z.string().max(16, '课程类型格式不正确').optional(),
  courseCategory: z.string().max(16, '课程分类格式不正确').optional(),
});

const fields = courseFields.fieldMap(['courseName', 'courseType', 'courseCategory', 'showType', 'isShared', 'showHome', 'orderNum', 'createTime'], 'c.');

const courseBody = courseFields.schema(COURSE_BODY_KEYS).extend({
  // Kept by hand: the contract's wording, and the defaults a body that leaves them out gets (the anchor's clients).
  showType: z.coerce
    .number({ message: `请选择${courseFields.rule('showType').label}` })
    .int()
    .refine((v) => v === 1 || v === 2, '展示形式只能是地图或卡片')
    .default(2),
  isShared: flag(courseFields.rule('isShared').label).default(0),
  showHome: flag(courseFields.rule('showHome').label).default(0),
  departIds: idsField(courseFields.rule('departIds')),
});
type CourseBody = z.infer<typeof courseBody>;

type CourseModel = ReturnType<typeof courseModel>;

/** Course records of the admin list: the entity, its file URLs, authorised departments and 是/否 texts. */
async function enrichCourses(c: Context<ApiEnv>, records: CourseModel[]) {
  const { db } = c.get('deps');
  const auth = await authDepartIds(db, records.map((r) => r.id));
  const departIds = [...new Set([...auth.values()].flat())];
  const names = new Map(
    departIds.length ? (await db.selectFrom('sys_depart').select(['id', 'depart_name']).where('id', 'in', departIds).execute()).map((d) => [d.id, d.depart_name]) : [],
  );
  return records.map((r) => {
    const ids = auth.get(r.id) ?? [];
    // What the caller may do with this row, so the list offers 编辑/删除 only where the API allows them.
    const mine = authorsCourse(c, r.createBy);
    return {
      ...r,
      canEdit: mine,
      canDelete: mine,
      departIds: ids.join(','),
      departIds_dictText: ids.map((id) => names.get(id) ?? id).join(','),
      isShared_dictText: r.isShared ? '是' : '否',
      showHome_dictText: r.showHome ? '是' : '否',
      courseCover_url: fileUrl(r.courseCover),
      courseMap_url: fileUrl(r.courseMap),
      courseIcon_url: fileUrl(r.courseIcon),
    };
  });
}

type CourseListRecord = Awaited<ReturnType<typeof enrichCourses>>[number];

/**
 * What the list holds for the caller: course administrators see every course; whoever assigns courses to
 * classes (depart:course) gets, for a class of their scope, the courses authorised for it (the 添加已有课程
 * picker); anyone else only the courses they may study (the one visibility rule).
 */
type ListScope = { departId?: string; viewer?: CourseViewer };
async function listScope(c: Context<ApiEnv>): Promise<ListScope> {
  const departId = c.req.query('departId')?.trim().slice(0, 64) || undefined;
  if (await managesCourses(c)) return { departId };
  if (departId && (await hasPermission(c, 'depart:course'))) {
    const scope = await departScope(c);
    if (scope.all || scope.ids.has(departId)) return { departId };
  }
  return { departId, viewer: (await courseViewer(c))! };
}

const listOptions = async (c: Context<ApiEnv>, { departId, viewer }: ListScope): Promise<EnrichedListOptions<TeachingCourse, CourseModel, CourseListRecord>> => {
  const { db } = c.get('deps');
  let base = db.selectFrom('teaching_course as c').where('c.del_flag', '=', 0);
  if (departId) base = base.where(assignableTo(db, 'c', await selfAndAncestorIds(db, departId)));
  if (viewer) base = base.where(courseVisible(db, viewer, 'c'));
  return {
    spec: coursesList,
    fields,
    base,
    select: (qb) => qb.selectAll('c'),
    toRecord: (r) => courseModel(r),
    tieBreak: 'c.id',
    enrich: (records) => enrichCourses(c, records),
  };
};

/** Business checks beyond the schema: dictionary values, stored files, existing departments. */
async function courseRefusal(c: Context<ApiEnv>, b: CourseBody): Promise<{ field: string; message: string } | null> {
  if (!(await inDict(c, 'course_type', b.courseType))) return { field: 'courseType', message: '课程性质不存在' };
  if (!(await inDict(c, 'course_category', b.courseCategory))) return { field: 'courseCategory', message: '课程分类不存在' };
  for (const [key, label] of [
    ['courseCover', '课程封面'],
    ['courseMap', '课程地图'],
    ['courseIcon', '课程图标'],
  ] as const) {
    if ((await unknownKeys(c, [b[key]])).length) return { field: key, message: `${label}文件不存在，请重新上传` };
  }
  if (b.departIds.length) {
    const found = await c.get('deps').db.selectFrom('sys_depart').select('id').where('id', 'in', b.departIds).execute();
    if (found.length !== b.departIds.length) return { field: 'departIds', message: '授权部门不存在' };
  }
  return null;
}

async function checkCourse(c: Context<ApiEnv>, b: CourseBody): Promise<Answer<never> | null> {
  const refused = await courseRefusal(c, b);
  return refused ? fieldFail(c, refused.field, refused.message) : null;
}

/** Adds a checked course and its authorised departments, as the caller. */
async function insertCourse(c: Context<ApiEnv>, b: CourseBody) {
  const id = newId();
  const user = c.get('user')!;
  await c.get('deps').db.transaction().execute(async (tx) => {
    await tx.insertInto('teaching_course').values({ id, ...courseColumns(b), del_flag: 0, create_by: user.username, create_time: now() }).execute();
    for (const departId of b.departIds) await tx.insertInto('teaching_course_auth_depart').values({ id: newId(), course_id: id, depart_id: departId }).execute();
  });
  return id;
}

// 导入: the export's columns read back (创建人 and 创建日期 are not read; the files are not in the export). The
// dictionary columns take the text the export writes or the value, 授权部门 department names or ids (comma
// list); each row is then checked as add checks its body.
const IMPORT_TITLES: Record<string, string> = {
  课程性质: 'courseType',
  课程分类: 'courseCategory',
  课程名: 'courseName',
  展示形式: 'showType',
  是否共享: 'isShared',
  首页展示: 'showHome',
  授权部门: 'departIds',
  排序: 'orderNum',
};
// Every column as text (a blank cell reads as missing); the values are checked by courseBody after mapping.
const importRow = z.object(Object.fromEntries(Object.values(IMPORT_TITLES).map((k) => [k, z.string().optional()]))) as z.ZodType<Record<string, string | undefined>>;
const YES_NO: Record<string, string> = { 是: '1', 否: '0' };

async function importedCourse(c: Context<ApiEnv>, raw: Record<string, string | undefined>): Promise<{ body: CourseBody } | { message: string }> {
  const { db } = c.get('deps');
  const record: Record<string, unknown> = { ...raw };
  for (const [key, code] of [
    ['courseType', 'course_type'],
    ['courseCategory', 'course_category'],
  ] as const) {
    const v = raw[key];
    if (v) record[key] = (await dictItems(db, code)).find((o) => o.text === v)?.value ?? v;
  }
  if (raw.showType) record.showType = courseFields.rule('showType').options?.find((o) => o.label === raw.showType)?.value ?? raw.showType;
  for (const key of ['isShared', 'showHome']) {
    const v = raw[key];
    if (v) record[key] = YES_NO[v] ?? v;
  }
  if (raw.departIds) {
    const named = [...new Set(raw.departIds.split(/[,，]/).map((s) => s.trim()).filter(Boolean))].slice(0, 200);
    const rows = named.length ? await db.selectFrom('sys_depart').select(['id', 'depart_name']).where((eb) => eb.or([eb('id', 'in', named), eb('depart_name', 'in', named)])).execute() : [];
    const ids: string[] = [];
    for (const n of named) {
      const hit = rows.filter((d) => d.id === n || d.depart_name === n);
      if (!hit.length) return { message: `授权部门不存在：${n}` };
      if (hit.length > 1 && !hit.some((d) => d.id === n)) return { message: `授权部门名称不唯一：${n}` };
      ids.push(hit.find((d) => d.id === n)?.id ?? hit[0].id);
    }
    record.departIds = ids;
  }
  const parsed = courseBody.safeParse(record);
  if (!parsed.success) return { message: firstIssue(parsed.error) };
  const refused = await courseRefusal(c, parsed.data);
  return refused ? { message: refused.message } : { body: parsed.data };
}

const courseColumns = (b: CourseBody) => ({
  course_name: b.courseName,
  course_desc: b.courseDesc == null ? null : sanitizeRichHtml(b.courseDesc),
  course_cover: b.courseCover || null,
  course_map: b.courseMap || null,
  course_icon: b.courseIcon || null,
  show_type: b.showType,
  is_shared: b.isShared,
  show_home: b.showHome,
  order_num: b.orderNum ?? 1,
  course_type: b.courseType ?? '',
  course_category: b.courseCategory ?? '',
});

export function registerCourseRoutes(r: ApiRoutes) {
  r.get('/teaching/teachingCourse/getHomeCourse', PUBLIC, async (c) => {
    const q = queryParams(c, homeQuery);
    if (!q.ok) return q.response;
    const { pageNo, pageSize } = paging(c, 10, 100);
    const { records, total } = await homeCourses(c.get('deps').db, { pageNo, pageSize, ...q.data });
    return ok(c, page(records, total, pageNo, pageSize), '操作成功！', 200);
  });

  r.at(courseApi.list, LOGGED_IN, async (c) => {
    return pagedList(c, await listOptions(c, await listScope(c)));
  });

  // 我的课程: shared courses and those of the caller's classes whose open time has passed (one rule, domain/courses).
  r.at(courseApi.mine, LOGGED_IN, async (c) => {
    const viewer = (await courseViewer(c))!;
    const rows = await mineCourses(c.get('deps').db, { ...viewer, seesAll: false });
    return ok(c, rows.map((row) => ({ ...courseModel(row), courseCover_url: fileUrl(row.course_cover), courseMap_url: fileUrl(row.course_map) })), '操作成功！', 200);
  });

  // The anchor lets anyone read any course here (its unit pages call it); we answer only visible courses.
  r.at(courseApi.queryById, LOGGED_IN, async (c) => {
    const id = c.req.query('id') ?? '';
    const row = id.length <= 64 ? await visibleCourse(c.get('deps').db, (await courseViewer(c))!, id) : undefined;
    if (!row) {
      const exists = id && (await c.get('deps').db.selectFrom('teaching_course').select('id').where('id', '=', id).executeTakeFirst());
      return fail(c, exists ? NO_COURSE_PERMISSION : '未找到对应数据');
    }
    const [record] = await enrichCourses(c, [courseModel(row)]);
    // The map views scale the map to the screen and place the flags in proportion to its natural size.
    const size = await storedImageSize(c.get('deps').storage, row.course_map);
    return ok(c, { ...record, courseMapWidth: size?.width ?? null, courseMapHeight: size?.height ?? null }, '操作成功！', 200);
  });

  r.at(courseApi.add, perm('course:add'), async (c) => {
    const body = await jsonBody(c, courseBody);
    if (!body.ok) return body.response;
    const refused = await checkCourse(c, body.data);
    if (refused) return refused;
    return ok(c, { id: await insertCourse(c, body.data) }, '添加成功！', 200);
  });

  r.at(courseApi.importExcel, perm('course:add'), (c) =>
    importWorkbook(c, coursesList, IMPORT_TITLES, importRow, async (raw) => {
      const checked = await importedCourse(c, raw);
      if ('message' in checked) return checked.message;
      await insertCourse(c, checked.body);
      return null;
    }),
  );

  r.at(courseApi.edit, perm('course:edit'), async (c) => {
    const body = await jsonBody(c, courseBody.extend({ id: z.string({ message: 'id不能为空' }).min(1, 'id不能为空').max(64, 'id格式不正确') }));
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const existing = await db.selectFrom('teaching_course').selectAll().where('id', '=', body.data.id).executeTakeFirst();
    if (!existing) return fail(c, '未找到对应数据');
    if (!authorsCourse(c, existing.create_by)) return fail(c, '只能编辑自己创建的课程');
    const refused = await checkCourse(c, body.data);
    if (refused) return refused;
    const user = c.get('user')!;
    await db.transaction().execute(async (tx) => {
      await tx
        .updateTable('teaching_course')
        .set({ ...courseColumns(body.data), update_by: user.username, update_time: now() })
        .where('id', '=', body.data.id)
        .execute();
      await tx.deleteFrom('teaching_course_auth_depart').where('course_id', '=', body.data.id).execute();
      for (const departId of body.data.departIds) await tx.insertInto('teaching_course_auth_depart').values({ id: newId(), course_id: body.data.id, depart_id: departId }).execute();
    });
    await recordDataLog(db, 'teaching_course', body.data.id, existing, user.username);
    return ok(c, null, '编辑成功!', 200);
  });

  // The anchor leaves units and class assignments of a deleted course behind; we refuse while units remain
  // and remove the class assignments and authorisations with the course.
  const deleteCourses = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的课程');
    const { db } = c.get('deps');
    const found = await db.selectFrom('teaching_course').select(['id', 'course_name']).where('id', 'in', ids).execute();
    if (found.length !== new Set(ids).size) return fail(c, '未找到对应数据');
    if (await othersCourses(c, ids)) return fail(c, '只能删除自己创建的课程');
    const withUnits = await db
      .selectFrom('teaching_course_unit as u')
      .innerJoin('teaching_course as c', 'c.id', 'u.course_id')
      .select('c.course_name')
      .where('u.course_id', 'in', ids)
      .executeTakeFirst();
    if (withUnits) return fail(c, `课程“${withUnits.course_name}”下还有单元，请先删除单元`);
    const files = (await db.selectFrom('teaching_course').select(['course_icon', 'course_cover', 'course_map']).where('id', 'in', ids).execute()).flatMap(courseFileKeys);
    await db.transaction().execute(async (tx) => {
      await tx.deleteFrom('teaching_course_dept').where('course_id', 'in', ids).execute();
      await tx.deleteFrom('teaching_course_auth_depart').where('course_id', 'in', ids).execute();
      await tx.deleteFrom('teaching_course').where('id', 'in', ids).execute();
    });
    // Their icon, cover and map go too (the anchor's rule), unless another row still shows them.
    await removeStoredFiles(db, c.get('deps').storage, await unusedKeys(db, files));
    return ok(c, null, '删除成功!', 200);
  };
  r.at(courseApi.delete, perm('course:del'), (c) => deleteCourses(c, idList(c.req.query('id'), 1)));
  r.at(courseApi.deleteBatch, perm('course:del'), (c) => deleteCourses(c, idList(c.req.query('ids'))));

  r.at(courseApi.exportXls, menu(COURSE_ROUTE), async (c) =>
    exportResponse(c, coursesList, await filteredRows(c, await listOptions(c, { departId: c.req.query('departId')?.trim().slice(0, 64) || undefined }), 'c.id')),
  );
}
