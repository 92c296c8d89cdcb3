// A tree form's generated screen (/online/cgformTreeList/{code}) as a teacher granted its menu entry meets it: the
// top level paged, a row's children shown when it is opened (the URL's `open`), a filter showing a match under its
// ancestors, 添加下级 (the parent preset and named), 编辑, 删除 of a subtree after the confirmation, and a student
// without the menu refused.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { createSession } from '../../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { formFields, screen } from '../../../../test/html.js';

const areaModel = {
  head: { tableName: 'cg_area', tableTxt: '区域', tableType: 1, isTree: 'Y', treeParentIdField: 'pid', treeIdField: 'has_child', treeFieldname: 'name' },
  fields: [
    { dbFieldName: 'name', dbFieldTxt: '名称', dbType: 'string', dbLength: 50, fieldMustInput: '1', isQuery: 1, isShowList: 1, orderNum: 1 },
    { dbFieldName: 'pid', dbFieldTxt: '父级节点', dbType: 'string', dbLength: 32, isShowForm: 1, isShowList: 0, orderNum: 2 },
    { dbFieldName: 'has_child', dbFieldTxt: '是否有子节点', dbType: 'string', dbLength: 3, fieldShowType: 'list', dictField: 'yn', isShowForm: 0, isShowList: 0, orderNum: 3 },
    { dbFieldName: 'code', dbFieldTxt: '区号', dbType: 'string', dbLength: 10, isShowList: 1, orderNum: 4 },
  ],
};

describe.each(dialects)('树表单的生成页面 on %s', (dialect) => {
  let t: TestApp;
  let route: string;
  let teacher: string;
  const ids: Record<string, string> = {};
  const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
  const page = (path: string, cookie = teacher) => t.request(path, { headers: { Cookie: cookie } });
  const post = (path: string, form: Record<string, string> | URLSearchParams, cookie = teacher) =>
    t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1' }, body: form instanceof URLSearchParams ? form : new URLSearchParams(form) });
  const after = async (res: Response) => {
    expect(res.status).toBe(303);
    const flash = /xt_flash=[^;]+/.exec(res.headers.get('set-cookie') ?? '')?.[0] ?? '';
    return screen(await (await page(res.headers.get('location') ?? '/', `${teacher}; ${flash}`)).text());
  };
  const rows = async () => (await t.db.selectFrom('cg_area' as 'sys_role').selectAll().execute()) as unknown as Record<string, unknown>[];
  const names = (s: ReturnType<typeof screen>) => s.all('row', /华|上海|浦东|江苏|南京/).map((r) => (r.text.match(/华东|华北|上海|浦东|江苏|南京/) ?? [''])[0]);
  const roleId = async (code: string) => (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', code).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    const admin = await t.login('admin');
    const id = (await t.api('POST', '/online/cgform/api/addAll', { token: admin, body: areaModel })).body.result.id;
    expect((await t.api('POST', `/online/cgform/api/doDbSynch/${id}/normal`, { token: admin })).body.success).toBe(true);
    route = `/online/cgformTreeList/${id}`;
    const menuId = newId();
    await t.db
      .insertInto('sys_permission')
      .values({ id: menuId, parent_id: '', name: '区域', url: route, component: 'modules/online/cgform/auto/OnlCgformTreeList', component_name: 'OnlCgformTreeList', menu_type: 1, sort_no: 99, del_flag: 0, is_route: 1, is_leaf: 0 } as never)
      .execute();
    await t.db.insertInto('sys_role_permission').values({ id: newId(), role_id: await roleId('teacher'), permission_id: menuId }).execute();
    teacher = await cookieOf('teacher');
    const token = await t.login('teacher');
    for (const [name, parent] of [['华东', ''], ['华北', ''], ['上海', '华东'], ['浦东', '上海'], ['江苏', '华东']] as const) {
      const res = await t.api('POST', `/online/cgform/api/form/${id}`, { token, body: { name, pid: parent ? ids[parent] : '' } });
      expect(res.body.success, res.body.message).toBe(true);
      ids[name] = res.body.result;
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the top level, paged, and shows a row’s children when it is opened', async () => {
    const s = screen(await (await page(route)).text());
    expect(s.find((e) => e.tag === 'title')[0].text).toBe('区域 · 学堂');
    expect(names(s).sort()).toEqual(['华东', '华北'].sort());
    // The tree columns are the server's: not listed.
    expect(s.find((e) => e.tag === 'th').map((h) => h.text)).not.toContain('是否有子节点');
    expect(s.get('row', /华北/).all('link', /展开/)).toHaveLength(0);
    const expand = s.get('row', /华东/).get('link', '展开 华东');
    expect(expand.attr('aria-expanded')).toBe('false');
    const opened = screen(await (await page(expand.attr('href')!)).text());
    const order = names(opened);
    // The children right under their parent.
    const at = order.indexOf('华东');
    expect(order.slice(at + 1, at + 3).sort()).toEqual(['上海', '江苏'].sort());
    expect(order.sort()).toEqual(['上海', '华东', '华北', '江苏'].sort());
    expect(opened.get('row', /上海/).find((e) => e.attrs.class === 'xt-tree-name')[0].attr('style')).toContain('padding-left:20px');
    // Opening 上海 too keeps 华东 open; closing 华东 hides both levels.
    const deeper = screen(await (await page(opened.get('link', '展开 上海').attr('href')!)).text());
    expect(names(deeper)).toContain('浦东');
    expect(deeper.get('row', /浦东/).find((e) => e.attrs.class === 'xt-tree-name')[0].attr('style')).toContain('padding-left:40px');
    const closed = screen(await (await page(deeper.get('link', '收起 华东').attr('href')!)).text());
    expect(names(closed).sort()).toEqual(['华东', '华北'].sort());
    // The top level is what pages.
    const paged = screen(await (await page(`${route}?pageSize=1&column=name&order=asc`)).text());
    expect(names(paged)).toHaveLength(1);
    expect(paged.text).toContain('共2条');
  });

  it('shows a filter’s matches under their ancestors', async () => {
    const s = screen(await (await page(`${route}?name=${encodeURIComponent('浦')}`)).text());
    expect(names(s)).toEqual(['华东', '上海', '浦东']);
    expect(screen(await (await page(`${route}?name=${encodeURIComponent('无此地')}`)).text()).all('row', /华/)).toHaveLength(0);
  });

  it('adds a row under another with 添加下级: the parent preset and named', async () => {
    const s = screen(await (await page(route)).text());
    const href = s.get('row', /华东/).get('link', '添加下级').attr('href')!;
    expect(href).toContain(`pid=${ids['华东']}`);
    const form = screen(await (await page(href)).text());
    expect(form.text).toContain('华东');
    const values = formFields(form.find((e) => e.attrs.id === 'xt-dialog-form')[0]);
    expect(values.get('pid')).toBe(ids['华东']);
    values.set('name', '浙江');
    values.set('code', '0571');
    expect((await after(await post(`${route}/save`, values))).get('alert').text).toContain('添加成功！');
    expect((await rows()).find((r) => r.name === '浙江')).toMatchObject({ pid: ids['华东'], has_child: '0', create_by: 'teacher' });
    // A top-level add has no parent.
    const top = screen(await (await page(`${route}/form?back=${encodeURIComponent(route)}`)).text());
    expect(top.text).toContain('无（顶级节点）');
  });

  it('edits a row and keeps its parent', async () => {
    const edit = screen(await (await page(`${route}/form?id=${ids['江苏']}&back=${encodeURIComponent(route)}`)).text());
    const values = formFields(edit.find((e) => e.attrs.id === 'xt-dialog-form')[0]);
    expect(values.get('name')).toBe('江苏');
    values.set('code', '025');
    expect((await after(await post(`${route}/save`, values))).get('alert').text).toContain('修改成功！');
    expect((await rows()).find((r) => r.id === ids['江苏'])).toMatchObject({ code: '025', pid: ids['华东'] });
  });

  it('deletes a row with its subtree after the confirmation', async () => {
    const s = screen(await (await page(route)).text());
    expect(s.get('row', /华东/).get('link', '删除').attr('hx-confirm')).toBe('确定删除吗?其下级节点将一并删除。');
    const ask = await page(`${route}/delete?id=${ids['上海']}&back=${encodeURIComponent(route)}`);
    expect(screen(await ask.text()).text).toContain('其下级节点将一并删除');
    expect((await rows()).some((r) => r.id === ids['上海'])).toBe(true);
    expect((await after(await post(`${route}/delete`, { ids: ids['上海'], back: route, confirmed: '1' }))).get('alert').text).toContain('删除成功');
    const left = (await rows()).map((r) => r.name).sort();
    expect(left).toEqual(['华东', '华北', '江苏', '浙江'].sort());
  });

  it('refuses a user whose menu does not hold the screen, and a form that is not a tree', async () => {
    const student = await cookieOf('student1');
    expect((await page(route, student)).status).toBe(403);
    expect((await page(`${route}/form`, student)).status).toBe(403);
    expect((await post(`${route}/delete`, { ids: ids['华北'], back: route, confirmed: '1' }, student)).status).toBe(403);
    expect((await rows()).some((r) => r.id === ids['华北'])).toBe(true);
    // A form that is not a tree, opened as one, says so.
    const admin = await t.login('admin');
    const flat = (await t.api('POST', '/online/cgform/api/addAll', { token: admin, body: { ...areaModel, head: { ...areaModel.head, tableName: 'cg_flat', isTree: 'N' } } })).body.result.id;
    const menuId = newId();
    await t.db.insertInto('sys_permission').values({ id: menuId, parent_id: '', name: '平铺', url: `/online/cgformTreeList/${flat}`, menu_type: 1, sort_no: 99, del_flag: 0, is_route: 1, is_leaf: 0 } as never).execute();
    await t.db.insertInto('sys_role_permission').values({ id: newId(), role_id: await roleId('teacher'), permission_id: menuId }).execute();
    expect((await t.api('POST', `/online/cgform/api/doDbSynch/${flat}/normal`, { token: admin })).body.success).toBe(true);
    const res = await page(`/online/cgformTreeList/${flat}`);
    expect(res.status).toBe(404);
    expect(screen(await res.text()).get('alert').text).toContain('该表单不是树表单');
  });
});
