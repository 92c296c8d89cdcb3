// 课程分配's rules and writes (domain/course-assignment.ts): courses go to classes of the caller's scope only, and
// only courses authorised for the class; assigning twice does not double a course; out-of-scope rows stay.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { assignCourses, reachesClass, removeAssignments, setOpenTime, takesCourses, type ClassScope } from './course-assignment.js';
import { newId } from './ids.js';

let t: TestApp;
const dep: Record<string, string> = {};
const actor = { username: 'teacher' };
let courseId: string;
const rowsOf = (deptId: string) => t.db.selectFrom('teaching_course_dept').selectAll().where('dept_id', '=', deptId).where('course_id', '=', courseId).execute();

beforeAll(async () => {
  t = await startTestApp();
  for (const d of await t.db.selectFrom('sys_depart').select(['id', 'org_code']).execute()) dep[d.org_code] = d.id;
  courseId = newId();
  await t.db.insertInto('teaching_course').values({ id: courseId, course_name: '分配测试', show_type: 2, is_shared: 0, show_home: 0, order_num: 99, del_flag: 0 } as never).execute();
  // Authorised for class 1 only.
  await t.db.insertInto('teaching_course_auth_depart').values({ id: newId(), course_id: courseId, depart_id: dep.A01A01A01 }).execute();
});
afterAll(async () => {
  await t?.close();
});

describe('the assignment policies', () => {
  it('reaches the classes of the scope (admins every one), and only classes take courses', () => {
    const scope: ClassScope = { all: false, ids: new Set(['c1']) };
    expect(reachesClass(scope, 'c1')).toBe(true);
    expect(reachesClass(scope, 'c2')).toBe(false);
    expect(reachesClass({ all: true, ids: new Set() }, 'c2')).toBe(true);
    expect(takesCourses({ org_category: '3' })).toBe(true);
    expect(takesCourses({ org_category: '2' })).toBe(false);
  });
});

describe('assignCourses, setOpenTime, removeAssignments', () => {
  it('assigns an authorised course once, and refuses other classes, grades and classes out of scope', async () => {
    const teacherScope: ClassScope = { all: false, ids: new Set([dep.A01A01, dep.A01A01A01, dep.A01A01A02]) };
    expect(await assignCourses(t.db, actor, teacherScope, dep.A01A01A01, [courseId, courseId])).toEqual({ ok: true });
    expect(await assignCourses(t.db, actor, teacherScope, dep.A01A01A01, [courseId])).toEqual({ ok: true });
    expect(await rowsOf(dep.A01A01A01)).toHaveLength(1);
    expect(await assignCourses(t.db, actor, teacherScope, dep.A01A01A02, [courseId])).toEqual({ ok: false, message: '所选课程不存在或未授权给该班级' });
    expect(await assignCourses(t.db, actor, teacherScope, dep.A01A01, [courseId])).toEqual({ ok: false, message: '只能给班级添加课程' });
    expect(await assignCourses(t.db, actor, { all: false, ids: new Set() }, dep.A01A01A01, [courseId])).toEqual({ ok: false, message: '班级不存在或不在您负责的范围内' });
    expect(await rowsOf(dep.A01A01A02)).toHaveLength(0);
  });

  it('sets the open time and removes rows only inside the scope', async () => {
    const [row] = await rowsOf(dep.A01A01A01);
    const outside: ClassScope = { all: false, ids: new Set([dep.A01A01A02]) };
    expect(await setOpenTime(t.db, actor, outside, row.id, '2024-09-01 08:00:00')).toEqual({ ok: false, message: '未找到对应数据' });
    expect(await setOpenTime(t.db, actor, { all: true, ids: new Set() }, row.id, '2024-09-01 08:00:00')).toEqual({ ok: true });
    expect((await rowsOf(dep.A01A01A01))[0].open_time).toBe('2024-09-01 08:00:00');
    expect(await removeAssignments(t.db, outside, [row.id])).toEqual({ ok: false, message: '未找到对应数据' });
    expect(await rowsOf(dep.A01A01A01)).toHaveLength(1);
    expect(await removeAssignments(t.db, { all: true, ids: new Set() }, [row.id])).toEqual({ ok: true });
    expect(await rowsOf(dep.A01A01A01)).toHaveLength(0);
  });
});
