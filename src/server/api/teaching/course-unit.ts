// /teaching/teachingCourseUnit: 课程单元管理 (list/add/edit/delete/deleteBatch/queryById/exportXls), the map
// editor's editBatch (coordinates only), and the student's mineUnit — the same visibility rule as the course
// list, and the show-to-students flags applied (the files themselves are guarded in sys/files.ts).
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import type { TeachingCourseUnitTable } from '../../db/schema.js';
import { embedHtml, embedUrl, NO_COURSE_PERMISSION, unitFileKeys, unitForViewer, visibleCourse } from '../../domain/courses.js';
import { removeStoredFiles } from '../../domain/uploads.js';
import { recordDataLog } from '../../domain/data-log.js';
import { unusedKeys } from '../../domain/file-usages.js';
import { decorate, dictItems } from '../../domain/dicts.js';
import { newId } from '../../domain/ids.js';
import { camel, fileUrl } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { sanitizeRichHtml } from '../../shared/rich-text.js';
import { UNIT_BODY_KEYS, UNIT_ROUTE, unitFields, unitsList } from '../../resources/courses.js';
import { courseUnitApi } from '../../contracts/courses.js';
import type { Selectable } from 'kysely';
import { LOGGED_IN, menu, perm, type ApiRoutes } from '../access.js';
import { fail, fieldFail, jsonBody, ok, page, paging, type Answer } from '../envelope.js';
import { exportResponse, importAnswer, readImportRows } from '../excel.js';
import { filteredRows, idList, pagedList, type PagedListOptions } from '../list-query.js';
import { authorsCourse, courseViewer, fileKeys, flag, inDict, othersCourses, unknownKeys } from './course-access.js';

type Unit = Selectable<TeachingCourseUnitTable>;
type UnitRow = Unit & { course_name?: string | null };
/** A unit of the admin list, with its course's creator (who, besides admins, may change it). */
type ListedUnit = UnitRow & { course_owner: string | null };

const fields = unitFields.fieldMap(['unitName', 'courseId', 'courseWorkType', 'orderNum', 'createTime'], 'u.');

const keysToUrls = (v: string | null) => (v ? v.split(',').map((k) => fileUrl(k.trim())).join(',') : null);

/** CourseUnitModel: the unit in camelCase, its course name, show flags as booleans and `_url` siblings. */
function unitModel(u: UnitRow) {
  return {
    ...camel(u),
    courseName: u.course_name ?? null,
    showCourseVideo: u.show_course_video === 1,
    showCourseCase: u.show_course_case === 1,
    showCoursePpt: u.show_course_ppt === 1,
    showCoursePlan: u.show_course_plan === 1,
    unitCover_url: fileUrl(u.unit_cover),
    courseVideo_url: u.course_video_source === 1 ? fileUrl(u.course_video) : null,
    courseCase_url: fileUrl(u.course_case || null),
    courseWork_url: fileUrl(u.course_work),
    courseWorkAnswer_url: fileUrl(u.course_work_answer),
    coursePpt_url: keysToUrls(u.course_ppt),
    coursePlan_url: keysToUrls(u.course_plan),
  };
}

/** A map coordinate within its declared range, in the contract's words (below / above rather than between). */
const mapCoord = (key: 'mapX' | 'mapY') => {
  const { label, min, max } = unitFields.rule(key);
  return z.coerce.number({ message: `${label}必须是数字` }).int(`${label}必须是整数`).min(min, `${label}不能小于${min}`).max(max, `${label}不能大于${max}`);
};

const unitBody = unitFields.schema(UNIT_BODY_KEYS).extend({
  // Kept by hand: the contract's wording and the defaults a body that leaves them out gets (the anchor's clients).
  showCourseVideo: flag('对学生显示课程视频').default(1),
  showCourseCase: flag('对学生显示课程案例').default(1),
  showCoursePpt: flag('对学生显示课程资料').default(0),
  showCoursePlan: flag('对学生显示课程教案').default(0),
  // Several files each (a comma list or an array), within the declared length.
  coursePpt: fileKeys(unitFields.rule('coursePpt')),
  coursePlan: fileKeys(unitFields.rule('coursePlan')),
  mapX: mapCoord('mapX').nullish(),
  mapY: mapCoord('mapY').nullish(),
});
type UnitBody = z.infer<typeof unitBody>;

/**
 * The video as sent: the anchor's clients send `courseVideo` whatever its source; the form sends its two fields,
 * the upload for source 1 and the link or embed code otherwise. Errors name the field the value came from.
 */
function videoInput(b: UnitBody): { key: 'courseVideo' | 'courseVideoFile' | 'courseVideoLink'; value: string | null } {
  if (b.courseVideo !== undefined) return { key: 'courseVideo', value: b.courseVideo || null };
  const key = (b.courseVideoSource ?? 1) === 1 ? 'courseVideoFile' : 'courseVideoLink';
  return { key, value: b[key] || null };
}

/** The stored video of each source: an uploaded key, an http(s) link, or our own iframe around an allowed player. */
async function videoValue(c: Context<ApiEnv>, source: number, v: string | null): Promise<{ value: string | null } | { error: string }> {
  if (!v) return { value: null };
  if (source === 1) return (await unknownKeys(c, [v])).length ? { error: '课程视频文件不存在，请重新上传' } : { value: v };
  if (source === 2) {
    try {
      const u = new URL(v);
      if (u.protocol === 'https:' || u.protocol === 'http:') return { value: u.toString() };
    } catch {
      /* falls through */
    }
    return { error: '视频链接必须是 http:// 或 https:// 开头的地址' };
  }
  const url = embedUrl(v);
  return url ? { value: embedHtml(url) } : { error: '外部视频只支持哔哩哔哩、腾讯视频、优酷、爱奇艺、西瓜视频、YouTube、Vimeo 的 https 播放器地址或嵌入代码' };
}

async function unitColumns(c: Context<ApiEnv>, b: UnitBody): Promise<{ error: Answer<never> } | { columns: Partial<Unit> }> {
  const { db } = c.get('deps');
  const course = await db.selectFrom('teaching_course').select('create_by').where('id', '=', b.courseId).executeTakeFirst();
  if (!course) return { error: fieldFail(c, 'courseId', '所属课程包不存在') };
  if (!authorsCourse(c, course.create_by)) return { error: fieldFail(c, 'courseId', '只能在自己创建的课程中添加或修改单元') };
  if (!(await inDict(c, 'work_type', b.courseWorkType))) return { error: fieldFail(c, 'courseWorkType', '作业类型不存在') };
  const source = b.courseVideoSource ?? 1;
  const input = videoInput(b);
  const video = await videoValue(c, source, input.value);
  if ('error' in video) return { error: fieldFail(c, input.key, video.error) };
  for (const [key, label] of [
    ['unitCover', '单元封面'],
    ['courseCase', '课程案例'],
    ['coursePpt', '课程资料'],
    ['coursePlan', '课程教案'],
    ['courseWork', '预设作业'],
    ['courseWorkAnswer', '作业答案'],
  ] as const) {
    if ((await unknownKeys(c, [b[key]])).length) return { error: fieldFail(c, key, `${label}文件不存在，请重新上传`) };
  }
  return {
    columns: {
      course_id: b.courseId,
      unit_name: b.unitName,
      unit_intro: b.unitIntro ?? null,
      unit_cover: b.unitCover || null,
      course_video_source: source,
      course_video: video.value,
      show_course_video: b.showCourseVideo,
      course_case: b.courseCase || '',
      show_course_case: b.showCourseCase,
      course_ppt: b.coursePpt,
      show_course_ppt: b.showCoursePpt,
      course_plan: b.coursePlan,
      show_course_plan: b.showCoursePlan,
      course_work_type: b.courseWorkType ?? null,
      course_work: b.courseWork || null,
      course_work_answer: b.courseWorkAnswer || null,
      media_content: b.mediaContent == null ? null : sanitizeRichHtml(b.mediaContent),
      map_x: b.mapX ?? null,
      map_y: b.mapY ?? null,
      order_num: b.orderNum ?? 1,
    },
  };
}

/** A unit of the admin list: the model and what the caller may do with it. */
type ListedUnitRecord = ReturnType<typeof unitModel> & { canEdit: boolean; canDelete: boolean };

const listOptions = (c: Context<ApiEnv>): PagedListOptions<ListedUnit, ListedUnitRecord> => ({
  spec: unitsList,
  fields,
  base: c.get('deps').db.selectFrom('teaching_course_unit as u').leftJoin('teaching_course as c', 'c.id', 'u.course_id').where('u.del_flag', '=', 0),
  select: (qb) => qb.selectAll('u').select(['c.course_name', 'c.create_by as course_owner']),
  // What the caller may do with the row, so the list offers 编辑/删除 only where the API allows them.
  toRecord: ({ course_owner, ...u }) => {
    const mine = course_owner !== undefined && authorsCourse(c, course_owner);
    return { ...unitModel(u), canEdit: mine, canDelete: mine };
  },
  tieBreak: 'u.id',
});

const mapBatch = z
  .array(
    z.object({
      id: z.string({ message: '单元id不能为空' }).min(1, '单元id不能为空').max(64, '单元id格式不正确'),
      mapX: mapCoord('mapX'),
      mapY: mapCoord('mapY'),
    }),
    { message: '请提交单元列表' },
  )
  .min(1, '没有课程单元')
  .max(500, '单元过多');

/** 导入: the columns of the export (单元封面, 创建人 and 创建日期 are not read). */
const IMPORT_COLUMNS: Record<string, string> = { 单元名称: 'unitName', 单元简介: 'unitIntro', 课程名: 'courseName', 作业类型: 'courseWorkType', 排序: 'orderNum' };
const importRow = z.object({
  unitName: z.string({ message: '请填写单元名称' }).trim().min(1, '请填写单元名称').max(64, '单元名称不能超过64个字符'),
  unitIntro: z.string().max(256, '单元简介不能超过256个字符').optional(),
  courseName: z.string({ message: '请填写课程名' }).trim().min(1, '请填写课程名').max(64, '课程名过长'),
  courseWorkType: z.string().trim().max(32, '作业类型不存在').optional(),
  orderNum: z.coerce.number({ message: '排序必须是数字' }).int('排序必须是整数').min(0, '排序不能小于0').max(99_999, '排序不能大于99999').optional(),
});

export function registerCourseUnitRoutes(r: ApiRoutes) {
  // All or nothing: every row is checked (course by name, work type by text or value) before any is written;
  // one bad row and nothing is imported, with each bad row's number and reason.
  r.at(courseUnitApi.importExcel, perm('unit:add'), async (c) => {
    const read = await readImportRows(c, IMPORT_COLUMNS, importRow);
    if (!read.ok) return read.response;
    const { db } = c.get('deps');
    const errors = [...read.errors];
    const names = [...new Set(read.rows.map((x) => x.data.courseName))];
    const courses = names.length ? await db.selectFrom('teaching_course').select(['id', 'course_name', 'create_by']).where('course_name', 'in', names).where('del_flag', '=', 0).execute() : [];
    const owners = new Map(courses.map((x) => [x.id, x.create_by]));
    const byName = new Map<string, string[]>();
    for (const course of courses) byName.set(course.course_name, [...(byName.get(course.course_name) ?? []), course.id]);
    const types = await dictItems(db, 'work_type');
    const by = c.get('user')!.username;
    const at = now();
    const units: Unit[] = [];
    for (const { row, data } of read.rows) {
      const found = byName.get(data.courseName) ?? [];
      if (!found.length) {
        errors.push({ row, message: `课程不存在：${data.courseName}` });
        continue;
      }
      if (found.length > 1) {
        errors.push({ row, message: `课程名不唯一：${data.courseName}` });
        continue;
      }
      if (!authorsCourse(c, owners.get(found[0]))) {
        errors.push({ row, message: `只能导入到自己创建的课程：${data.courseName}` });
        continue;
      }
      let workType: number | null = null;
      if (data.courseWorkType) {
        const item = types.find((o) => o.text === data.courseWorkType || o.value === data.courseWorkType);
        if (!item) {
          errors.push({ row, message: `作业类型不存在：${data.courseWorkType}` });
          continue;
        }
        workType = Number(item.value);
      }
      units.push({
        id: newId(),
        course_id: found[0],
        unit_name: data.unitName,
        unit_intro: data.unitIntro?.trim() || null,
        unit_cover: null,
        course_video_source: 1,
        course_video: null,
        show_course_video: 1,
        course_case: '',
        show_course_case: 1,
        course_ppt: null,
        show_course_ppt: 0,
        course_plan: null,
        show_course_plan: 0,
        course_work_type: workType,
        course_work: null,
        course_work_answer: null,
        media_content: null,
        map_x: null,
        map_y: null,
        order_num: data.orderNum ?? 1,
        del_flag: 0,
        create_by: by,
        create_time: at,
        update_by: null,
        update_time: null,
      });
    }
    if (errors.length) {
      const sorted = [...errors].sort((a, b) => a.row - b.row);
      const shown = sorted.slice(0, 20).map((e) => `第${e.row}行：${e.message}`).join('；');
      return fail(c, `导入失败，未导入任何数据。${shown}${sorted.length > 20 ? `；……共${sorted.length}行有错误` : ''}`);
    }
    if (!units.length) return fail(c, '文件中没有数据');
    await db.transaction().execute(async (tx) => {
      for (let i = 0; i < units.length; i += 500) await tx.insertInto('teaching_course_unit').values(units.slice(i, i + 500)).execute();
    });
    return importAnswer(c, read.total, units.length, []);
  });

  r.at(courseUnitApi.list, menu(UNIT_ROUTE), (c) => pagedList(c, listOptions(c)));

  r.at(courseUnitApi.exportXls, menu(UNIT_ROUTE), async (c) => exportResponse(c, unitsList, await filteredRows(c, listOptions(c), 'u.id')));

  // The student's units of a course: the course must be visible to them (shared, or assigned and opened —
  // the anchor skipped the open time here, §2.14.7); hidden media are blanked for students.
  r.at(courseUnitApi.mine, LOGGED_IN, async (c) => {
    const courseId = c.req.query('courseId') ?? '';
    if (!courseId || courseId.length > 64) return fail(c, '请指定课程');
    const { db } = c.get('deps');
    const viewer = (await courseViewer(c))!;
    const course = await visibleCourse(db, viewer, courseId);
    if (!course) return fail(c, NO_COURSE_PERMISSION);
    const { pageNo, pageSize, offset } = paging(c, 10, 200);
    const base = db.selectFrom('teaching_course_unit as u').where('u.course_id', '=', courseId).where('u.del_flag', '=', 0);
    const [rows, count] = await Promise.all([
      base.selectAll('u').orderBy('u.order_num', 'asc').orderBy('u.id', 'asc').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    const records = rows.map((u) => {
      const shown = unitForViewer(u, viewer);
      // The anchor hands materials and plans out as (preview) URLs.
      return { ...unitModel({ ...shown, course_name: course.course_name }), coursePpt: keysToUrls(shown.course_ppt), coursePlan: keysToUrls(shown.course_plan) };
    });
    return ok(c, page(records, Number(count?.n ?? 0), pageNo, pageSize), '操作成功！', 200);
  });

  // The editors load a unit's starter project for course homework (courseWork_url) and the caller's own work
  // for it (mineWorkId); the same visibility rule and show flags as mineUnit.
  r.get('/teaching/teachingCourseUnit/getUnitWorkInfo', LOGGED_IN, async (c) => {
    const id = c.req.query('unitId') ?? '';
    const { db } = c.get('deps');
    const unit = id && id.length <= 64 ? await db.selectFrom('teaching_course_unit').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!unit) return fail(c, '未找到对应数据');
    const viewer = (await courseViewer(c))!;
    const course = await visibleCourse(db, viewer, unit.course_id);
    if (!course) return fail(c, NO_COURSE_PERMISSION);
    const mine = await db.selectFrom('teaching_work').select('id').where('user_id', '=', viewer.id).where('course_id', '=', unit.id).orderBy('create_time', 'desc').executeTakeFirst();
    const [record] = await decorate(db, [{ ...unitModel({ ...unitForViewer(unit, viewer), course_name: course.course_name }), mineWorkId: mine?.id ?? null }], { courseWorkType: 'work_type' });
    return ok(c, record, '操作成功！', 0);
  });

  r.at(courseUnitApi.queryById, LOGGED_IN, async (c) => {
    const id = c.req.query('id') ?? '';
    const { db } = c.get('deps');
    const unit = id.length <= 64 ? await db.selectFrom('teaching_course_unit').selectAll().where('id', '=', id).executeTakeFirst() : undefined;
    if (!unit) return fail(c, '未找到对应数据');
    const viewer = (await courseViewer(c))!;
    const course = await visibleCourse(db, viewer, unit.course_id);
    if (!course) return fail(c, NO_COURSE_PERMISSION);
    return ok(c, unitModel({ ...unitForViewer(unit, viewer), course_name: course.course_name }), '操作成功！', 200);
  });

  r.at(courseUnitApi.add, perm('unit:add'), async (c) => {
    const body = await jsonBody(c, unitBody);
    if (!body.ok) return body.response;
    const built = await unitColumns(c, body.data);
    if ('error' in built) return built.error;
    const id = newId();
    await c
      .get('deps')
      .db.insertInto('teaching_course_unit')
      .values({ ...(built.columns as Unit), id, del_flag: 0, create_by: c.get('user')!.username, create_time: now() })
      .execute();
    return ok(c, { id }, '添加成功！', 200);
  });

  r.at(courseUnitApi.edit, perm('unit:edit'), async (c) => {
    const body = await jsonBody(c, unitBody.extend({ id: z.string({ message: 'id不能为空' }).min(1, 'id不能为空').max(64, 'id格式不正确') }));
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const before = await db.selectFrom('teaching_course_unit').selectAll().where('id', '=', body.data.id).executeTakeFirst();
    if (!before) return fail(c, '未找到对应数据');
    if (await othersCourses(c, [before.course_id])) return fail(c, '只能修改自己创建的课程中的单元');
    const built = await unitColumns(c, body.data);
    if ('error' in built) return built.error;
    await db
      .updateTable('teaching_course_unit')
      .set({ ...built.columns, update_by: c.get('user')!.username, update_time: now() })
      .where('id', '=', body.data.id)
      .execute();
    await recordDataLog(db, 'teaching_course_unit', body.data.id, before, c.get('user')!.username);
    return ok(c, null, '编辑成功!', 200);
  });

  // 地图编辑器: saves the coordinates of several units at once. Only mapX/mapY are taken (the anchor rewrote
  // whole units from the client); every id must exist, else nothing changes.
  r.at(courseUnitApi.saveMapPositions, perm('unit:edit'), async (c) => {
    const body = await jsonBody(c, mapBatch);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    const ids = [...new Set(body.data.map((u) => u.id))];
    const found = await db.selectFrom('teaching_course_unit').select(['id', 'course_id']).where('id', 'in', ids).execute();
    if (found.length !== ids.length) return fail(c, '未找到对应的课程单元，地图未保存');
    if (await othersCourses(c, found.map((u) => u.course_id))) return fail(c, '只能修改自己创建的课程中的单元，地图未保存');
    const by = c.get('user')!.username;
    const at = now();
    await db.transaction().execute(async (tx) => {
      for (const u of body.data) {
        await tx.updateTable('teaching_course_unit').set({ map_x: u.mapX, map_y: u.mapY, update_by: by, update_time: at }).where('id', '=', u.id).execute();
      }
    });
    return ok(c, null, '保存成功!', 200);
  });

  const deleteUnits = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的单元');
    const { db } = c.get('deps');
    const found = await db.selectFrom('teaching_course_unit').selectAll().where('id', 'in', ids).execute();
    if (found.length !== new Set(ids).size) return fail(c, '未找到对应数据');
    if (await othersCourses(c, found.map((u) => u.course_id))) return fail(c, '只能删除自己创建的课程中的单元');
    await db.deleteFrom('teaching_course_unit').where('id', 'in', ids).execute();
    // The unit's files go with it (the anchor's rule), unless another row still uses them.
    await removeStoredFiles(db, c.get('deps').storage, await unusedKeys(db, found.flatMap(unitFileKeys)));
    return ok(c, null, '删除成功!', 200);
  };
  r.at(courseUnitApi.delete, perm('unit:del'), (c) => deleteUnits(c, idList(c.req.query('id'), 1)));
  r.at(courseUnitApi.deleteBatch, perm('unit:del'), (c) => deleteUnits(c, idList(c.req.query('ids'))));
}
