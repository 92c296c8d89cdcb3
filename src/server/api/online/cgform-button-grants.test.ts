// A generated form's definition endpoint (Xuetang's own, for its screen) and the button permissions of its data
// routes: a menu entry's buttons ending in :add, :edit, :delete, :batch_delete, :export, :import guard those actions;
// an action the entry declares no button for is open to whoever holds it; with several entries, any one held that
// allows an action suffices; administrators use everything.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { expectNoPermission } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { signupModel } from './cgform.test-kit.js';

describe.each(dialects)('在线表单的按钮权限 on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let id: string;
  let teacherRole: string;

  const menuEntry = async (url: string) => {
    const menuId = newId();
    await t.db.insertInto('sys_permission').values({ id: menuId, parent_id: '', name: '比赛报名', url, component: 'modules/online/cgform/auto/OnlCgformAutoList', menu_type: 1, sort_no: 99, del_flag: 0 } as never).execute();
    await t.db.insertInto('sys_role_permission').values({ id: newId(), role_id: teacherRole, permission_id: menuId }).execute();
    return menuId;
  };
  const button = async (menuId: string, perms: string, granted: boolean) => {
    const buttonId = newId();
    await t.db.insertInto('sys_permission').values({ id: buttonId, parent_id: menuId, name: perms, perms, menu_type: 2, sort_no: 1, del_flag: 0, status: '1' } as never).execute();
    if (granted) await t.db.insertInto('sys_role_permission').values({ id: newId(), role_id: teacherRole, permission_id: buttonId }).execute();
  };
  const xlsx = () => {
    const body = new FormData();
    body.append('file', new File([Buffer.from('not a workbook')], 'x.xlsx'));
    return body;
  };
  const count = async () => (await t.db.selectFrom('cg_signup' as 'sys_role').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
    id = (await t.api('POST', '/online/cgform/api/addAll', { token: admin, body: signupModel() })).body.result.id;
    teacherRole = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'teacher').executeTakeFirstOrThrow()).id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers the definition the screen is made from, before the sync too, to those who hold its screen', async () => {
    const def = (await t.api('GET', `/online/cgform/api/definition/${id}`, { token: admin })).body;
    expect(def, def.message).toMatchObject({ success: true, result: { head: { id, tableName: 'cg_signup', tableTxt: '比赛报名', isDbSynch: 'N' }, hideColumns: [] } });
    const mine = ['id', 'student_name', 'sex', 'age', 'score', 'birthday', 'phone', 'ticket', 'remark'];
    expect(def.result.fields.map((f: any) => f.dbFieldName).filter((n: string) => mine.includes(n))).toEqual(mine);
    expect(def.result.fields.find((f: any) => f.dbFieldName === 'sex')).toMatchObject({ dbFieldName: 'sex', fieldShowType: 'radio', dictField: 'sex', cgformHeadId: id });
    // By table name as well; an unknown form does not exist.
    expect((await t.api('GET', '/online/cgform/api/definition/cg_signup', { token: admin })).body.result.head.id).toBe(id);
    expect((await t.api('GET', '/online/cgform/api/definition/nope', { token: admin })).body).toMatchObject({ success: false, message: '表单不存在' });
    expectNoPermission(await t.api('GET', `/online/cgform/api/definition/${id}`, { token: await t.login('teacher') }));
    expect((await t.api('POST', `/online/cgform/api/doDbSynch/${id}/normal`, { token: admin })).body.success).toBe(true);
  });

  it('refuses the actions whose menu buttons the user lacks, and leaves open those the menu declares none for', async () => {
    const menuId = await menuEntry(`/online/cgformList/${id}`);
    const teacher = await t.login('teacher');
    // No button declared yet: every action is open to the menu's holder.
    expect((await t.api('GET', `/online/cgform/api/definition/${id}`, { token: teacher })).body.result.hideColumns).toEqual([]);
    const ids: string[] = [];
    for (const name of ['甲', '乙', '丙', '丁']) ids.push((await t.api('POST', `/online/cgform/api/form/${id}`, { token: teacher, body: { student_name: name } })).body.result);

    await button(menuId, 'online:cg_signup:add', false);
    await button(menuId, 'online:cg_signup:edit', true);
    await button(menuId, 'online:cg_signup:delete', false);
    await button(menuId, 'online:cg_signup:batch_delete', true);
    await button(menuId, 'online:cg_signup:export', false);
    await button(menuId, 'online:cg_signup:import', false);
    const now = await t.login('teacher');
    const hidden = ['add', 'delete', 'export', 'import'];
    expect((await t.api('GET', `/online/cgform/api/definition/${id}`, { token: now })).body.result.hideColumns).toEqual(hidden);
    expect((await t.api('GET', `/online/cgform/api/getColumns/${id}`, { token: now })).body.result.hideColumns).toEqual(hidden);

    expectNoPermission(await t.api('POST', `/online/cgform/api/form/${id}`, { token: now, body: { student_name: '戊' } }));
    expect(await count()).toBe(4);
    expect((await t.api('PUT', `/online/cgform/api/form/${id}`, { token: now, body: { id: ids[0], student_name: '甲一' } })).body).toMatchObject({ success: true });
    expectNoPermission(await t.api('DELETE', `/online/cgform/api/form/${id}/${ids[0]}`, { token: now }));
    expect(await count()).toBe(4);
    expect((await t.api('DELETE', `/online/cgform/api/form/${id}/${ids[0]},${ids[1]}`, { token: now })).body).toMatchObject({ success: true });
    expect(await count()).toBe(2);
    expect((await t.request(`/api/online/cgform/api/exportXls/${id}`, { headers: { 'X-Access-Token': now } })).status).toBe(403);
    expect((await t.request(`/api/online/cgform/api/importXls/${id}`, { method: 'POST', headers: { 'X-Access-Token': now }, body: xlsx() })).status).toBe(403);
    // Reading stays open.
    expect((await t.api('GET', `/online/cgform/api/getData/${id}`, { token: now })).body.result.total).toBe(2);

    // The administrator uses every button.
    expect((await t.api('GET', `/online/cgform/api/getColumns/${id}`, { token: admin })).body.result.hideColumns).toEqual([]);
    expect((await t.api('DELETE', `/online/cgform/api/form/${id}/${ids[2]}`, { token: admin })).body).toMatchObject({ success: true });
    expect((await t.request(`/api/online/cgform/api/exportXls/${id}`, { headers: { 'X-Access-Token': admin } })).status).toBe(200);

    // A second entry of the same form (by table name) without buttons: what it allows is allowed.
    await menuEntry('/online/cgformList/cg_signup');
    const both = await t.login('teacher');
    expect((await t.api('GET', `/online/cgform/api/getColumns/${id}`, { token: both })).body.result.hideColumns).toEqual([]);
    expect((await t.api('POST', `/online/cgform/api/form/${id}`, { token: both, body: { student_name: '戊' } })).body).toMatchObject({ success: true });
  });
});
