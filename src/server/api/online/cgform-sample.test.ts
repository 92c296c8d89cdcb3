// The seeded sample form 比赛报名 (db/seed/forms.ts) works from the first start: an administrator opens its columns
// and form, adds entries checked by its fields (required, the switch's two values, the 作品链接
// as a 网址), and lists them with dictionary texts, filtered by an indexed field and by a name part.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

const CODE = 'cg_contest_signup';

describe.each(dialects)('sample form 比赛报名 on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const form = (body: unknown) => t.api('POST', `/online/cgform/api/form/${CODE}`, { token: admin, body });
  const data = async (query = '') => (await t.api('GET', `/online/cgform/api/getData/${CODE}${query}`, { token: admin })).body;

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('offers its columns and its form, with the 比赛项目 dictionary', async () => {
    const columns = (await t.api('GET', `/online/cgform/api/getColumns/${CODE}`, { token: admin })).body;
    expect(columns, columns.message).toMatchObject({ success: true, result: { tableName: CODE, description: '比赛报名' } });
    expect(columns.result.columns.map((c: any) => c.title)).toEqual(['学生姓名', '班级', '年级', '比赛项目', '报名日期', '是否需要辅导', '作品链接']);
    expect(columns.result.dictOptions.project.map((o: any) => o.text)).toContain('Scratch创意编程');
    const item = (await t.api('GET', `/online/cgform/api/getFormItem/${CODE}`, { token: admin })).body.result;
    expect(item.schema.required).toEqual(['student_name', 'project', 'signup_date']);
    expect(Object.fromEntries(Object.entries(item.schema.properties).map(([k, p]: [string, any]) => [k, p.view]))).toEqual({
      student_name: 'text',
      class_name: 'text',
      grade: 'radio',
      project: 'list',
      signup_date: 'date',
      need_coach: 'switch',
      work_url: 'text',
      remark: 'textarea',
    });
  });

  it('adds entries checked by its fields and lists them filtered, with dictionary texts', async () => {
    const ok = { student_name: '张小明', class_name: '三年级1班', grade: '3', project: 'scratch', signup_date: '2026-11-20', need_coach: 'Y', work_url: 'https://example.org/w/1', remark: '第一次参赛' };
    const refused: [Record<string, unknown>, string][] = [
      [{ ...ok, student_name: '' }, '请输入学生姓名'],
      [{ ...ok, project: undefined }, '请选择比赛项目'],
      [{ ...ok, need_coach: 'maybe' }, '是否需要辅导不存在'],
      [{ ...ok, work_url: 'javascript:alert(1)' }, '作品链接必须是网址'],
      [{ ...ok, signup_date: '2026-11' }, '报名日期格式不正确'],
      [{ ...ok, signup_date: '2026-13-01' }, '报名日期格式不正确'],
      [{ ...ok, signup_date: '2026-02-30' }, '报名日期格式不正确'],
      [{ ...ok, project: 'chess' }, '比赛项目“chess”不是可选的值'],
    ];
    for (const [body, message] of refused) expect((await form(body)).body, JSON.stringify(body)).toMatchObject({ success: false, message });
    expect((await data()).result.total).toBe(0);

    for (const body of [ok, { ...ok, student_name: '李华', project: 'python', need_coach: 'N', work_url: '' }]) {
      const res = await form(body);
      expect(res.body, res.body.message).toMatchObject({ success: true });
    }
    const all = await data('?column=create_time&order=asc');
    expect(all.result.records.map((r: any) => [r.student_name, r.project_dictText, r.need_coach]).sort()).toEqual([
      ['张小明', 'Scratch创意编程', 'Y'],
      ['李华', 'Python编程', 'N'],
    ].sort());
    expect((await data('?project=python')).result.records.map((r: any) => r.student_name)).toEqual(['李华']);
    expect((await data(`?student_name=${encodeURIComponent('*小*')}`)).result.records.map((r: any) => r.student_name)).toEqual(['张小明']);
    expect((await data('?signup_date_begin=2026-11-01&signup_date_end=2026-11-30')).result.total).toBe(2);
  });
});
