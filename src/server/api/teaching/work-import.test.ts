// 作业管理's import (POST /teaching/teachingWork/importExcel): the export's columns read back as works whose files
// are already stored, for authors in the caller's scope; a rejected row is reported and writes nothing.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoPermission, expectTokenRefusal } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { newId } from '../../domain/ids.js';
import { addClass, addUser, grantCodes, storedFile } from './work-fixtures.js';

const HEADER = ['账号', '用户', '班级', '课程', '附加作业', '作业名', '作业类型', '作业状态', '作品文件', '提交场景', '创建日期', '评分', '评语'];

describe.each(dialects)('teachingWork/importExcel on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const ids: Record<string, string> = {};

  const sheet = async (rows: (string | number)[][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('导出信息');
    ws.addRow(['作业管理列表数据']);
    ws.addRow(['导出人:九老师']);
    ws.addRow(HEADER);
    for (const r of rows) ws.addRow(r);
    const form = new FormData();
    form.set('file', new Blob([(await wb.xlsx.writeBuffer()) as ArrayBuffer]), 'works.xlsx');
    return form;
  };
  const post = async (form: FormData | null, token?: string) => {
    const res = await t.request('/api/teaching/teachingWork/importExcel', { method: 'POST', body: form ?? undefined, headers: token ? { 'X-Access-Token': token } : {} });
    return { status: res.status, body: (await res.json()) as { success: boolean; message: string; code: number; result: any; timestamp: number } };
  };
  const worksOf = (userId: string) => t.db.selectFrom('teaching_work').selectAll().where('user_id', '=', userId).orderBy('work_name').execute();
  const count = async (table: 'teaching_work' | 'teaching_work_correct') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  /** A row in the header's order. */
  const row = (o: Partial<Record<(typeof HEADER)[number], string | number>>) => HEADER.map((h) => o[h as keyof typeof o] ?? '');

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    ids.class9 = await addClass(t, '导入九班', '希望小学', 'A01A19');
    ids.class8 = await addClass(t, '导入八班', '希望小学', 'A01A18');
    ids.student9 = await addUser(t, 'wi.student9', '小九', 'student', [ids.class9, ids.class8]);
    ids.other = await addUser(t, 'wi.other', '别班同学', 'student', []);
    await addUser(t, 'wi.teacher9', '九老师', 'teacher', [ids.class9], [ids.class9, ids.class8]);
    // A role that may import but not grade.
    await t.db.insertInto('sys_role').values({ id: newId(), role_name: '导入员', role_code: 'wimport', role_level: 2 }).execute();
    await addUser(t, 'wi.importer', '导入员', 'wimport', [], [ids.class9]);
    await grantCodes(t, ['teacher'], ['work:import', 'work:correct']);
    await grantCodes(t, ['wimport'], ['work:import']);
    for (const u of ['wi.student9', 'wi.teacher9', 'wi.importer']) tok[u] = await t.login(u);
    ids.unit = newId();
    const course = newId();
    await t.db.insertInto('teaching_course').values({ id: course, course_name: '导入课程', del_flag: 0 } as never).execute();
    await t.db.insertInto('teaching_course_unit').values({ id: ids.unit, course_id: course, unit_name: '第一课 导入', del_flag: 0 } as never).execute();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('imports works of the caller’s students with their grade, naming authors, classes, units and files as the export writes them', async () => {
    const own = await storedFile(t, 'wi.student9');
    const mine = await storedFile(t, 'wi.teacher9', 'pdf');
    const form = await sheet([
      row({ 账号: 'wi.student9', 班级: '导入九班', 课程: '第一课 导入', 作业名: '小猫走迷宫', 作业类型: 'Scratch3.0', 作业状态: '已批改', 作品文件: `/api/sys/common/static/${own.key}`, 评分: 5, 评语: '很好' }),
      row({ 用户: '小九', 作业名: '读书笔记', 作业类型: '0', 作品文件: mine.id, 提交场景: '考试', 创建日期: '2020-01-01 00:00:00' }),
    ]);
    const res = await post(form, tok['wi.teacher9']);
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true, code: 200, message: '共2行数据全部导入成功！', result: { msg: '总上传行数：2，已导入行数：2，错误行数：0' } });
    const works = await worksOf(ids.student9);
    expect(works.map((w) => [w.work_name, w.work_type, w.work_status, w.depart_id, w.course_id, w.work_scene, w.work_file, w.create_by, w.update_by])).toEqual([
      ['小猫走迷宫', '2', 2, ids.class9, ids.unit, 'course', own.id, 'wi.student9', 'wi.teacher9'],
      // Without 班级: the author's first class (by org code).
      ['读书笔记', '0', 0, ids.class8, null, 'exam', mine.id, 'wi.student9', 'wi.teacher9'],
    ]);
    const grade = await t.db.selectFrom('teaching_work_correct').selectAll().where('work_id', '=', works[0].id).executeTakeFirstOrThrow();
    expect([grade.score, grade.comment]).toEqual([5, '很好']);
    // The author's own list shows the imported works.
    const list = await t.api('GET', '/teaching/teachingWork/mine', { token: tok['wi.student9'] });
    expect(list.body.result.records.map((r: any) => r.workName).sort()).toEqual(['小猫走迷宫', '读书笔记']);
  });

  it('reports each bad row in Chinese and writes nothing for it; the good rows go in', async () => {
    const good = await storedFile(t, 'wi.student9');
    const dup = await storedFile(t, 'wi.student9');
    const foreign = await storedFile(t, 'wi.other');
    const notScratch = await storedFile(t, 'wi.student9', 'pdf');
    await post(await sheet([row({ 账号: 'wi.student9', 作业名: '已有作品', 作业类型: '2', 作品文件: dup.id })]), tok['wi.teacher9']);
    const [works, grades] = [await count('teaching_work'), await count('teaching_work_correct')];
    const res = await post(
      await sheet([
        row({ 账号: 'wi.student9', 作业名: '新作品', 作业类型: '2', 作品文件: good.id, 评分: 4 }),
        row({ 账号: 'nobody.here', 作业名: '甲', 作业类型: '2', 作品文件: good.id }),
        row({ 账号: 'wi.other', 作业名: '乙', 作业类型: '0', 作品文件: foreign.id }),
        row({ 账号: 'wi.student9', 作业名: '丙', 作业类型: '0', 作品文件: foreign.id }),
        row({ 账号: 'wi.student9', 作业名: '丁', 作业类型: '2', 作品文件: 'project3/missing.sb3' }),
        row({ 账号: 'wi.student9', 作业类型: '2', 作品文件: good.id }),
        row({ 账号: 'wi.student9', 作业名: '戊', 作业类型: '动画', 作品文件: good.id }),
        row({ 账号: 'wi.student9', 作业名: '己', 作业类型: '2', 作品文件: good.id, 评分: 7 }),
        row({ 账号: 'wi.student9', 作业名: '已有作品', 作业类型: '2', 作品文件: dup.id }),
        row({ 账号: 'wi.student9', 作业名: '庚', 作业类型: 'Scratch3.0', 作品文件: notScratch.id, 评分: 3 }),
        row({ 账号: 'wi.student9', 班级: '希望小学', 作业名: '辛', 作业类型: '0', 作品文件: notScratch.id }),
        row({ 账号: 'wi.student9', 附加作业: '没有的作业', 作业名: '壬', 作业类型: '0', 作品文件: notScratch.id }),
        row({ 账号: 'wi.student9', 作业名: '癸', 作业类型: '0', 作业状态: '已删除', 作品文件: notScratch.id }),
      ]),
      tok['wi.teacher9'],
    );
    expect(res.body, JSON.stringify(res.body)).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。', result: { msg: '总上传行数：13，已导入行数：1，错误行数：12' } });
    expect(res.body.result.errors).toEqual([
      { row: 5, message: '用户不存在：nobody.here' },
      { row: 6, message: '用户不在您负责的班级中：wi.other' },
      { row: 7, message: `作品文件不属于该用户：${foreign.id}` },
      { row: 8, message: '作品文件不存在，请先上传文件：project3/missing.sb3' },
      { row: 9, message: '请填写作业名' },
      { row: 10, message: '作业类型不存在：动画' },
      { row: 11, message: '评分只能是1到5' },
      { row: 12, message: '该作品已存在（同一用户、作业名和作品文件）：已有作品' },
      { row: 13, message: '作品文件不是 Scratch 项目（.sb3），请在编辑器中保存后再提交' },
      { row: 14, message: '班级不是该用户所在的班级：希望小学' },
      { row: 15, message: '附加作业不存在或没有布置给该班级：没有的作业' },
      { row: 16, message: '作业状态不存在：已删除' },
    ]);
    // Exactly the good row and its grade were written.
    expect([await count('teaching_work'), await count('teaching_work_correct')]).toEqual([works + 1, grades + 1]);
    expect((await worksOf(ids.student9)).filter((w) => w.work_name === '新作品')).toHaveLength(1);
  });

  it('needs work:import, and work:correct for a grade or a teacher’s status', async () => {
    const f = await storedFile(t, 'wi.student9');
    const form = () => sheet([row({ 账号: 'wi.student9', 作业名: '无权作品', 作业类型: '2', 作品文件: f.id })]);
    expectNoPermission(await post(await form(), tok['wi.student9']));
    expectTokenRefusal(await post(await form()));
    const before = await count('teaching_work');
    const graded = await post(
      await sheet([
        row({ 账号: 'wi.student9', 作业名: '带评分', 作业类型: '2', 作品文件: f.id, 评分: 5 }),
        row({ 账号: 'wi.student9', 作业名: '精选', 作业类型: '2', 作业状态: '精选作品', 作品文件: f.id }),
        row({ 账号: 'wi.student9', 作业名: '待批改的', 作业类型: '2', 作业状态: '待批改', 作品文件: f.id }),
      ]),
      tok['wi.importer'],
    );
    expect(graded.body.result.errors.map((e: any) => e.message)).toEqual(['导入评分、评语或已批改以上的状态需要批改作业的权限', '导入评分、评语或已批改以上的状态需要批改作业的权限']);
    expect(await count('teaching_work')).toBe(before + 1);
    expect((await worksOf(ids.student9)).find((w) => w.work_name === '待批改的')?.work_status).toBe(1);
  });
});
