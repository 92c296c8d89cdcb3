// 保存 / 提交 of a work by its author: who may overwrite which work, where a submission may go (a homework of one
// of the author's classes, a unit they may study, or free creation), and the write itself as one transaction.
// The API (api/teaching/work-submit.ts) parses the body, asks submitWork and answers.
import type { Kysely } from 'kysely';
import type { Database, TeachingWork } from '../db/schema.js';
import { WORK_STATUS } from '../shared/work-status.js';
import { declareCloudVariables, projectCloudVariables } from './cloud-data.js';
import { NO_COURSE_PERMISSION, visibleCourse, type CourseViewer } from './courses.js';
import { recordDataLog } from './data-log.js';
import { recordClassEvent } from './day-log.js';
import { newId } from './ids.js';
import { storedProject } from './sb3.js';
import { storedCodeProblem } from './code-projects.js';
import type { SessionUser } from './sessions.js';
import type { FileStore } from '../storage/index.js';
import { now } from './time.js';
import { WORK_SCENES, archiveVersion, classForUnit, foreignFiles, homeworkClasses, scratchFilesProblem, userClassIds } from './works.js';

/** The author saving: who they are, and (asked only for a unit's work) how the course rule sees them. */
export interface SubmitActor extends Pick<SessionUser, 'id' | 'username'> {
  courseViewer: () => Promise<CourseViewer>;
}

/** A save or hand-in as the API parsed it (contracts/works.ts WorkSubmission, validated). */
export interface SubmitInput {
  id?: string | null;
  courseId?: string | null;
  additionalId?: string | null;
  departId?: string | null;
  workName: string;
  workType: string;
  /** 0 保存, 1 提交. */
  workStatus: number;
  workFile: string;
  workCover?: string | null;
  workScene?: string | null;
  /** What the client says; the project's own declaration wins when the file is a stored Scratch project. */
  hasCloudData: number;
}

export type SubmitOutcome = { ok: true; work: TeachingWork; created: boolean } | { ok: false; message: string };

/** Policy: only its author may overwrite a work (another's id is refused, never silently made a new row). */
export const canOverwrite = (actor: Pick<SessionUser, 'id'>, work: Pick<TeachingWork, 'user_id'>) => work.user_id === actor.id;

/**
 * Policy: a graded or published work keeps its status when its author saves it again (§2.14.8): resubmitting does
 * not take a 精选 work off the home page, and an author never sets a status above 1.
 */
export const statusAfterSave = (existing: Pick<TeachingWork, 'work_status'> | undefined, asked: number) =>
  existing && existing.work_status >= WORK_STATUS.graded ? existing.work_status : asked;

/**
 * Policy: a class homework its author may still hand in or change — none yet, or one not graded. A graded homework
 * stays as the teacher graded it (saving again would change the work under the grade); 我的作业 carries the answer
 * per row (`canSubmit`) and submitWork refuses the rest with GRADED_HOMEWORK.
 */
export const canReviseHomework = (own: Pick<TeachingWork, 'work_status'> | undefined) => !own || own.work_status < WORK_STATUS.graded;
const GRADED_HOMEWORK = '该作业已批改，不能再修改';

/** Where a submission goes: its scene, class, unit and homework. */
interface Placement {
  scene: string;
  departId: string;
  courseId: string | null;
  additionalId: string;
}

/**
 * Policy: where the actor may hand the work in — a published homework of one of their classes, a unit of a course
 * they may study, or free creation in one of their classes. A refusal is the message the author reads.
 */
export async function submissionPlacement(db: Kysely<Database>, actor: SubmitActor, input: SubmitInput): Promise<Placement | { refused: string }> {
  if (input.additionalId) {
    const homework = await db.selectFrom('teaching_additional_work').select(['id', 'status']).where('id', '=', input.additionalId).executeTakeFirst();
    if (!homework) return { refused: '班级作业不存在' };
    const classes = await homeworkClasses(db, actor.id, input.additionalId);
    if (!classes.length) return { refused: homework.status === 1 ? '该作业没有布置给你的班级' : '该作业未发布或已结束' };
    const departId = input.departId && classes.includes(input.departId) ? input.departId : classes[0];
    return { scene: 'additional', departId, courseId: null, additionalId: input.additionalId };
  }
  if (input.courseId) {
    const unit = await db.selectFrom('teaching_course_unit').select(['id', 'course_id']).where('id', '=', input.courseId).executeTakeFirst();
    if (!unit) return { refused: '课程单元不存在' };
    if (!(await visibleCourse(db, await actor.courseViewer(), unit.course_id))) return { refused: NO_COURSE_PERMISSION };
    return { scene: 'course', departId: await classForUnit(db, actor.id, unit.id), courseId: unit.id, additionalId: '' };
  }
  const free = input.workScene && (WORK_SCENES as readonly string[]).includes(input.workScene) && input.workScene !== 'course' && input.workScene !== 'additional';
  const classes = await userClassIds(db, actor.id);
  const departId = input.departId && classes.includes(input.departId) ? input.departId : (classes[0] ?? '');
  return { scene: free ? input.workScene! : 'create', departId, courseId: null, additionalId: '' };
}

/** The row a submission updates, by the anchor's priority: own id, else homework, else unit, else name and type. */
async function existingWork(db: Kysely<Database>, actor: SubmitActor, input: SubmitInput): Promise<{ work?: TeachingWork } | { refused: string }> {
  const mine = db.selectFrom('teaching_work').selectAll().where('user_id', '=', actor.id);
  if (input.id) {
    const work = await db.selectFrom('teaching_work').selectAll().where('id', '=', input.id).executeTakeFirst();
    if (!work) return { refused: '作品不存在或已被删除' };
    if (!canOverwrite(actor, work)) return { refused: '只能修改自己的作品' };
    return { work };
  }
  if (input.additionalId) return { work: await mine.where('additional_id', '=', input.additionalId).orderBy('create_time', 'desc').executeTakeFirst() };
  if (input.courseId) return { work: await mine.where('course_id', '=', input.courseId).orderBy('create_time', 'desc').executeTakeFirst() };
  return {
    work: await mine.where('work_name', '=', input.workName).where('work_type', '=', input.workType).where('course_id', 'is', null).where('additional_id', '=', '').orderBy('create_time', 'desc').executeTakeFirst(),
  };
}

/**
 * Saves or hands in the actor's work: one row per work, updated in place (its former state kept as a version) or
 * inserted, with the class record's event for a submitted course or homework work, in one transaction; then the
 * project's cloud variables and the data log. `store` is where the stored project is read from (before any row is
 * written: a store that does not answer throws, and nothing has changed).
 */
export async function submitWork(db: Kysely<Database>, store: FileStore, actor: SubmitActor, input: SubmitInput): Promise<SubmitOutcome> {
  const typeOk = await db
    .selectFrom('sys_dict_item as i')
    .innerJoin('sys_dict as d', 'd.id', 'i.dict_id')
    .select('i.id')
    .where('d.dict_code', '=', 'work_type')
    .where('i.item_value', '=', input.workType)
    .executeTakeFirst();
  if (!typeOk) return { ok: false, message: '作品类型不存在' };

  const found = await existingWork(db, actor, input);
  if ('refused' in found) return { ok: false, message: found.refused };
  const existing = found.work;
  if (existing?.additional_id && !canReviseHomework(existing)) return { ok: false, message: GRADED_HOMEWORK };

  // Files: uploaded by the author, or already this work's own.
  const keep = new Set([existing?.work_file, existing?.work_cover].filter(Boolean));
  const foreign = (await foreignFiles(db, actor.username, [input.workFile, input.workCover ?? ''])).filter((id) => !keep.has(id));
  if (foreign.includes(input.workFile)) return { ok: false, message: '作品文件不存在，请重新上传' };
  if (foreign.length) return { ok: false, message: '作品封面不存在，请重新上传' };
  // A Scratch work's file is a checked Scratch project and its cover an image.
  const wrongFiles = await scratchFilesProblem(db, input.workType, input.workFile, input.workCover);
  if (wrongFiles) return { ok: false, message: wrongFiles };
  const fileKey = (await db.selectFrom('sys_file').select('file_path').where('id', '=', input.workFile).executeTakeFirst())?.file_path ?? '';
  // A 积木编程 / 图形化Python work's file is that editor's project, read back and checked (domain/code-projects.ts).
  const wrongCode = await storedCodeProblem(store, input.workType, fileKey);
  if (wrongCode) return { ok: false, message: wrongCode };
  // Whether the work uses cloud variables is read from its project, not taken from the client.
  const project = await storedProject(store, fileKey);

  const place = await submissionPlacement(db, actor, input);
  if ('refused' in place) return { ok: false, message: place.refused };

  const at = now();
  const status = statusAfterSave(existing, input.workStatus);
  const columns = {
    work_name: input.workName,
    work_type: input.workType,
    work_file: input.workFile,
    work_cover: input.workCover || null,
    work_status: status,
    work_scene: place.scene,
    depart_id: place.departId,
    course_id: place.courseId,
    additional_id: place.additionalId,
    has_cloud_data: project ? (project.info.hasCloudData ? 1 : 0) : input.hasCloudData,
  };
  const id = existing?.id ?? newId();
  await db.transaction().execute(async (tx) => {
    if (existing) {
      await archiveVersion(tx, existing, at);
      await tx
        .updateTable('teaching_work')
        .set({
          ...columns,
          update_by: actor.username,
          update_time: at,
          // A resubmission shows as new on the grading desk; graded and public works keep their place.
          ...(existing.work_status < WORK_STATUS.graded ? { create_time: at } : {}),
        })
        .where('id', '=', id)
        .where('user_id', '=', actor.id)
        .execute();
    } else {
      await tx
        .insertInto('teaching_work')
        .values({ id, user_id: actor.id, ...columns, del_flag: 0, create_by: actor.username, create_time: at })
        .execute();
    }
    if (status === 1 && place.departId && (place.scene === 'course' || place.scene === 'additional')) {
      await recordClassEvent(tx, place.departId, place.scene === 'course' ? 'courseWorkSubmit' : 'additionalWorkSubmit', id, at);
    }
  });
  // Players may set the variables the project declares even before its author ran it online.
  if (project?.info.hasCloudData) await declareCloudVariables(db, id, projectCloudVariables(project.project), actor.id);
  // 数据日志: a resubmission overwrites the record's fields (the project itself is kept as a version above).
  if (existing) await recordDataLog(db, 'teaching_work', id, existing, actor.username);
  const work = await db.selectFrom('teaching_work').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
  return { ok: true, work, created: !existing };
}
