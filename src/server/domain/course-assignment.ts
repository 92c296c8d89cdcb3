// 课程分配 (班级管理's 课程 tab): which classes take which course and from when (开课时间). A caller reaches only the
// classes of their department scope (admins: all); a course goes to a class only when it is authorised for the
// class or one of its ancestors. The API (api/teaching/course-dept.ts) parses, calls these and answers.
import type { Kysely } from 'kysely';
import type { Database, SysDepart } from '../db/schema.js';
import { assignableTo, selfAndAncestorIds } from './courses.js';
import { newId } from './ids.js';
import type { SessionUser } from './sessions.js';
import { now } from './time.js';

type Actor = Pick<SessionUser, 'username'>;

/** The departments a caller reaches (api/sys/depart-scope.ts computes it): every one, or these ids. */
export interface ClassScope {
  all: boolean;
  ids: Set<string>;
}

export type AssignmentOutcome = { ok: true } | { ok: false; message: string };

/** Policy: the caller may change the courses of this department when it lies in their scope. */
export const reachesClass = (scope: ClassScope, departId: string) => scope.all || scope.ids.has(departId);

/** Policy: courses are assigned to classes (组织机构类别 3) only, not to schools or grades. */
export const takesCourses = (depart: Pick<SysDepart, 'org_category'>) => depart.org_category === '3';

/**
 * 添加已有课程: assigns the courses to the class in one transaction (a course it already has is touched, not
 * doubled). New rows have no open time: students see the course once 开课时间 is set and reached.
 */
export async function assignCourses(db: Kysely<Database>, actor: Actor, scope: ClassScope, deptId: string, courseIdList: string[]): Promise<AssignmentOutcome> {
  const dept = await db.selectFrom('sys_depart').select(['id', 'org_category']).where('id', '=', deptId).executeTakeFirst();
  if (!dept || !reachesClass(scope, dept.id)) return { ok: false, message: '班级不存在或不在您负责的范围内' };
  if (!takesCourses(dept)) return { ok: false, message: '只能给班级添加课程' };
  const courseIds = [...new Set(courseIdList)];
  const allowed = await db
    .selectFrom('teaching_course as c')
    .select('c.id')
    .where('c.id', 'in', courseIds)
    .where(assignableTo(db, 'c', await selfAndAncestorIds(db, dept.id)))
    .execute();
  if (allowed.length !== courseIds.length) return { ok: false, message: '所选课程不存在或未授权给该班级' };
  const existing = new Set((await db.selectFrom('teaching_course_dept').select('course_id').where('dept_id', '=', dept.id).where('course_id', 'in', courseIds).execute()).map((x) => x.course_id));
  const at = now();
  await db.transaction().execute(async (tx) => {
    for (const courseId of courseIds) {
      if (existing.has(courseId)) {
        await tx.updateTable('teaching_course_dept').set({ update_by: actor.username, update_time: at }).where('dept_id', '=', dept.id).where('course_id', '=', courseId).execute();
      } else {
        await tx.insertInto('teaching_course_dept').values({ id: newId(), dept_id: dept.id, course_id: courseId, open_time: null, create_by: actor.username, create_time: at }).execute();
      }
    }
  });
  return { ok: true };
}

/** 设置开课时间 of one class–course row (null: not open). The class and course of the row stay as they are. */
export async function setOpenTime(db: Kysely<Database>, actor: Actor, scope: ClassScope, id: string, openTime: string | null): Promise<AssignmentOutcome> {
  const row = await db.selectFrom('teaching_course_dept').select(['id', 'dept_id']).where('id', '=', id).executeTakeFirst();
  if (!row || !reachesClass(scope, row.dept_id)) return { ok: false, message: '未找到对应数据' };
  await db.updateTable('teaching_course_dept').set({ open_time: openTime, update_by: actor.username, update_time: now() }).where('id', '=', row.id).execute();
  return { ok: true };
}

/** Takes courses off classes: every row must exist and lie in the scope, else nothing changes. */
export async function removeAssignments(db: Kysely<Database>, scope: ClassScope, ids: string[]): Promise<AssignmentOutcome> {
  const found = await db.selectFrom('teaching_course_dept').select(['id', 'dept_id']).where('id', 'in', ids).execute();
  if (found.length !== new Set(ids).size || found.some((x) => !reachesClass(scope, x.dept_id))) return { ok: false, message: '未找到对应数据' };
  await db.deleteFrom('teaching_course_dept').where('id', 'in', ids).execute();
  return { ok: true };
}
