// The author's save and submit (/teaching/teachingWork/submit): one row per work, updated in place (the former
// state kept as a version), placed in a homework, a unit or free creation. Registered from work.ts.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { workApi } from '../../contracts/works.js';
import type { TeachingWork } from '../../db/schema.js';
import { declareCloudVariables, projectCloudVariables } from '../../domain/cloud-data.js';
import { visibleCourse } from '../../domain/courses.js';
import { recordDataLog } from '../../domain/data-log.js';
import { recordClassEvent } from '../../domain/day-log.js';
import { newId } from '../../domain/ids.js';
import { storedProject } from '../../domain/sb3.js';
import { camel } from '../../domain/serialize.js';
import { now } from '../../domain/time.js';
import { WORK_SCENES, archiveVersion, classForUnit, foreignFiles, homeworkClasses, scratchFilesProblem, userClassIds } from '../../domain/works.js';
import { WORK_STATUS } from '../../shared/work-status.js';
import { LOGGED_IN, type ApiRoutes } from '../access.js';
import { fail, jsonBody, ok, type Answer } from '../envelope.js';
import { courseViewer } from './course-access.js';
import { MAX_ID } from './work-shared.js';

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
async function existingWork(c: Context<ApiEnv>, b: z.infer<typeof submitBody>): Promise<{ work?: TeachingWork; refused?: Answer<never> }> {
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

export function registerWorkSubmitRoute(r: ApiRoutes) {
  r.at(workApi.submit, LOGGED_IN, async (c) => {
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
}
