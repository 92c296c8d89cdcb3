// A generated form's screen (/online/cgformList/{code}) as a teacher granted its menu entry meets it: the list with
// the query fields, paging, sort and dictionary texts; 新增 / 编辑 / 详情 / 删除 (confirmed) / 批量删除; 导出 and 导入
// (an xlsx round trip); an image field uploaded on save; a refusal beside its field with what was typed kept; the
// menu's buttons hiding and refusing what the teacher is not granted; and a student without the menu refused.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { createSession } from '../../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { expectNoPermission } from '../../../../test/assertions.js';
import { formFields, screen } from '../../../../test/html.js';
import { signupFields, signupModel } from '../../api/online/cgform.test-kit.js';

const PNG = Buffer.from('iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=', 'base64');
const FIELDS = [
  ...signupFields(),
  { dbFieldName: 'photo', dbFieldTxt: '照片', dbType: 'string', dbLength: 200, fieldShowType: 'image', isShowList: 0, orderNum: 9 },
  { dbFieldName: 'checked_by', dbFieldTxt: '审核人', dbType: 'string', dbLength: 20, isReadOnly: 1, isShowList: 0, orderNum: 10 },
];

describe.each(dialects)('在线表单的生成页面 on %s', (dialect) => {
  let t: TestApp;
  let id: string;
  let route: string;
  let menuId: string;
  let teacher: string;
  let teacherToken: string;
  const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
  const page = (path: string, cookie = teacher, headers: Record<string, string> = {}) => t.request(path, { headers: { Cookie: cookie, ...headers } });
  const post = (path: string, form: Record<string, string> | URLSearchParams | FormData, cookie = teacher, headers: Record<string, string> = {}) =>
    t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1', ...headers }, body: form instanceof FormData || form instanceof URLSearchParams ? form : new URLSearchParams(form) });
  /** The page a redirect leads to, with the flash it set. */
  const after = async (res: Response, cookie = teacher) => {
    expect(res.status).toBe(303);
    const flash = /xt_flash=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
    return screen(await (await page(res.headers.get('location') ?? '/', `${cookie}; ${flash}`)).text());
  };
  const rows = async () => (await t.db.selectFrom('cg_signup' as 'sys_role').selectAll().execute()) as unknown as Record<string, unknown>[];
  const addButton = async (perms: string, granted: boolean) => {
    const buttonId = newId();
    await t.db.insertInto('sys_permission').values({ id: buttonId, parent_id: menuId, name: perms, perms, menu_type: 2, sort_no: 1, del_flag: 0, status: '1' } as never).execute();
    if (granted) await t.db.insertInto('sys_role_permission').values({ id: newId(), role_id: await roleId('teacher'), permission_id: buttonId }).execute();
  };
  const roleId = async (code: string) => (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    const admin = await t.login('admin');
    id = (await t.api('POST', '/online/cgform/api/addAll', { token: admin, body: signupModel('cg_signup', { fields: FIELDS }) })).body.result.id;
    expect((await t.api('POST', `/online/cgform/api/doDbSynch/${id}/normal`, { token: admin })).body.success).toBe(true);
    // The menu entry an administrator adds in 菜单管理, granted to teachers.
    route = `/online/cgformList/${id}`;
    menuId = newId();
    await t.db
      .insertInto('sys_permission')
      .values({ id: menuId, parent_id: '', name: '比赛报名', url: route, component: 'modules/online/cgform/auto/OnlCgformAutoList', component_name: 'OnlCgformAutoList', menu_type: 1, sort_no: 99, del_flag: 0, is_route: 1, is_leaf: 0 } as never)
      .execute();
    for (const r of ['teacher', 'admin']) await t.db.insertInto('sys_role_permission').values({ id: newId(), role_id: await roleId(r), permission_id: menuId }).execute();
    teacher = await cookieOf('teacher');
    teacherToken = await t.login('teacher');
    for (const [name, sex, age, ticket] of [['张三', '1', 12, 'T1'], ['李四', '2', 11, 'T2'], ['王五', '1', 13, 'T3']] as const) {
      expect((await t.api('POST', `/online/cgform/api/form/${id}`, { token: teacherToken, body: { student_name: name, sex, age, ticket } })).body.success).toBe(true);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the rows with the query fields, dictionary texts, sort and paging, in the menu the teacher was granted', async () => {
    const s = screen(await (await page(route)).text());
    expect(s.find((e) => e.tag === 'title')[0].text).toBe('比赛报名 · 学堂');
    expect(s.get('link', '比赛报名').attr('href')).toBe(route);
    // The query fields: 姓名 (contains), 性别 (the dictionary), 生日 (a range).
    const search = s.get('search');
    expect(search.all('textbox').map((q) => q.attr('name'))).toEqual(expect.arrayContaining(['student_name', 'birthday_begin', 'birthday_end']));
    expect(search.find((e) => e.tag === 'select' && e.attrs.name === 'sex')[0].find((e) => e.tag === 'option').map((o) => o.text)).toEqual(expect.arrayContaining(['男', '女']));
    expect(s.find((e) => e.tag === 'th').map((h) => h.text.replace(/[▲▼]/g, ''))).toEqual(expect.arrayContaining(['姓名', '性别', '年龄', '成绩', '生日', '手机', '报名号', '操作']));
    expect(s.get('row', /李四/).text).toContain('女');
    for (const label of ['新增', '导出']) expect(s.get('link', label)).toBeTruthy();
    expect(s.find((e) => e.tag === 'form' && e.attrs.action === `${route}/import`)).toHaveLength(1);

    const filtered = screen(await (await page(`${route}?student_name=${encodeURIComponent('四')}`)).text());
    expect(filtered.all('row', /张三|王五/)).toHaveLength(0);
    expect(filtered.get('row', /李四/)).toBeTruthy();
    expect(screen(await (await page(`${route}?sex=1`)).text()).all('row', /李四/)).toHaveLength(0);
    const sorted = screen(await (await page(`${route}?column=age&order=asc`)).text());
    expect(sorted.all('row', /张三|李四|王五/).map((r) => (r.text.match(/张三|李四|王五/) ?? [''])[0])).toEqual(['李四', '张三', '王五']);
    const paged = screen(await (await page(`${route}?column=age&order=asc&pageSize=2&pageNo=2`)).text());
    expect(paged.all('row', /张三|李四|王五/).map((r) => (r.text.match(/张三|李四|王五/) ?? [''])[0])).toEqual(['王五']);
    expect(paged.text).toContain('3-3 共3条');
  });

  it('adds a row through the form, its image uploaded; a refusal stays beside its field with the typed values kept', async () => {
    const form = screen(await (await page(`${route}/form?back=${encodeURIComponent(route)}`)).text());
    expect(form.find((e) => e.tag === 'input' && e.attrs.name === 'photo__file')[0].attr('accept')).toBe('image/*');
    expect(form.find((e) => e.attrs.type === 'radio' && e.attrs.name === 'sex')).toHaveLength(2);
    expect(form.find((e) => e.tag === 'textarea' && e.attrs.name === 'remark')).toHaveLength(1);
    // The read-only field is shown in the detail only.
    expect(form.find((e) => e.attrs.name === 'checked_by')).toHaveLength(0);

    const refused = await post(`${route}/save`, { back: route, student_name: '赵六', sex: '2', age: '10', phone: '12345', ticket: 'T9' });
    expect(refused.status).toBe(400);
    const again = screen(await refused.text());
    const phone = again.find((e) => e.tag === 'input' && e.attrs.name === 'phone')[0];
    expect(phone.attr('aria-invalid')).toBe('true');
    expect(again.find((e) => e.attrs.id === phone.attr('aria-describedby'))[0].text).toBe('手机必须是手机号码');
    expect(again.find((e) => e.attrs.name === 'student_name')[0].attr('value')).toBe('赵六');
    expect(again.find((e) => e.attrs.name === 'sex' && e.attrs.value === '2')[0].attr('checked')).toBeDefined();

    const f = new FormData();
    for (const [k, v] of Object.entries({ back: route, student_name: '赵六', sex: '2', age: '10', phone: '13800000000', ticket: 'T9' })) f.set(k, v);
    f.set('photo__file', new Blob([PNG], { type: 'image/png' }), 'me.png');
    const saved = await after(await post(`${route}/save`, f));
    expect(saved.get('alert').text).toContain('添加成功！');
    const row = (await rows()).find((r) => r.student_name === '赵六')!;
    expect(row).toMatchObject({ sex: '2', age: 10, phone: '13800000000', create_by: 'teacher' });
    expect(String(row.photo)).toMatch(/^cgform\/[0-9a-f]{32}\.png$/);
  });

  it('edits a row, shows it in 详情 with the read-only field, and deletes one after the confirmation', async () => {
    const row = (await rows()).find((r) => r.student_name === '赵六')!;
    await t.db.updateTable('cg_signup' as 'sys_role').set({ checked_by: '王老师' } as never).where('id', '=', row.id as string).execute();
    const list = screen(await (await page(route)).text());
    const line = list.get('row', /赵六/);
    expect(line.get('link', '编辑').attr('href')).toContain(`${route}/form?id=${row.id}`);
    const detailHref = line.get('link', '详情').attr('href')!;
    expect(detailHref).toContain(`${route}/detail?id=${row.id}`);
    const detail = screen(await (await page(detailHref)).text());
    expect(detail.find((e) => e.attrs.name === 'checked_by')[0].attr('value')).toBe('王老师');
    expect(detail.find((e) => e.attrs.name === 'student_name')[0].attr('disabled')).toBeDefined();
    expect(detail.all('button', '确定')).toHaveLength(0);

    const edit = screen(await (await page(`${route}/form?id=${row.id}&back=${encodeURIComponent(route)}`)).text());
    const values = formFields(edit.find((e) => e.attrs.id === 'xt-dialog-form')[0]);
    expect(values.get('student_name')).toBe('赵六');
    expect(values.get('photo')).toBe(row.photo);
    values.set('student_name', '赵小六');
    expect((await after(await post(`${route}/save`, values))).get('alert').text).toContain('修改成功！');
    expect((await rows()).find((r) => r.id === row.id)).toMatchObject({ student_name: '赵小六', photo: row.photo, checked_by: '王老师', update_by: 'teacher' });

    expect(line.get('link', '删除').attr('hx-confirm')).toBe('确定删除吗?');
    const ask = await post(`${route}/delete`, { ids: String(row.id), back: route });
    expect(screen(await ask.text()).text).toContain('确定删除吗?');
    expect((await rows()).some((r) => r.id === row.id)).toBe(true);
    expect((await after(await post(`${route}/delete`, { ids: String(row.id), back: route, confirmed: '1' }))).get('alert').text).toContain('删除成功');
    expect((await rows()).some((r) => r.id === row.id)).toBe(false);
  });

  it('exports the rows to Excel and imports them back', async () => {
    const s = screen(await (await page(`${route}?sex=1`)).text());
    const href = s.get('link', '导出').attr('href')!;
    expect(href).toContain(`/api/online/cgform/api/exportXls/${id}`);
    const res = await page(href);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    const values = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(values.slice(3).map((r) => r[0]).sort()).toEqual(['张三', '王五'].sort());
    // Back in under new names and tickets.
    sheet.getRow(4).getCell(1).value = '张三二';
    sheet.getRow(5).getCell(1).value = '王五二';
    sheet.getRow(4).getCell(7).value = 'T21';
    sheet.getRow(5).getCell(7).value = 'T22';
    sheet.getRow(4).getCell(2).value = '1';
    sheet.getRow(5).getCell(2).value = '1';
    const f = new FormData();
    f.set('back', route);
    f.set('file', new Blob([Buffer.from(await wb.xlsx.writeBuffer())]), 'signup.xlsx');
    const done = await after(await post(`${route}/import`, f));
    expect(done.get('alert').text).toContain('成功');
    expect((await rows()).map((r) => r.student_name)).toEqual(expect.arrayContaining(['张三二', '王五二']));
  });

  it('deletes the selected rows', async () => {
    const s = screen(await (await page(route)).text());
    const picked = (await rows()).filter((r) => String(r.student_name).endsWith('二')).map((r) => String(r.id));
    const bulk = s.find((e) => e.tag === 'form' && e.attrs.action === `${route}/delete`)[0];
    expect(bulk).toBeTruthy();
    expect(s.get('button', '删除').attr('hx-confirm')).toBe('是否删除选中数据?');
    const form = new URLSearchParams([['back', route], ['confirmed', '1'], ...picked.map((x) => ['ids', x])]);
    expect((await after(await post(`${route}/delete`, form))).get('alert').text).toContain('删除成功');
    expect((await rows()).map((r) => r.student_name).sort()).toEqual(['张三', '李四', '王五'].sort());
  });

  it('follows the menu’s buttons: an action the menu declares needs the button, the others stay open', async () => {
    await addButton('online:cg_signup:add', false);
    await addButton('online:cg_signup:batch_delete', false);
    await addButton('online:cg_signup:import', false);
    await addButton('online:cg_signup:export', true);
    const s = screen(await (await page(route)).text());
    expect(s.all('link', '新增')).toHaveLength(0);
    expect(s.find((e) => e.tag === 'form' && e.attrs.action === `${route}/import`)).toHaveLength(0);
    expect(s.all('button', '删除')).toHaveLength(0);
    expect(s.get('link', '导出')).toBeTruthy();
    expect(s.get('row', /李四/).get('link', '编辑')).toBeTruthy();
    expect(s.get('row', /李四/).get('link', '删除')).toBeTruthy();
    // The API refuses the same, and says which buttons the screen hides.
    const token = await t.login('teacher');
    expect((await t.api('GET', `/online/cgform/api/getColumns/${id}`, { token })).body.result.hideColumns).toEqual(['add', 'batch_delete', 'import']);
    const refused = await post(`${route}/save`, { back: route, student_name: '越权', ticket: 'T77' });
    expect(screen(await refused.text()).get('alert').text).toContain('没有权限');
    expect((await rows()).some((r) => r.student_name === '越权')).toBe(false);
    const all = (await rows()).map((r) => String(r.id));
    expectNoPermission(await t.api('DELETE', `/online/cgform/api/form/${id}/${all.join(',')}`, { token }));
    expect(await rows()).toHaveLength(3);
    const res = await t.request(`/api/online/cgform/api/exportXls/${id}`, { headers: { 'X-Access-Token': token } });
    expect(res.status).toBe(200);
    // The administrator keeps every button.
    const admin = screen(await (await page(route, await cookieOf('admin'))).text());
    expect(admin.get('link', '新增')).toBeTruthy();
  });

  it('refuses a user whose menu does not hold the screen', async () => {
    const res = await page(route, await cookieOf('student1'));
    expect(res.status).toBe(403);
    expect(screen(await res.text()).all('row', /李四/)).toHaveLength(0);
    expect((await page(`${route}/form`, await cookieOf('student1'))).status).toBe(403);
  });

  it('opens a form no menu entry names yet to administrators, as a page of 在线表单开发', async () => {
    const admin = await t.login('admin');
    const other = (await t.api('POST', '/online/cgform/api/addAll', { token: admin, body: signupModel('cg_other') })).body.result.id;
    expect((await t.api('POST', `/online/cgform/api/doDbSynch/${other}/normal`, { token: admin })).body.success).toBe(true);
    // 在线表单开发's own entry (seeded with its designer); the fallback needs it in the administrator's menu.
    if (!(await t.db.selectFrom('sys_permission').select('id').where('url', '=', '/online/cgform').where('del_flag', '=', 0).executeTakeFirst())) {
      const designer = newId();
      await t.db.insertInto('sys_permission').values({ id: designer, parent_id: '', name: '在线表单开发', url: '/online/cgform', component: 'modules/online/cgform/OnlCgformHeadList', menu_type: 1, sort_no: 98, del_flag: 0 } as never).execute();
      await t.db.insertInto('sys_role_permission').values({ id: newId(), role_id: await roleId('admin'), permission_id: designer }).execute();
    }
    const adminCookie = await cookieOf('admin');
    const res = await page('/online/cgformList/cg_other', adminCookie);
    expect(res.status).toBe(200);
    expect(screen(await res.text()).get('link', '新增').attr('href')).toContain('/online/cgformList/cg_other/form');
    expect((await page('/online/cgformList/cg_other/form', adminCookie, { 'HX-Request': 'true', 'HX-Target': 'xt-modal' })).status).toBe(200);
    // Anyone else needs the form's own entry.
    expect((await page('/online/cgformList/cg_other', teacher)).status).toBe(403);
    expect((await page('/online/cgformList/nope', adminCookie)).status).toBe(404);
  });

  it('shows a switch by its label, an image as itself and a file as a link, and the export’s labels import back', async () => {
    const admin = await t.login('admin');
    const fields = [
      { dbFieldName: 'student_name', dbFieldTxt: '姓名', dbType: 'string', dbLength: 20, isShowList: 1, orderNum: 1 },
      { dbFieldName: 'need_bus', dbFieldTxt: '乘坐校车', dbType: 'string', dbLength: 1, fieldShowType: 'switch', isShowList: 1, orderNum: 2 },
      { dbFieldName: 'photo', dbFieldTxt: '照片', dbType: 'string', dbLength: 200, fieldShowType: 'image', isShowList: 1, orderNum: 3 },
      { dbFieldName: 'doc', dbFieldTxt: '材料', dbType: 'string', dbLength: 200, fieldShowType: 'file', isShowList: 1, orderNum: 4 },
    ];
    const shown = (await t.api('POST', '/online/cgform/api/addAll', { token: admin, body: signupModel('cg_shown', { fields }) })).body.result.id;
    expect((await t.api('POST', `/online/cgform/api/doDbSynch/${shown}/normal`, { token: admin })).body.success).toBe(true);
    const body = { student_name: '周七', need_bus: 'Y', photo: 'cgform/ab12.png', doc: 'cgform-file/cd34.pdf' };
    expect((await t.api('POST', `/online/cgform/api/form/${shown}`, { token: admin, body })).body.success).toBe(true);
    const adminCookie = await cookieOf('admin');
    const list = screen(await (await page('/online/cgformList/cg_shown', adminCookie)).text());
    const line = list.get('row', /周七/);
    const cells = line.find((e) => e.tag === 'td').map((d) => d.text);
    expect(cells).toContain('是');
    expect(cells).not.toContain('Y');
    expect(line.find((e) => e.tag === 'img')[0].attr('src')).toBe('/api/sys/common/static/cgform/ab12.png');
    expect(line.get('link', '下载').attr('href')).toBe('/api/sys/common/static/cgform-file/cd34.pdf');

    const res = await page(list.get('link', '导出').attr('href')!, adminCookie);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const values = wb.worksheets[0].getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(values.slice(2)).toEqual([['姓名', '乘坐校车', '照片', '材料'], ['周七', '是', 'cgform/ab12.png', 'cgform-file/cd34.pdf']]);
    const f = new FormData();
    f.set('back', '/online/cgformList/cg_shown');
    f.set('file', new Blob([Buffer.from(await wb.xlsx.writeBuffer())]), 'shown.xlsx');
    expect((await after(await post('/online/cgformList/cg_shown/import', f, adminCookie), adminCookie)).get('alert').text).toContain('共1行数据全部导入成功！');
    const stored = (await t.db.selectFrom('cg_shown' as 'sys_role').selectAll().execute()) as unknown as Record<string, unknown>[];
    expect(stored.map((r) => [r.need_bus, r.photo])).toEqual([['Y', 'cgform/ab12.png'], ['Y', 'cgform/ab12.png']]);
  });
});
