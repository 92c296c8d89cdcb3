// Table dictionaries, 三级联动, a form by its table name, tableInfo, 表单导入 (transTables) and doButton. A table
// dictionary is an allow-listed system one or a synced cg_ table on two of its fields; system tables off the list,
// password columns and injected names are refused on save (nothing saved) and when read.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoPermission } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

const colorModel = {
  head: { tableName: 'cg_color', tableTxt: '颜色', tableType: 1 },
  fields: [
    { dbFieldName: 'code', dbFieldTxt: '编码', dbType: 'string', dbLength: 10, isShowList: 1, orderNum: 1 },
    { dbFieldName: 'name', dbFieldTxt: '名称', dbType: 'string', dbLength: 20, isShowList: 1, orderNum: 2 },
    { dbFieldName: 'pid', dbFieldTxt: '上级', dbType: 'string', dbLength: 32, orderNum: 3 },
    { dbFieldName: 'secret', dbFieldTxt: '口令', dbType: 'string', dbLength: 20, fieldShowType: 'password', orderNum: 4 },
  ],
};
const paintModel = (dict: { dictTable: string; dictText: string; dictField: string }) => ({
  head: { tableName: 'cg_paint', tableTxt: '作画', tableType: 1 },
  fields: [
    { dbFieldName: 'color', dbFieldTxt: '颜色', dbType: 'string', dbLength: 50, fieldShowType: 'list', isShowList: 1, orderNum: 1, dictTable: 'cg_color', dictText: 'name', dictField: 'code' },
    { dbFieldName: 'painter', dbFieldTxt: '画师', dbType: 'string', dbLength: 50, fieldShowType: 'list', isShowList: 1, orderNum: 2, ...dict },
  ],
});

describe.each(dialects)('在线表单 表字典与其他接口 on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let color: string;
  let paint: string;
  const api = (method: string, path: string, body?: unknown, token = admin) => t.api(method, `/online${path}`, { token, body });

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
    color = (await api('POST', '/cgform/api/addAll', colorModel)).body.result.id;
    await api('POST', `/cgform/api/doDbSynch/${color}/normal`);
    for (const [code, name, pid] of [['r', '红', '0'], ['g', '绿', '0'], ['dr', '深红', '']] as const) expect((await api('POST', `/cgform/api/form/${color}`, { code, name, pid, secret: 'hidden' })).body.success).toBe(true);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses table dictionaries on system tables off the list, password columns and injected names, saving nothing', async () => {
    const refused: [{ dictTable: string; dictText: string; dictField: string }, string][] = [
      [{ dictTable: 'sys_log', dictText: 'log_content', dictField: 'id' }, '字典表“sys_log”不能作为表字典'],
      [{ dictTable: 'sys_user', dictText: 'password', dictField: 'id' }, '字典表“sys_user”不能作为表字典'],
      [{ dictTable: 'sys_user', dictText: 'salt', dictField: 'username' }, '字典表“sys_user”不能作为表字典'],
      [{ dictTable: 'cg_color', dictText: 'secret', dictField: 'code' }, '字典Text“secret”是密码字段，不能用于表字典'],
      [{ dictTable: 'cg_color; drop table sys_user', dictText: 'name', dictField: 'code' }, '字典表：表名只能包含小写字母'],
      [{ dictTable: 'cg_color', dictText: 'name) or (1=1', dictField: 'code' }, '字典Text“name) or (1=1”不是表“cg_color”的字段'],
      [{ dictTable: 'cg_missing', dictText: 'name', dictField: 'code' }, '字典表“cg_missing”没有对应的在线表单'],
    ];
    for (const [dict, message] of refused) {
      const res = await api('POST', '/cgform/api/addAll', paintModel(dict));
      expect(res.body.success, JSON.stringify(dict)).toBe(false);
      expect(res.body.message).toContain(message);
    }
    expect(await t.db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', 'cg_paint').execute()).toEqual([]);
  });

  it('shows the texts of allowed table dictionaries on lists, columns and forms', async () => {
    const res = await api('POST', '/cgform/api/addAll', paintModel({ dictTable: 'sys_user', dictText: 'realname', dictField: 'username' }));
    expect(res.body.success, res.body.message).toBe(true);
    paint = res.body.result.id;
    await api('POST', `/cgform/api/doDbSynch/${paint}/normal`);
    expect((await api('POST', `/cgform/api/form/${paint}`, { color: 'r', painter: 'admin' })).body.success).toBe(true);
    const [row] = (await api('GET', `/cgform/api/getData/${paint}`)).body.result.records;
    const adminName = (await t.db.selectFrom('sys_user').select('realname').where('username', '=', 'admin').executeTakeFirstOrThrow()).realname;
    expect(row).toMatchObject({ color: 'r', color_dictText: '红', painter: 'admin', painter_dictText: adminName });
    const cols = (await api('GET', `/cgform/api/getColumns/${paint}`)).body.result;
    expect(cols.dictOptions.color.map((o: any) => o.value).sort()).toEqual(['dr', 'g', 'r']);
    expect(cols.columns.find((c: any) => c.dataIndex === 'color')).toMatchObject({ customRender: 'color' });
    const byName = (await api('GET', '/cgform/api/getFormItemBytbname/cg_paint')).body.result;
    expect(byName.head.id).toBe(paint);
    expect(byName.schema.properties.color).toMatchObject({ dictTable: 'cg_color', dictText: 'name', dictCode: 'code' });
    expect(byName.schema.properties.color.enum).toContainEqual({ value: 'g', title: '绿' });
  });

  it('answers 三级联动 options level by level, refusing other tables, columns and conditions', async () => {
    const q = (params: Record<string, string>, token = admin) => api('GET', `/cgform/api/querySelectOptions?${new URLSearchParams(params)}`, undefined, token);
    const base = { table: 'cg_color', txt: 'name', key: 'code', idField: 'id', pidField: 'pid' };
    const first = await q({ ...base, condition: "pid = '0'" });
    expect(first.body.success, first.body.message).toBe(true);
    expect(first.body.result.map((o: any) => o.label).sort()).toEqual(['红', '绿']);
    const red = first.body.result.find((o: any) => o.store === 'r');
    await t.db.updateTable('cg_color' as 'sys_role').set({ pid: red.id } as never).where('code' as never, '=', 'dr' as never).execute();
    expect((await q({ ...base, pidValue: red.id })).body.result.map((o: any) => o.label)).toEqual(['深红']);
    expect((await q({ ...base, table: 'sys_user', txt: 'password', key: 'username' })).body.message).toContain('不能用于三级联动');
    expect((await q({ ...base, txt: 'secret' })).body).toMatchObject({ success: false, message: '字段“secret”不能用于三级联动' });
    expect((await q({ ...base, txt: 'name from sys_user --' })).body.success).toBe(false);
    expect((await q({ ...base, condition: '1=1 or 1=1' })).body.message).toContain('条件只能是');
    expectNoPermission(await q(base, await t.login('student1')));
  });

  it('answers tableInfo, imports cg_ tables no definition describes, and refuses others', async () => {
    expect((await api('GET', `/cgform/head/tableInfo?code=${color}`)).body.result).toMatchObject({ main: { id: color, tableName: 'cg_color' }, sub: [] });
    expect((await api('DELETE', `/cgform/head/removeRecord?id=${paint}`)).body.success).toBe(true);
    const res = await api('POST', '/cgform/head/transTables/cg_paint');
    expect(res.body.success, res.body.message).toBe(true);
    const head = await t.db.selectFrom('onl_cgform_head').selectAll().where('table_name', '=', 'cg_paint').executeTakeFirstOrThrow();
    expect(head.is_db_synch).toBe('Y');
    const fields = (await api('GET', `/cgform/field/listByHeadId?headId=${head.id}`)).body.result;
    expect(fields.find((f: any) => f.dbFieldName === 'color')).toMatchObject({ dbType: 'string', dbLength: 50 });
    expect((await api('GET', `/cgform/api/getData/${head.id}`)).body.result.total).toBe(1);
    for (const name of ['cg_paint', 'sys_user', 'cg_color', "cg_x');drop table sys_user;--"]) expect((await api('POST', `/cgform/head/transTables/${encodeURIComponent(name)}`)).body.success, name).toBe(false);
  });

  it('answers a custom action button that Xuetang runs no custom code', async () => {
    await api('POST', '/cgform/button/add', { buttonCode: 'approve', buttonName: '审批', cgformHeadId: color, optType: 'action', buttonStyle: 'link' });
    expect((await api('POST', '/cgform/api/doButton', { formId: color, buttonCode: 'approve', dataId: 'x' })).body).toMatchObject({ success: false, message: expect.stringContaining('学堂不运行自定义代码') });
    expect((await api('POST', '/cgform/api/doButton', { formId: color, buttonCode: 'nope', dataId: 'x' })).body).toMatchObject({ success: false, message: '按钮不存在' });
    expectNoPermission(await api('POST', '/cgform/api/doButton', { formId: color, buttonCode: 'approve', dataId: 'x' }, await t.login('student1')));
  });
});
