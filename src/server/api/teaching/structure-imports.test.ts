// The imports of 班级管理 and 课程管理 (sysDepart/importExcel, teachingCourse/importExcel): the export's columns read
// back, each row added as the screen's add would add it; rejected rows are reported and change nothing.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoPermission, expectTokenRefusal } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

describe.each(dialects)('department and course imports on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};

  const sheet = async (rows: (string | number)[][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('导入');
    for (const r of rows) ws.addRow(r);
    const form = new FormData();
    form.set('file', new Blob([(await wb.xlsx.writeBuffer()) as ArrayBuffer]), 'import.xlsx');
    return form;
  };
  const post = async (path: string, body: FormData | null, token?: string) => {
    const res = await t.request(`/api${path}`, { method: 'POST', body: body ?? undefined, headers: token ? { 'X-Access-Token': token } : {} });
    return { status: res.status, body: (await res.json()) as { success: boolean; message: string; code: number; result: any; timestamp: number } };
  };
  const notXlsx = () => {
    const form = new FormData();
    form.set('file', new Blob(['not a workbook']), 'import.xlsx');
    return form;
  };

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    for (const u of ['admin', 'student1']) tok[u] = await t.login(u);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('sysDepart/importExcel adds departments below parents named by name or org code, and reports the rest', async () => {
    const form = await sheet([
      ['班级管理列表数据'],
      ['导出人:管理员'],
      ['部门名称', '机构编码', '上级部门', '机构类型', '排序', '手机号', '状态'],
      ['导入学校', 'Z99', '', '机构', 3, '', '启用'],
      ['导入年级', '', '导入学校', '部门', '', '', ''],
      ['导入一班', '', '导入年级', '班级', '', '0571-1234', '不启用'],
      ['孤儿班', '', '没有这个部门', '班级', '', '', ''],
      ['导入年级', '', '导入学校', '部门', '', '', ''],
      ['班下之班', '', '导入一班', '班级', '', '', ''],
      ['坏类型', '', '导入学校', '学院', '', '', ''],
      ['坏手机', '', '导入学校', '部门', '', 'abc', ''],
    ]);
    const res = await post('/sys/sysDepart/importExcel', form, tok.admin);
    expect(res.body.code).toBe(201);
    expect(res.body.result.msg).toBe('总上传行数：8，已导入行数：3，错误行数：5');
    expect(res.body.result.errors.map((e: { row: number }) => e.row)).toEqual([7, 8, 9, 10, 11]);
    expect(res.body.result.errors[0].message).toContain('上级部门不存在');
    expect(res.body.result.errors[1].message).toContain('已存在');
    expect(res.body.result.errors[2].message).toBe('班级下不能再添加下级部门');
    const rows = await t.db.selectFrom('sys_depart').selectAll().where('depart_name', 'in', ['导入学校', '导入年级', '导入一班', '孤儿班', '班下之班', '坏类型', '坏手机']).orderBy('org_code').execute();
    expect(rows.map((d) => d.depart_name)).toEqual(['导入学校', '导入年级', '导入一班']);
    const [school, grade, klass] = rows;
    expect(school.org_code).not.toBe('Z99');
    expect(school.parent_id).toBe('');
    expect(grade.parent_id).toBe(school.id);
    expect(grade.org_code.startsWith(school.org_code)).toBe(true);
    expect([klass.parent_id, klass.org_category, klass.status, klass.mobile]).toEqual([grade.id, '3', '0', '0571-1234']);

    // By org code, into the class's grade.
    const again = await post('/sys/sysDepart/importExcel', await sheet([['部门名称', '上级部门'], ['导入二班', grade.org_code]]), tok.admin);
    expect(again.body.code).toBe(200);
    const two = await t.db.selectFrom('sys_depart').selectAll().where('depart_name', '=', '导入二班').executeTakeFirstOrThrow();
    expect([two.parent_id, two.org_category]).toEqual([grade.id, '3']);
  });

  it('sysDepart/importExcel refuses a wrong file and a caller without 添加', async () => {
    expect((await post('/sys/sysDepart/importExcel', notXlsx(), tok.admin)).body.message).toBe('文件格式不正确，请上传 .xlsx 文件');
    expect((await post('/sys/sysDepart/importExcel', null, tok.admin)).body.message).toBe('请上传Excel文件');
    expectNoPermission(await post('/sys/sysDepart/importExcel', await sheet([['部门名称'], ['越权学校']]), tok.student1));
    expectTokenRefusal(await post('/sys/sysDepart/importExcel', await sheet([['部门名称'], ['越权学校']])));
    expect(await t.db.selectFrom('sys_depart').select('id').where('depart_name', '=', '越权学校').executeTakeFirst()).toBeUndefined();
  });

  it('teachingCourse/importExcel adds courses from the export’s columns and reports the rest', async () => {
    const klass = await t.db.selectFrom('sys_depart').select(['id', 'depart_name']).where('org_category', '=', '3').orderBy('org_code').executeTakeFirstOrThrow();
    const form = await sheet([
      ['课程管理列表数据'],
      ['导出人:管理员'],
      ['课程性质', '课程分类', '课程名', '展示形式', '是否共享', '首页展示', '授权部门', '创建人', '创建日期', '排序'],
      ['', '', '导入课程甲', '地图', '是', '否', klass.depart_name, 'someone', '2020-01-01', 7],
      ['', '', '导入课程乙', '卡片', '否', '是', '', '', '', ''],
      ['', '', '', '卡片', '否', '否', '', '', '', ''],
      ['', '', '导入课程丙', '卡片', '也许', '否', '', '', '', ''],
      ['', '', '导入课程丁', '卡片', '否', '否', '没有这个班', '', '', ''],
      ['不存在的性质', '', '导入课程戊', '卡片', '否', '否', '', '', '', ''],
    ]);
    const res = await post('/teaching/teachingCourse/importExcel', form, tok.admin);
    expect(res.body.code).toBe(201);
    expect(res.body.result.msg).toBe('总上传行数：6，已导入行数：2，错误行数：4');
    expect(res.body.result.errors.map((e: { row: number }) => e.row)).toEqual([6, 7, 8, 9]);
    expect(res.body.result.errors[2].message).toBe('授权部门不存在：没有这个班');
    expect(res.body.result.errors[3].message).toBe('课程性质不存在');
    const rows = await t.db.selectFrom('teaching_course').selectAll().where('course_name', 'like', '导入课程%').orderBy('course_name').execute();
    expect(rows.map((r) => [r.course_name, r.show_type, r.is_shared, r.show_home, r.order_num, r.create_by])).toEqual([
      ['导入课程乙', 2, 0, 1, 1, 'admin'],
      ['导入课程甲', 1, 1, 0, 7, 'admin'],
    ]);
    const auth = await t.db.selectFrom('teaching_course_auth_depart').select('depart_id').where('course_id', '=', rows[1].id).execute();
    expect(auth.map((a) => a.depart_id)).toEqual([klass.id]);
  });

  it('teachingCourse/importExcel refuses a wrong file and a caller without 添加', async () => {
    expect((await post('/teaching/teachingCourse/importExcel', notXlsx(), tok.admin)).body.message).toBe('文件格式不正确，请上传 .xlsx 文件');
    expectNoPermission(await post('/teaching/teachingCourse/importExcel', await sheet([['课程名'], ['越权课程']]), tok.student1));
    expect(await t.db.selectFrom('teaching_course').select('id').where('course_name', '=', '越权课程').executeTakeFirst()).toBeUndefined();
  });
});
