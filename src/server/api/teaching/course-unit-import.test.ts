// 课程单元 导入 (importExcel: the export's own file reads back in; one bad row and nothing is stored, every
// bad row named with its number), and the files that go with a deleted course or unit (sys_file rows and
// the files on disk) unless another row still uses them.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure } from '../../../../test/assertions.js';
import { dialects, startTestApp, type ApiAnswer, type TestApp } from '../../../../test/harness.js';

const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');

async function workbook(rows: (string | number | null)[][]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('导出信息');
  ws.addRow(['课程单元管理列表数据']);
  ws.addRow(['导出人:admin']);
  ws.addRow(['单元名称', '单元简介', '课程名', '作业类型', '创建人', '创建日期', '排序']);
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}

describe.each(dialects)('unit import and stored files on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let student: string;

  const importFile = async (data: Buffer, token = admin) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), 'units.xlsx');
    const res = await t.request('/api/teaching/teachingCourseUnit/importExcel', { method: 'POST', headers: { 'X-Access-Token': token }, body: form });
    return { status: res.status, body: (await res.json()) as ApiAnswer['body'] };
  };
  const unitCount = async () => Number((await t.db.selectFrom('teaching_course_unit').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const upload = async (data: Buffer, name: string, biz: string) => {
    const form = new FormData();
    form.set('file', new Blob([data as BlobPart]), name);
    form.set('biz', biz);
    const r = await t.request('/api/sys/common/upload', { method: 'POST', body: form, headers: { 'X-Access-Token': admin } });
    const body = (await r.json()) as { success: boolean; message: string };
    expect(body.success).toBe(true);
    return body.message;
  };
  const stored = async (key: string) => ({
    row: !!(await t.db.selectFrom('sys_file').select('id').where('file_path', '=', key).executeTakeFirst()),
    disk: !!(await t.deps.storage.stat(key)),
  });

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
    teacher = await t.login('teacher');
    student = await t.login('student1');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('imports the rows of a good file into their courses (work type by its text or value)', async () => {
    const before = await unitCount();
    const res = await importFile(
      await workbook([
        ['导入单元一', '第一行\n第二行', 'Scratch入门', 'Scratch3.0', 'x', '2025-01-01', 7],
        ['导入单元二', null, 'Python初探', '4', null, null, null],
      ]),
    );
    expectEnvelope(res, { success: true, code: 200 });
    expect(res.body.result.msg).toBe('总上传行数：2，已导入行数：2，错误行数：0');
    expect(await unitCount()).toBe(before + 2);
    const one = await t.db
      .selectFrom('teaching_course_unit as u')
      .innerJoin('teaching_course as c', 'c.id', 'u.course_id')
      .select(['c.course_name', 'u.unit_intro', 'u.course_work_type', 'u.order_num', 'u.create_by'])
      .where('u.unit_name', '=', '导入单元一')
      .executeTakeFirstOrThrow();
    expect(one).toEqual({ course_name: 'Scratch入门', unit_intro: '第一行\n第二行', course_work_type: 2, order_num: 7, create_by: 'admin' });
    const two = await t.db.selectFrom('teaching_course_unit').select(['course_work_type', 'order_num']).where('unit_name', '=', '导入单元二').executeTakeFirstOrThrow();
    expect(two).toEqual({ course_work_type: 4, order_num: 1 });
  });

  it('reads back the file the export writes', async () => {
    const exported = await t.request('/api/teaching/teachingCourseUnit/exportXls?unitName=导入单元一', { headers: { 'X-Access-Token': admin } });
    expect(exported.status).toBe(200);
    const before = await unitCount();
    const res = await importFile(Buffer.from(await exported.arrayBuffer()));
    expectEnvelope(res, { success: true, code: 200 });
    expect(await unitCount()).toBe(before + 1);
  });

  it('stores nothing when any row is bad, and names every bad row', async () => {
    const before = await unitCount();
    const res = await importFile(
      await workbook([
        ['好单元', null, 'Scratch入门', 'Scratch3.0', null, null, 1],
        [null, '缺名称', 'Scratch入门', null, null, null, null],
        ['坏课程', null, '没有这门课', null, null, null, null],
        ['坏类型', null, 'Scratch入门', '毛笔字', null, null, null],
        ['坏排序', null, 'Scratch入门', null, null, null, -3],
      ]),
    );
    expectFailure(res, '导入失败，未导入任何数据。第5行：请填写单元名称；第6行：课程不存在：没有这门课；第7行：作业类型不存在：毛笔字；第8行：排序不能小于0');
    expect(await unitCount()).toBe(before);
    expect(await t.db.selectFrom('teaching_course_unit').select('id').where('unit_name', '=', '好单元').executeTakeFirst()).toBeUndefined();
  });

  it('refuses a file that is not Excel, callers without 添加单元, and a teacher’s rows for a course they did not create', async () => {
    const before = await unitCount();
    expect((await importFile(Buffer.from('not a workbook'))).body.success).toBe(false);
    const denied = await importFile(await workbook([['x', null, 'Scratch入门', null, null, null, null]]), student);
    expect(denied.status).toBe(403);
    const others = await importFile(await workbook([['x', null, 'Scratch入门', null, null, null, null]]), teacher);
    expectFailure(others, '导入失败，未导入任何数据。第4行：只能导入到自己创建的课程：Scratch入门');
    expect(await unitCount()).toBe(before);
  });

  it('deleting a unit deletes its files, except those another unit still uses', async () => {
    const course = (await t.db.selectFrom('teaching_course').select('id').where('course_name', '=', 'Scratch入门').executeTakeFirstOrThrow()).id;
    const own = await upload(PDF, 'own.pdf', 'courseunit');
    const shared = await upload(PDF, 'shared.pdf', 'courseunit');
    const cover = await upload(PNG, 'cover.png', 'course');
    const add = async (name: string, body: Record<string, unknown>) => {
      const res = await t.api('POST', '/teaching/teachingCourseUnit/add', { token: admin, body: { courseId: course, unitName: name, ...body } });
      expectEnvelope(res, { success: true });
      return res.body.result.id as string;
    };
    const a = await add('带文件单元A', { coursePpt: `${own},${shared}`, unitCover: cover });
    await add('带文件单元B', { coursePlan: shared });
    for (const k of [own, shared, cover]) expect(await stored(k)).toEqual({ row: true, disk: true });
    expectEnvelope(await t.api('DELETE', `/teaching/teachingCourseUnit/delete?id=${a}`, { token: admin }), { success: true });
    expect(await stored(own)).toEqual({ row: false, disk: false });
    expect(await stored(cover)).toEqual({ row: false, disk: false });
    expect(await stored(shared)).toEqual({ row: true, disk: true });
  });

  it('deleting a course deletes its cover and map, except a file another course still shows', async () => {
    const cover = await upload(PNG, 'c.png', 'course');
    const map = await upload(PNG, 'm.png', 'course');
    const add = async (name: string, body: Record<string, unknown>) => {
      const res = await t.api('POST', '/teaching/teachingCourse/add', { token: admin, body: { courseName: name, ...body } });
      expectEnvelope(res, { success: true });
      return res.body.result.id as string;
    };
    const one = await add('删文件课程一', { courseCover: cover, courseMap: map, showType: 1 });
    const two = await add('删文件课程二', { courseCover: cover });
    expectEnvelope(await t.api('DELETE', `/teaching/teachingCourse/delete?id=${one}`, { token: admin }), { success: true });
    expect(await stored(map)).toEqual({ row: false, disk: false });
    expect(await stored(cover)).toEqual({ row: true, disk: true });
    expectEnvelope(await t.api('DELETE', `/teaching/teachingCourse/deleteBatch?ids=${two}`, { token: admin }), { success: true });
    expect(await stored(cover)).toEqual({ row: false, disk: false });
  });

  it('课程单元管理 offers 导入 and shows a refused file’s row errors', async () => {
    const { createSession } = await import('../../domain/sessions.js');
    const cookie = `xt_token=${(await createSession(t.db, await t.userId('admin'))).token}`;
    const list = await (await t.request('/course/courseUnit', { headers: { Cookie: cookie } })).text();
    expect(list).toContain('/course/courseUnit/import');
    const form = new FormData();
    form.set('back', '/course/courseUnit');
    form.set('file', new Blob([new Uint8Array(await workbook([['页面导入', null, '没有这门课', null, null, null, null]]))]), 'units.xlsx');
    const before = await unitCount();
    const res = await t.request('/course/courseUnit/import', { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1' }, body: form });
    expect(res.status).toBe(303);
    const after = await (await t.request(res.headers.get('location')!, { headers: { Cookie: [cookie, ...res.headers.getSetCookie().map((x) => x.split(';')[0])].join('; ') } })).text();
    expect(after).toContain('导入失败，未导入任何数据。第4行：课程不存在：没有这门课');
    expect(await unitCount()).toBe(before);
  });
});
