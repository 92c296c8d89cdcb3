// 数据日志: every edit of a course, unit or work (and role, user) through the API keeps versions; the versions of a
// record and the comparison of two of them; administrators only; bad input refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure, expectNoPermission } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let admin: string;
let teacher: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  teacher = await t.login('teacher');
});
afterAll(async () => {
  await t?.close();
});

type CourseRow = Awaited<ReturnType<typeof courseRow>>;
const courseRow = (order: 'asc' | 'desc') => t.db.selectFrom('teaching_course').selectAll().orderBy('id', order).executeTakeFirstOrThrow();
/** The edit form's body for a course as it is (the edit replaces every field). */
const courseBody = (c: CourseRow) => ({
  id: c.id, courseName: c.course_name, showType: c.show_type, orderNum: c.order_num, courseCover: c.course_cover, courseIcon: c.course_icon, courseMap: c.course_map,
  courseDesc: c.course_desc, isShared: c.is_shared, showHome: c.show_home, courseType: c.course_type, courseCategory: c.course_category,
});

const versions = async (dataTable: string, dataId: string) => {
  const res = await t.api('GET', `/sys/dataLog/queryDataVerList?dataTable=${dataTable}&dataId=${dataId}`, { token: admin });
  expect(res.body.success, res.body.message).toBe(true);
  return res.body.result as { id: string; dataVersion: number; dataContent: string; createBy: string }[];
};

describe('data log', () => {
  it('keeps the original and each edit of a course; compares two versions field by field', async () => {
    const course = await courseRow('asc');
    expect(await versions('teaching_course', course.id)).toEqual([]);
    const edit = (body: Record<string, unknown>) => t.api('PUT', '/teaching/teachingCourse/edit', { token: admin, body: { ...courseBody(course), ...body } });
    expect((await edit({ courseName: '改过一次的课程' })).body.success).toBe(true);
    expect((await edit({ courseName: '改过两次的课程', orderNum: 7 })).body.success).toBe(true);

    const kept = await versions('teaching_course', course.id);
    expect(kept.map((v) => v.dataVersion)).toEqual([1, 2, 3]);
    expect(kept.map((v) => JSON.parse(v.dataContent).courseName)).toEqual([course.course_name, '改过一次的课程', '改过两次的课程']);
    expect(kept[2].createBy).toBe('admin');

    const cmp = await t.api('GET', `/sys/dataLog/queryCompareList?dataId1=${kept[2].id}&dataId2=${kept[0].id}`, { token: admin });
    expect(cmp.body.success, cmp.body.message).toBe(true);
    // Older first, whatever the order asked.
    expect(cmp.body.result.map((r: { dataVersion: number }) => r.dataVersion)).toEqual([1, 3]);
    expect(cmp.body.result[0].changedFields.sort()).toEqual(['courseName', 'orderNum']);
    const one = await t.api('GET', `/sys/dataLog/queryCompareList?dataId1=${kept[1].id}&dataId2=${kept[2].id}`, { token: admin });
    expect(one.body.result[0].changedFields.sort()).toEqual(['courseName', 'orderNum']);

    // The list, filtered by table and record, newest first.
    const list = await t.api('GET', `/sys/dataLog/list?dataTable=teaching_course&dataId=${course.id}&column=dataVersion&order=desc`, { token: admin });
    expect(list.body.result.records.map((r: { dataVersion: number; dataTable_dictText: string }) => [r.dataVersion, r.dataTable_dictText])).toEqual([
      [3, '课程'],
      [2, '课程'],
      [1, '课程'],
    ]);
  });

  it('keeps no new version when an edit changes nothing', async () => {
    const course = await courseRow('desc');
    const body = { ...courseBody(course), courseName: '同名' };
    await t.api('PUT', '/teaching/teachingCourse/edit', { token: admin, body });
    const n = (await versions('teaching_course', course.id)).length;
    await t.api('PUT', '/teaching/teachingCourse/edit', { token: admin, body });
    expect(await versions('teaching_course', course.id)).toHaveLength(n);
  });

  it('keeps versions of units, works, roles and users edited through the API, without passwords', async () => {
    const unit = await t.db.selectFrom('teaching_course_unit').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const res = await t.api('PUT', '/teaching/teachingCourseUnit/edit', { token: admin, body: { id: unit.id, courseId: unit.course_id, unitName: '新单元名', courseVideoSource: unit.course_video_source, courseVideo: unit.course_video } });
    expect(res.body.success, res.body.message).toBe(true);
    const unitVersions = await versions('teaching_course_unit', unit.id);
    expect(unitVersions.map((v) => JSON.parse(v.dataContent).unitName)).toEqual([unit.unit_name, '新单元名']);

    const work = await t.db.selectFrom('teaching_work').selectAll().orderBy('id').executeTakeFirstOrThrow();
    expect((await t.api('PUT', '/teaching/teachingWork/edit', { token: admin, body: { id: work.id, workName: '改名的作品' } })).body.success).toBe(true);
    const workVersions = await versions('teaching_work', work.id);
    expect(workVersions.map((v) => JSON.parse(v.dataContent).workName)).toEqual([work.work_name, '改名的作品']);
    const cmp = await t.api('GET', `/sys/dataLog/queryCompareList?dataId1=${workVersions[0].id}&dataId2=${workVersions[1].id}`, { token: admin });
    expect(cmp.body.result[0].changedFields).toEqual(['workName']);

    const role = await t.db.selectFrom('sys_role').selectAll().where('role_code', '=', 'teacher').executeTakeFirstOrThrow();
    expect((await t.api('PUT', '/sys/role/edit', { token: admin, body: { id: role.id, roleName: '老师', roleCode: 'teacher', roleLevel: role.role_level } })).body.success).toBe(true);
    expect((await versions('sys_role', role.id)).map((v) => JSON.parse(v.dataContent).roleName)).toEqual([role.role_name, '老师']);

    const student = await t.db.selectFrom('sys_user').selectAll().where('username', '=', 'student1').executeTakeFirstOrThrow();
    const edited = await t.api('PUT', '/sys/user/edit', { token: admin, body: { id: student.id, realname: '改名的学生' } });
    expect(edited.body.success, edited.body.message).toBe(true);
    const userVersions = await versions('sys_user', student.id);
    expect(userVersions.map((v) => JSON.parse(v.dataContent).realname)).toEqual([student.realname, '改名的学生']);
    for (const v of userVersions) {
      expect(v.dataContent).not.toContain(student.password);
      expect(JSON.parse(v.dataContent)).not.toHaveProperty('password');
    }
  });

  it('is for administrators only, and refuses bad input', async () => {
    for (const p of ['/sys/dataLog/list', '/sys/dataLog/queryDataVerList?dataTable=teaching_course&dataId=x', '/sys/dataLog/queryCompareList?dataId1=a&dataId2=b', '/sys/dataLog/tables']) {
      expectNoPermission(await t.api('GET', p, { token: teacher }));
    }
    expectFailure(await t.api('GET', '/sys/dataLog/queryDataVerList?dataTable=sys_log&dataId=x', { token: admin }), '表名不正确', { status: 400, code: 400 });
    expectFailure(await t.api('GET', '/sys/dataLog/queryDataVerList?dataTable=teaching_course', { token: admin }), '请指定数据ID', { status: 400, code: 400 });
    expectFailure(await t.api('GET', '/sys/dataLog/queryCompareList?dataId1=a', { token: admin }), '请指定第二个版本', { status: 400, code: 400 });
    expectFailure(await t.api('GET', '/sys/dataLog/queryCompareList?dataId1=a&dataId2=a', { token: admin }), '请选择两个不同的版本进行对比');
    expectFailure(await t.api('GET', '/sys/dataLog/queryCompareList?dataId1=a&dataId2=b', { token: admin }), '未找到对应的版本');
    expectFailure(await t.api('GET', '/sys/dataLog/list?dataTable=sys_log', { token: admin }), '表名不正确', { status: 400, code: 400 });
    // Two versions of different records.
    const rows = await t.db.selectFrom('sys_data_log').select(['id', 'data_id']).execute();
    const other = rows.find((r) => r.data_id !== rows[0].data_id)!;
    expectFailure(await t.api('GET', `/sys/dataLog/queryCompareList?dataId1=${rows[0].id}&dataId2=${other.id}`, { token: admin }), '只能对比同一条数据的两个版本');
  });
});
