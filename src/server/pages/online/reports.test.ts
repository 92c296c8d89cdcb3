// 在线报表配置 and a report's screen, as an administrator sees them: the list with the seeded 各班作品统计; the
// designer's 解析SQL refusing a write beside the SQL and filling the column and parameter grids from a good SELECT;
// saving it; the report's screen with its parameter, dictionary texts, 导出 and chart; and a teacher refused a
// report that no menu entry grants them.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { formFields, screen } from '../../../../test/html.js';

let t: TestApp;
const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const page = (path: string, cookie: string) => t.request(path, { headers: { Cookie: cookie } });
const post = (path: string, cookie: string, form: URLSearchParams | Record<string, string>) =>
  t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1' }, body: form instanceof URLSearchParams ? form : new URLSearchParams(form) });
const USERS_SQL = 'select username, realname, sex from sys_user where del_flag = 0 and username like \'${prefix}%\'';

beforeAll(async () => {
  t = await startTestApp({ sqliteOnFile: true });
});
afterAll(async () => {
  await t?.close();
});

describe('在线报表配置', () => {
  it('lists the seeded sample report with 打开报表, 编辑 and a confirmed 删除', async () => {
    const s = screen(await (await page('/online/cgreport', await cookieOf('admin'))).text());
    const row = s.get('row', /works_by_class/);
    expect(row.text).toContain('各班作品统计');
    expect(row.get('link', '打开报表').attr('href')).toBe('/online/cgreport/works_by_class');
    expect(row.get('link', '编辑各班作品统计').attr('href')).toContain('/online/cgreport/form?code=works_by_class');
    expect(row.get('link', '删除').attr('hx-confirm')).toBe('确定删除吗?');
    expect(s.get('link', '新增').attr('href')).toContain('/online/cgreport/form');
  });

  it('refuses SQL that writes beside the SQL field, keeping what was typed', async () => {
    const admin = await cookieOf('admin');
    const res = await post('/online/cgreport/save', admin, { action: 'parse', back: '/online/cgreport', code: 'bad', name: '坏报表', cgrSql: 'delete from sys_role' });
    expect(res.status).toBe(400);
    const s = screen(await res.text());
    const sqlBox = s.find((e) => e.tag === 'textarea' && e.attrs.name === 'cgrSql')[0];
    expect(sqlBox.attr('aria-invalid')).toBe('true');
    expect(s.find((e) => e.attrs.id === sqlBox.attr('aria-describedby'))[0].text).toBe('报表只能是一条只读的SELECT语句，不允许使用 DELETE');
    expect(sqlBox.text).toBe('delete from sys_role');
  });

  it('parses a good SELECT into the column and parameter grids, then saves the report', async () => {
    const admin = await cookieOf('admin');
    const parsed = await post('/online/cgreport/save', admin, { action: 'parse', back: '/online/cgreport', code: 'users_by_prefix', name: '账号报表', cgrSql: USERS_SQL });
    expect(parsed.status).toBe(200);
    const s = screen(await parsed.text());
    expect(s.get('status').text).toBe('解析成功：3列，1个参数');
    const columns = s.get('region', '报表列');
    expect(columns.find((e) => e.tag === 'input' && /^items\.\d\.fieldName$/.test(e.attrs.name ?? '')).map((q) => q.attr('value'))).toEqual(['username', 'realname', 'sex']);
    const params = s.get('region', '报表参数');
    expect(params.find((e) => e.attrs.name === 'params.0.paramName')[0].attr('value')).toBe('prefix');

    // The designer sets a label, a dictionary and a default, then saves what the form holds.
    const form = formFields(s.find((e) => e.attrs.id === 'xt-report-designer')[0]);
    form.set('items.2.fieldTxt', '性别');
    form.set('items.2.dictCode', 'sex');
    form.set('items.0.isSearch', '1');
    form.set('params.0.paramTxt', '账号前缀');
    form.set('params.0.paramValue', 'student');
    form.set('action', 'save');
    const saved = await post('/online/cgreport/save', admin, form);
    expect(saved.status).toBe(303);
    const head = await t.db.selectFrom('onl_cgreport_head').select(['id', 'name']).where('code', '=', 'users_by_prefix').executeTakeFirstOrThrow();
    expect(head.name).toBe('账号报表');
    const items = await t.db.selectFrom('onl_cgreport_item').select(['field_name', 'field_txt', 'dict_code', 'is_search']).where('cgrhead_id', '=', head.id).orderBy('order_num').execute();
    expect(items).toEqual([
      { field_name: 'username', field_txt: 'username', dict_code: null, is_search: 1 },
      { field_name: 'realname', field_txt: 'realname', dict_code: null, is_search: 0 },
      { field_name: 'sex', field_txt: '性别', dict_code: 'sex', is_search: 0 },
    ]);

    // 编辑 opens it again with its grids.
    const again = screen(await (await page('/online/cgreport/form?code=users_by_prefix', admin)).text());
    expect(again.find((e) => e.attrs.name === 'params.0.paramValue')[0].attr('value')).toBe('student');
    expect(again.find((e) => e.attrs.name === 'items.2.dictCode')[0].find((e) => e.tag === 'option' && 'selected' in e.attrs)[0].attr('value')).toBe('sex');
  });

  it('answers a refused save beside the field it names', async () => {
    const admin = await cookieOf('admin');
    const res = await post('/online/cgreport/save', admin, { action: 'save', back: '/online/cgreport', code: 'works_by_class', name: '重复', cgrSql: 'select 1 as one' });
    expect(res.status).toBe(400);
    const s = screen(await res.text());
    const code = s.find((e) => e.tag === 'input' && e.attrs.name === 'code')[0];
    expect(s.find((e) => e.attrs.id === code.attr('aria-describedby'))[0].text).toBe('报表编码已存在');
  });
});

describe('a report’s screen', () => {
  it('shows the sample report with its parameter, dictionary texts, 导出 and a bar chart', async () => {
    const admin = await cookieOf('admin');
    const s = screen(await (await page('/online/cgreport/works_by_class', admin)).text());
    const table = s.get('table');
    expect(table.all('row')[0].text).toContain('班级');
    const works = await t.db.selectFrom('teaching_work').select(['work_type']).where('del_flag', '=', 0).execute();
    expect(works.length).toBeGreaterThan(0);
    // Dictionary texts, not codes: the demo's works are Scratch3.0 (2) and others.
    expect(table.text).toMatch(/Scratch3\.0|Scratch2\.0|文件/);
    const search = s.get('search');
    expect(search.find((e) => e.attrs.name === 'self_since')).toHaveLength(1);
    expect(search.get('combobox').attr('name')).toBe('work_type');
    expect(s.get('link', '导出').attr('href')).toMatch(/^\/api\/online\/cgreport\/api\/exportXls\/works_by_class(\?|$)/);
    const chart = s.get('img', /各班作品统计：按班级的作品数、已批改/);
    expect(chart.text).toMatch(/作品数 \d+/);

    // A parameter past every work: no rows, and a pie chart asked for by the URL says so.
    const none = screen(await (await page('/online/cgreport/works_by_class?self_since=2999-01-01&chart.type=pie&chart.y=work_count', admin)).text());
    expect(none.get('table').text).toContain('暂无数据');
    expect(none.get('region', '图表').text).toContain('没有可以画图的数据');
  });

  it('exports the report as Excel with the same search', async () => {
    const res = await page('/api/online/cgreport/api/exportXls/works_by_class?work_type=2', await cookieOf('admin'));
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
  });

  it('opens a designed report for its designer before a menu names it, and refuses a teacher', async () => {
    const s = screen(await (await page('/online/cgreport/users_by_prefix?self_prefix=teacher', await cookieOf('admin'))).text());
    expect(s.get('table').text).toContain('teacher');
    expect((await page('/online/cgreport/works_by_class', await cookieOf('teacher'))).status).toBe(403);
  });
});
