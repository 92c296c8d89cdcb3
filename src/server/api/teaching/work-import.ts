// POST /teaching/teachingWork/importExcel (work:import): the works list's export (作业列表) read back. An Excel
// carries no project, so a row describes a work whose file is already stored (作品文件: the export's URL, a
// storage key or a file id) and names its author (账号, or 用户: an account name or a real name unique among the
// caller's students), class, unit or homework, name, type, status and grade. Each row is checked whole and then
// written with its grade in one transaction; a rejected row changes nothing and is reported in the anchor's
// answer (api/excel.ts). Registered from work.ts.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { workApi } from '../../contracts/works.js';
import { declareCloudVariables, projectCloudVariables } from '../../domain/cloud-data.js';
import { dictItems } from '../../domain/dicts.js';
import { newId } from '../../domain/ids.js';
import { storedProject } from '../../domain/sb3.js';
import { now } from '../../domain/time.js';
import { NO_MANAGED_DEPARTS, hasScope, userScope, type UserScope } from '../../domain/user-scope.js';
import { managedAuthors, scratchFilesProblem, userClassIds } from '../../domain/works.js';
import { WORK_STATUS } from '../../shared/work-status.js';
import { worksList } from '../../resources/works.js';
import { hasPermission, perm, type ApiRoutes } from '../access.js';
import { fail } from '../envelope.js';
import { importWorkbook } from '../excel.js';

/** The export's titles (创建日期, 更新人, 更新日期 are not read: the import is the new work's creation). */
const IMPORT_TITLES: Record<string, string> = {
  账号: 'username',
  用户: 'user',
  班级: 'depart',
  课程: 'unit',
  附加作业: 'homework',
  作业名: 'workName',
  作业类型: 'workType',
  作业状态: 'workStatus',
  作品文件: 'workFile',
  提交场景: 'workScene',
  评分: 'score',
  评语: 'comment',
};

const text = (label: string, max: number) => z.string().trim().max(max, `${label}不能超过${max}个字符`).optional();
const importRow = z.object({
  username: text('账号', 100),
  user: text('用户', 100),
  depart: text('班级', 100),
  unit: text('课程', 100),
  homework: text('附加作业', 100),
  workName: z.string({ message: '请填写作业名' }).trim().min(1, '请填写作业名').max(64, '作业名不能超过64个字符'),
  workType: z.string({ message: '请填写作业类型' }).trim().min(1, '请填写作业类型').max(32, '作业类型不存在'),
  workStatus: text('作业状态', 32),
  workFile: z.string({ message: '请填写作品文件' }).trim().min(1, '请填写作品文件').max(500, '作品文件不存在'),
  workScene: text('提交场景', 32),
  score: z
    .string()
    .trim()
    .regex(/^[1-5]$/, '评分只能是1到5')
    .transform(Number)
    .optional(),
  comment: text('评语', 512),
});
type ImportRow = z.infer<typeof importRow>;

/** A dictionary column: the text the export writes, or the value itself. */
async function dictValue(c: Context<ApiEnv>, code: string, given: string): Promise<string | null> {
  const items = await dictItems(c.get('deps').db, code);
  return (items.find((o) => o.text === given) ?? items.find((o) => o.value === given))?.value ?? null;
}

/** The stored file a cell names: the export's URL (…/sys/common/static/<key>), a storage key, or a file id. */
async function namedFile(c: Context<ApiEnv>, named: string) {
  const key = decodeURIComponent(named.replace(/^[a-z]+:\/\/[^/]+/i, '').replace(/^.*?\/sys\/common\/static\//, '').split('?')[0]);
  return c.get('deps').db
    .selectFrom('sys_file')
    .select(['id', 'file_path', 'create_by'])
    .where((eb) => eb.or([eb('id', '=', named), eb('file_path', '=', key)]))
    .where('del_flag', '=', 0)
    .executeTakeFirst();
}

interface Importer {
  scope: UserScope;
  /** The caller holds work:correct (批改): only then may a row carry a grade or a status a teacher gives. */
  grades: boolean;
}

/** The author a row names: an account name, or a real name unique among the caller's students. */
async function namedAuthor(c: Context<ApiEnv>, who: Importer, row: ImportRow): Promise<{ author: { id: string; username: string } } | { message: string }> {
  const { db } = c.get('deps');
  const named = row.username || row.user;
  if (!named) return { message: '请填写用户（账号）' };
  const byName = await db.selectFrom('sys_user').select(['id', 'username']).where('username', '=', named).where('del_flag', '=', 0).executeTakeFirst();
  let author = byName;
  if (!author && !row.username) {
    const same = await db.selectFrom('sys_user').select(['id', 'username']).where('realname', '=', named).where('del_flag', '=', 0).limit(500).execute();
    const managed = await managedAuthors(db, who.scope, same.map((u) => u.id));
    const mine = same.filter((u) => managed.has(u.id));
    if (mine.length > 1) return { message: `姓名不唯一，请填写账号：${named}` };
    author = mine[0];
  }
  if (!author) return { message: `用户不存在：${named}` };
  if (!(await managedAuthors(db, who.scope, [author.id])).has(author.id)) return { message: `用户不在您负责的班级中：${named}` };
  return { author };
}

/** Where the work belongs: one of the author's classes, and the unit or the homework (of that class) it answers. */
interface Placement {
  departId: string;
  courseId: string | null;
  additionalId: string;
  scene: string;
}

async function placement(c: Context<ApiEnv>, authorId: string, row: ImportRow): Promise<Placement | { message: string }> {
  const { db } = c.get('deps');
  if (row.unit && row.homework) return { message: '课程和附加作业只能填写一个' };
  const classIds = await userClassIds(db, authorId);
  const classes = classIds.length ? await db.selectFrom('sys_depart').select(['id', 'depart_name']).where('id', 'in', classIds).execute() : [];
  let departId = classIds[0] ?? '';
  if (row.depart) {
    const hit = classes.find((d) => d.id === row.depart) ?? classes.find((d) => d.depart_name === row.depart);
    if (!hit) return { message: `班级不是该用户所在的班级：${row.depart}` };
    departId = hit.id;
  }
  if (row.homework) {
    if (!departId) return { message: '该用户不在任何班级中，不能导入班级作业' };
    const assigned = await db
      .selectFrom('teaching_additional_work as a')
      .innerJoin('teaching_additional_work_dept as ad', 'ad.additional_id', 'a.id')
      .select(['a.id', 'a.work_name'])
      .where('ad.dept_id', '=', departId)
      .where((eb) => eb.or([eb('a.id', '=', row.homework!), eb('a.work_name', '=', row.homework!)]))
      .execute();
    const hits = assigned.some((a) => a.id === row.homework) ? assigned.filter((a) => a.id === row.homework) : assigned;
    if (!hits.length) return { message: `附加作业不存在或没有布置给该班级：${row.homework}` };
    if (hits.length > 1) return { message: `附加作业名称不唯一，请填写作业ID：${row.homework}` };
    return { departId, courseId: null, additionalId: hits[0].id, scene: 'additional' };
  }
  if (row.unit) {
    const units = await db
      .selectFrom('teaching_course_unit')
      .select(['id'])
      .where((eb) => eb.or([eb('id', '=', row.unit!), eb('unit_name', '=', row.unit!)]))
      .where('del_flag', '=', 0)
      .execute();
    const hits = units.some((u) => u.id === row.unit) ? units.filter((u) => u.id === row.unit) : units;
    if (!hits.length) return { message: `课程单元不存在：${row.unit}` };
    if (hits.length > 1) return { message: `课程单元名称不唯一，请填写单元ID：${row.unit}` };
    return { departId, courseId: hits[0].id, additionalId: '', scene: 'course' };
  }
  return { departId, courseId: null, additionalId: '', scene: 'create' };
}

/** Checks one row whole, then writes the work and its grade together; the refusal when something is wrong. */
async function importWork(c: Context<ApiEnv>, who: Importer, row: ImportRow): Promise<string | null> {
  const { db, storage } = c.get('deps');
  const caller = c.get('user')!;
  const workType = await dictValue(c, 'work_type', row.workType);
  if (workType === null) return `作业类型不存在：${row.workType}`;
  const status = row.workStatus ? await dictValue(c, 'work_status', row.workStatus) : '0';
  if (status === null || !/^[0-4]$/.test(status)) return `作业状态不存在：${row.workStatus}`;
  const workStatus = Number(status);
  if ((row.score !== undefined || row.comment || workStatus >= WORK_STATUS.graded) && !who.grades) {
    return '导入评分、评语或已批改以上的状态需要批改作业的权限';
  }
  const found = await namedAuthor(c, who, row);
  if ('message' in found) return found.message;
  const { author } = found;
  const place = await placement(c, author.id, row);
  if ('message' in place) return place.message;
  let scene = place.scene;
  if (row.workScene) {
    const asked = await dictValue(c, 'work_scene', row.workScene);
    if (asked === null) return `提交场景不存在：${row.workScene}`;
    // A unit or homework decides the scene; a free work may be 创作 or 考试.
    if (scene === 'create' && (asked === 'course' || asked === 'additional')) return `提交场景为${row.workScene}时请填写${asked === 'course' ? '课程' : '附加作业'}`;
    if (scene === 'create') scene = asked;
  }

  const file = await namedFile(c, row.workFile);
  if (!file) return `作品文件不存在，请先上传文件：${row.workFile}`;
  // A file uploaded by the author or the caller, or already the file of a work of someone the caller manages:
  // never another school's or class's private project.
  if (file.create_by !== author.username && file.create_by !== caller.username) {
    const owners = await db.selectFrom('teaching_work').select('user_id').where('work_file', '=', file.id).where('del_flag', '=', 0).limit(50).execute();
    const managed = await managedAuthors(db, who.scope, owners.map((o) => o.user_id));
    if (!managed.size) return `作品文件不属于该用户：${row.workFile}`;
  }
  const wrongFile = await scratchFilesProblem(db, workType, file.id, null);
  if (wrongFile) return wrongFile;
  const same = await db
    .selectFrom('teaching_work')
    .select('id')
    .where('user_id', '=', author.id)
    .where('work_name', '=', row.workName)
    .where('work_type', '=', workType)
    .where('work_file', '=', file.id)
    .where('del_flag', '=', 0)
    .executeTakeFirst();
  if (same) return `该作品已存在（同一用户、作业名和作品文件）：${row.workName}`;

  const project = await storedProject(storage, file.file_path);
  const id = newId();
  const at = now();
  await db.transaction().execute(async (tx) => {
    await tx
      .insertInto('teaching_work')
      .values({
        id,
        user_id: author.id,
        depart_id: place.departId,
        course_id: place.courseId,
        additional_id: place.additionalId,
        work_name: row.workName,
        work_type: workType,
        work_file: file.id,
        work_status: workStatus,
        work_scene: scene,
        has_cloud_data: project?.info.hasCloudData ? 1 : 0,
        del_flag: 0,
        // create_by is the author (the lists' 账号 filter reads it); the importer shows as the last to change it.
        create_by: author.username,
        create_time: at,
        update_by: caller.username,
        update_time: at,
      })
      .execute();
    if (row.score !== undefined || row.comment) {
      await tx
        .insertInto('teaching_work_correct')
        .values({ id: newId(), work_id: id, score: row.score ?? null, comment: row.comment || null, create_by: caller.username, create_time: at })
        .execute();
    }
  });
  if (project?.info.hasCloudData) await declareCloudVariables(db, id, projectCloudVariables(project.project), author.id);
  return null;
}

export function registerWorkImportRoute(r: ApiRoutes) {
  r.at(workApi.importExcel, perm('work:import'), async (c) => {
    const { db } = c.get('deps');
    const scope = await userScope(db, c.get('user')!);
    if (!hasScope(scope)) return fail(c, NO_MANAGED_DEPARTS);
    const who: Importer = { scope, grades: await hasPermission(c, 'work:correct') };
    return importWorkbook(c, worksList, IMPORT_TITLES, importRow, (row) => importWork(c, who, row));
  });
}
