// 班级教学记录 report: the anchor's three reads (camel-cased sums; one row, by class, by month), the scope
// (admin all; a teacher the classes in the subtrees they manage — §2.14.6 fixed: this teacher manages the
// grade, not the classes), students refused, and bad dates answered in Chinese.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { recordClassEvent } from '../../domain/day-log.js';

const COUNTERS = [
  'unitOpenCount',
  'courseWorkAssignCount',
  'additionalWorkAssignCount',
  'courseWorkCorrectCount',
  'additionalWorkCorrectCount',
  'courseWorkSubmitCount',
  'additionalWorkSubmitCount',
];

describe.each(dialects)('班级教学记录 API on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};
  const R = '/teaching/teachingDepartDayLog';

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    for (const u of ['admin', 'teacher', 'student1']) tok[u] = await t.login(u);
    // The demo seed writes a class record of its own; these tests sum from an empty one.
    await t.db.deleteFrom('teaching_depart_day_event').execute();
    await t.db.deleteFrom('teaching_depart_day_log').execute();
    const depart = (name: string) => t.db.selectFrom('sys_depart').selectAll().where('depart_name', '=', name).executeTakeFirstOrThrow();
    const class1 = await depart('一年级一班');
    const class2 = await depart('一年级二班');
    const school = await depart('希望小学');
    ids.class1 = class1.id;
    ids.class2 = class2.id;
    // A class outside the teacher's grade.
    ids.other = 'other-class-0000000000000000001';
    await t.db
      .insertInto('sys_depart')
      .values({ ...class1, id: ids.other, parent_id: school.id, depart_name: '二年级一班', org_code: `${school.org_code}Z09` })
      .execute();
    const ev = (d: string, kind: Parameters<typeof recordClassEvent>[2], subject: string, at: string) => recordClassEvent(t.db, d, kind, subject, at);
    await ev(ids.class1, 'unitOpen', 'u1', '2026-03-02 09:00:00');
    await ev(ids.class1, 'unitOpen', 'u2', '2026-03-05 09:00:00');
    await ev(ids.class1, 'unitOpen', 'u2', '2026-03-06 09:00:00'); // the same unit again: not counted
    await ev(ids.class1, 'courseWorkAssign', 'h1', '2026-03-02 10:00:00');
    await ev(ids.class1, 'additionalWorkAssign', 'a1', '2026-04-01 10:00:00');
    await ev(ids.class1, 'courseWorkSubmit', 'w1', '2026-04-02 10:00:00');
    await ev(ids.class1, 'additionalWorkSubmit', 'w2', '2026-04-02 11:00:00');
    await ev(ids.class1, 'courseWorkCorrect', 'w1', '2026-04-03 10:00:00');
    await ev(ids.class2, 'unitOpen', 'u1', '2026-04-10 09:00:00');
    await ev(ids.class2, 'additionalWorkCorrect', 'w3', '2026-04-11 09:00:00');
    await ev(ids.other, 'unitOpen', 'u9', '2026-03-20 09:00:00');
    await ev(ids.other, 'additionalWorkAssign', 'a9', '2026-03-20 09:00:00');
  });
  afterAll(async () => {
    await t?.close();
  });

  const range = 'startTime=2026-03-01&endTime=2026-04-30';

  it('getReport: one row of camel-cased sums, every class for the admin', async () => {
    const res = await t.api('GET', `${R}/getReport?${range}`, { token: tok.admin });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, code: 200 });
    expect(Object.keys(res.body.result).sort()).toEqual([...COUNTERS].sort());
    expect(res.body.result).toEqual({
      unitOpenCount: 4,
      courseWorkAssignCount: 1,
      additionalWorkAssignCount: 2,
      courseWorkCorrectCount: 1,
      additionalWorkCorrectCount: 1,
      courseWorkSubmitCount: 1,
      additionalWorkSubmitCount: 1,
    });
  });

  it('a teacher sees the classes of the grade they manage (subtree), not others', async () => {
    const res = await t.api('GET', `${R}/getReport?${range}`, { token: tok.teacher });
    expect(res.body.success).toBe(true);
    expect(res.body.result.unitOpenCount).toBe(3);
    expect(res.body.result.additionalWorkAssignCount).toBe(1);
    const by = await t.api('GET', `${R}/getReportGroupByDepart?${range}`, { token: tok.teacher });
    expect(by.body.result.map((r: any) => r.departName).sort()).toEqual(['一年级一班', '一年级二班']);
  });

  it('the range bounds the days (inclusive)', async () => {
    const march = await t.api('GET', `${R}/getReport?startTime=2026-03-02&endTime=2026-03-05`, { token: tok.admin });
    expect(march.body.result.unitOpenCount).toBe(2);
    const none = await t.api('GET', `${R}/getReport?startTime=2020-01-01&endTime=2020-01-31`, { token: tok.admin });
    expect(Object.values(none.body.result)).toEqual(COUNTERS.map(() => 0));
  });

  it('getReportGroupByDepart: a list (not a page) per class with its name and sums', async () => {
    const res = await t.api('GET', `${R}/getReportGroupByDepart?${range}`, { token: tok.admin });
    expect(Array.isArray(res.body.result)).toBe(true);
    expect(res.body.result).toHaveLength(3);
    const c1 = res.body.result.find((r: any) => r.departId === ids.class1);
    expect(c1).toEqual({
      departId: ids.class1,
      departName: '一年级一班',
      unitOpenCount: 2,
      courseWorkAssignCount: 1,
      additionalWorkAssignCount: 1,
      courseWorkCorrectCount: 1,
      additionalWorkCorrectCount: 0,
      courseWorkSubmitCount: 1,
      additionalWorkSubmitCount: 1,
    });
  });

  it('getReportGroupByMonth: one entry per month in order', async () => {
    const res = await t.api('GET', `${R}/getReportGroupByMonth?${range}`, { token: tok.admin });
    expect(res.body.result.map((r: any) => r.createTime)).toEqual(['2026-03', '2026-04']);
    expect(res.body.result[0]).toMatchObject({ unitOpenCount: 3, courseWorkAssignCount: 1, additionalWorkAssignCount: 1 });
    expect(res.body.result[1]).toMatchObject({ unitOpenCount: 1, additionalWorkAssignCount: 1, courseWorkSubmitCount: 1 });
    const teacher = await t.api('GET', `${R}/getReportGroupByMonth?${range}`, { token: tok.teacher });
    expect(teacher.body.result[0].unitOpenCount).toBe(2);
  });

  it('a teacher managing nothing gets zeros and empty lists', async () => {
    const teacherId = await t.userId('teacher');
    const managed = await t.db.selectFrom('sys_user_manage_depart').selectAll().where('user_id', '=', teacherId).execute();
    await t.db.deleteFrom('sys_user_manage_depart').where('user_id', '=', teacherId).execute();
    try {
      const totals = await t.api('GET', `${R}/getReport?${range}`, { token: tok.teacher });
      expect(Object.values(totals.body.result)).toEqual(COUNTERS.map(() => 0));
      expect((await t.api('GET', `${R}/getReportGroupByDepart?${range}`, { token: tok.teacher })).body.result).toEqual([]);
      expect((await t.api('GET', `${R}/getReportGroupByMonth?${range}`, { token: tok.teacher })).body.result).toEqual([]);
    } finally {
      if (managed.length) await t.db.insertInto('sys_user_manage_depart').values(managed).execute();
    }
  });

  it('refuses students and anonymous callers', async () => {
    for (const path of ['getReport', 'getReportGroupByDepart', 'getReportGroupByMonth']) {
      const s = await t.api('GET', `${R}/${path}?${range}`, { token: tok.student1 });
      expect(s.status, path).toBe(403);
      expect(s.body.success).toBe(false);
      const anon = await t.api('GET', `${R}/${path}?${range}`);
      expect(anon.body.message).toBe('Token失效，请重新登录');
    }
  });

  it('answers bad dates with a clear message', async () => {
    const cases: [string, string][] = [
      ['startTime=2026-13-01', '开始日期不是有效的日期'],
      ['startTime=2026-02-30', '开始日期不是有效的日期'],
      ['endTime=yesterday', '结束日期格式不正确，应为 YYYY-MM-DD'],
      ['startTime=2026-05-01&endTime=2026-04-01', '开始日期不能晚于结束日期'],
      ['startTime=1900-01-01&endTime=2026-01-01', '查询的日期范围过大，请缩小到十年以内'],
    ];
    for (const [q, message] of cases) {
      const res = await t.api('GET', `${R}/getReport?${q}`, { token: tok.admin });
      expect(res.status, q).toBe(400);
      expect(res.body).toMatchObject({ success: false, message });
    }
    // Without a range: everything (the anchor's optional parameters).
    const all = await t.api('GET', `${R}/getReport`, { token: tok.admin });
    expect(all.body.result.unitOpenCount).toBe(4);
  });
});
