// GET /teaching/teachingDepartDayLog/unitViewLog: 开课 is counted for a teacher once per class and unit (the
// first class of theirs that has the course: member first, else managed), never for a student; the caller
// must be allowed to see the unit; it writes only for the token header (a GET that changes data).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { newId } from '../../domain/ids.js';
import { now } from '../../domain/time.js';

describe.each(dialects)('unitViewLog on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const departId = async (name: string) => (await t.db.selectFrom('sys_depart').select('id').where('depart_name', '=', name).executeTakeFirstOrThrow()).id;
  const firstUnit = async (courseName: string) =>
    (
      await t.db
        .selectFrom('teaching_course_unit as u')
        .innerJoin('teaching_course as c', 'c.id', 'u.course_id')
        .select('u.id')
        .where('c.course_name', '=', courseName)
        .orderBy('u.order_num')
        .executeTakeFirstOrThrow()
    ).id;
  const opens = async (dept: string) =>
    Number((await t.db.selectFrom('teaching_depart_day_log').select((eb) => eb.fn.sum<number>('unit_open_count').as('n')).where('depart_id', '=', dept).executeTakeFirst())?.n ?? 0);
  const view = (unitId: string, token: string) => t.api('GET', `/teaching/teachingDepartDayLog/unitViewLog?unitId=${unitId}`, { token });

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    for (const u of ['admin', 'teacher', 'student1', 'student3']) tok[u] = await t.login(u);
    // The demo seed writes a class record of its own; these tests count from an empty one.
    await t.db.deleteFrom('teaching_depart_day_event').execute();
    await t.db.deleteFrom('teaching_depart_day_log').execute();
    ids.class1 = await departId('一年级一班');
    ids.class2 = await departId('一年级二班');
    ids.mapUnit = await firstUnit('Scratch游戏闯关');
    ids.pythonUnit = await firstUnit('Python初探');
    // A course only class 2 takes: the teacher manages that class (through 一年级) without being a member.
    ids.course2 = newId();
    await t.db.insertInto('teaching_course').values({ id: ids.course2, course_name: '二班专属', show_type: 2, is_shared: 0, show_home: 0, order_num: 9, course_type: '', course_category: '', del_flag: 0, create_by: 'admin', create_time: now() }).execute();
    ids.unit2 = newId();
    await t.db.insertInto('teaching_course_unit').values({ id: ids.unit2, course_id: ids.course2, unit_name: '二班单元', course_case: '', order_num: 1, del_flag: 0, create_by: 'admin', create_time: now() }).execute();
    await t.db.insertInto('teaching_course_dept').values({ id: newId(), dept_id: ids.class2, course_id: ids.course2, open_time: '2024-01-01 00:00:00', create_by: 'admin', create_time: now() }).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts 开课 for the teacher’s own class once per unit', async () => {
    const before = await opens(ids.class1);
    expectEnvelope(await view(ids.mapUnit, tok.teacher), { success: true, message: '操作成功！' });
    expect(await opens(ids.class1)).toBe(before + 1);
    await view(ids.mapUnit, tok.teacher);
    expect(await opens(ids.class1)).toBe(before + 1);
    await view(ids.pythonUnit, tok.teacher);
    expect(await opens(ids.class1)).toBe(before + 2);
    // The map course is also assigned to class 2 (opening next week): the member class took it, not class 2.
    expect(await opens(ids.class2)).toBe(0);
    const events = await t.db.selectFrom('teaching_depart_day_event').select(['depart_id', 'kind', 'subject_id']).where('kind', '=', 'unitOpen').execute();
    expect(events.filter((e) => e.subject_id === ids.mapUnit)).toEqual([{ depart_id: ids.class1, kind: 'unitOpen', subject_id: ids.mapUnit }]);
  });

  it('counts for a managed class when the teacher is no member of one that has the course', async () => {
    await view(ids.unit2, tok.teacher);
    await view(ids.unit2, tok.teacher);
    expect(await opens(ids.class2)).toBe(1);
  });

  it('counts nothing for students, and refuses units they may not see', async () => {
    const before = await opens(ids.class1);
    expectEnvelope(await view(ids.mapUnit, tok.student1), { success: true });
    expect(await opens(ids.class1)).toBe(before);
    // Class 2's map course opens next week.
    expectFailure(await view(ids.mapUnit, tok.student3), '无课程权限');
    expectFailure(await view(ids.pythonUnit, tok.student3), '无课程权限');
  });

  it('refuses bad input and unknown units, and the session cookie (a GET that writes)', async () => {
    const missing = await t.api('GET', '/teaching/teachingDepartDayLog/unitViewLog', { token: tok.teacher });
    expect(missing.body).toMatchObject({ success: false, message: '请指定课程单元' });
    const long = await t.api('GET', `/teaching/teachingDepartDayLog/unitViewLog?unitId=${'x'.repeat(65)}`, { token: tok.teacher });
    expect(long.body).toMatchObject({ success: false, message: '单元id格式不正确' });
    expectFailure(await view('no-such-unit', tok.teacher), '未找到对应数据');
    const byCookie = await t.request(`/api/teaching/teachingDepartDayLog/unitViewLog?unitId=${ids.pythonUnit}`, { headers: { Cookie: `xt_token=${tok.teacher}` } });
    expect(byCookie.status).toBe(405);
    expect((await t.api('GET', `/teaching/teachingDepartDayLog/unitViewLog?unitId=${ids.pythonUnit}`)).body.success).toBe(false);
  });
});
