// Tree forms (是否树 Y): JeecgBoot's tree list reads getColumns' pidField/hasChildrenField/textField, then one level
// at a time through getTreeData (pid=0, then a row's id); getData of a tree form answers the top level too. A search
// shows a match under its ancestors. has_child is the server's: kept by add, move and delete, and rebuilt by 同步数据库.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { tableRows } from './cgform.test-kit.js';

const areaModel = (extra: Record<string, unknown> = {}) => ({
  head: { tableName: 'cg_area', tableTxt: '区域', tableType: 1, isTree: 'Y', treeParentIdField: 'pid', treeIdField: 'has_child', treeFieldname: 'name', ...extra },
  fields: [
    { dbFieldName: 'name', dbFieldTxt: '名称', dbType: 'string', dbLength: 50, fieldMustInput: '1', isQuery: 1, isShowList: 1, orderNum: 1 },
    { dbFieldName: 'pid', dbFieldTxt: '父级节点', dbType: 'string', dbLength: 32, isShowForm: 1, isShowList: 0, orderNum: 2 },
    { dbFieldName: 'has_child', dbFieldTxt: '是否有子节点', dbType: 'string', dbLength: 3, fieldShowType: 'list', dictField: 'yn', isShowForm: 0, isShowList: 0, orderNum: 3 },
  ],
});

describe.each(dialects)('在线表单 树表单 on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let id: string;
  const ids: Record<string, string> = {};

  const form = (body: unknown, method = 'POST') => t.api(method, `/online/cgform/api/form/${id}`, { token: admin, body });
  const level = async (query: string, route = 'getTreeData') => {
    const res = (await t.api('GET', `/online/cgform/api/${route}/${id}${query}`, { token: admin })).body;
    expect(res.success, res.message).toBe(true);
    return res.result.records.map((r: any) => `${r.name}:${r.has_child}`).sort();
  };
  const hasChild = async () => Object.fromEntries((await tableRows(t, 'cg_area')).map((r) => [r.name, r.has_child]));

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses a tree definition whose tree columns are not its fields, and saves and syncs a right one', async () => {
    const bad = await t.api('POST', '/online/cgform/api/addAll', { token: admin, body: areaModel({ treeIdField: 'children' }) });
    expect(bad.body).toMatchObject({ success: false, message: '是否有子节点字段“children”不是表单的字段' });
    const missing = await t.api('POST', '/online/cgform/api/addAll', { token: admin, body: areaModel({ treeFieldname: '' }) });
    expect(missing.body).toMatchObject({ success: false, message: '树表单须填写树开表单列' });
    const res = await t.api('POST', '/online/cgform/api/addAll', { token: admin, body: areaModel() });
    expect(res.body.success, res.body.message).toBe(true);
    id = res.body.result.id;
    expect((await t.api('POST', `/online/cgform/api/doDbSynch/${id}/normal`, { token: admin })).body.success).toBe(true);
    const cols = (await t.api('GET', `/online/cgform/api/getColumns/${id}`, { token: admin })).body.result;
    expect(cols).toMatchObject({ isTree: 'Y', pidField: 'pid', hasChildrenField: 'has_child', textField: 'name' });
  });

  it('keeps has_child as rows are added under others, and refuses a parent that does not exist', async () => {
    for (const [name, parent] of [['华东', ''], ['华北', '0'], ['上海', '华东'], ['浦东', '上海']] as const) {
      const res = await form({ name, pid: parent && parent !== '0' ? ids[parent] : parent, has_child: '1' });
      expect(res.body.success, res.body.message).toBe(true);
      ids[name] = res.body.result;
    }
    expect(await hasChild()).toEqual({ 华东: '1', 华北: '0', 上海: '1', 浦东: '0' });
    expect((await tableRows(t, 'cg_area')).find((r) => r.name === '华北')!.pid).toBe('0');
    expect((await form({ name: '孤儿', pid: 'no-such-row' })).body).toMatchObject({ success: false, message: '父节点不存在' });
  });

  it('answers one level at a time, the top level paged, and a search under the matches’ ancestors', async () => {
    expect(await level('?pid=0')).toEqual(['华东:1', '华北:0']);
    expect(await level('')).toEqual(['华东:1', '华北:0']);
    expect(await level(`?pid=${ids['华东']}&has_child=1`)).toEqual(['上海:1']);
    expect(await level(`?pid=${ids['上海']}`)).toEqual(['浦东:0']);
    // getData of a tree form answers the top level by default, and a level by pid.
    expect(await level('', 'getData')).toEqual(['华东:1', '华北:0']);
    expect(await level(`?pid=${ids['上海']}`, 'getData')).toEqual(['浦东:0']);
    const paged = (await t.api('GET', `/online/cgform/api/getTreeData/${id}?pid=0&pageSize=1&column=name&order=asc`, { token: admin })).body.result;
    expect(paged).toMatchObject({ total: 2, size: 1 });
    // A search for a grandchild shows it under its ancestors, level by level.
    const q = `name=${encodeURIComponent('*浦*')}`;
    expect(await level(`?pid=0&${q}`)).toEqual(['华东:1']);
    expect(await level(`?pid=${ids['华东']}&${q}`)).toEqual(['上海:1']);
    expect(await level(`?pid=${ids['上海']}&${q}`)).toEqual(['浦东:0']);
    expect(await level(`?hasQuery=true&${q}`)).toEqual(['华东:1']);
    expect(await level(`?pid=0&name=${encodeURIComponent("' or 1=1 --")}`)).toEqual([]);
  });

  it('moves a row under another, never under itself or its descendants, and keeps both parents’ has_child', async () => {
    const edit = (name: string, parent: string) => form({ id: ids[name], name, pid: parent }, 'PUT');
    expect((await edit('华东', ids['浦东'])).body).toMatchObject({ success: false, message: '不能选择自己的下级作为父节点' });
    expect((await edit('华东', ids['华东'])).body).toMatchObject({ success: false, message: '不能选择自己作为父节点' });
    expect((await edit('上海', ids['华北'])).body.success).toBe(true);
    expect(await hasChild()).toEqual({ 华东: '0', 华北: '1', 上海: '1', 浦东: '0' });
  });

  it('deletes a row with its descendants and updates its parent', async () => {
    const res = await t.api('DELETE', `/online/cgform/api/form/${id}/${ids['上海']}`, { token: admin });
    expect(res.body.success, res.body.message).toBe(true);
    expect(await hasChild()).toEqual({ 华东: '0', 华北: '0' });
  });

  it('rebuilds has_child on 同步数据库, and answers that a plain form is no tree', async () => {
    await t.db.updateTable('cg_area' as 'sys_role').set({ has_child: '1' } as never).execute();
    await form({ name: '南京', pid: ids['华东'] });
    await t.db.updateTable('cg_area' as 'sys_role').set({ has_child: '1' } as never).execute();
    expect((await t.api('POST', `/online/cgform/api/doDbSynch/${id}/normal`, { token: admin })).body.success).toBe(true);
    expect(await hasChild()).toEqual({ 华东: '1', 华北: '0', 南京: '0' });
    const plain = await t.api('POST', '/online/cgform/api/addAll', { token: admin, body: { head: { tableName: 'cg_plain', tableTxt: '普通', tableType: 1 }, fields: [{ dbFieldName: 'name', dbType: 'string', dbLength: 10 }] } });
    await t.api('POST', `/online/cgform/api/doDbSynch/${plain.body.result.id}/normal`, { token: admin });
    expect((await t.api('GET', `/online/cgform/api/getTreeData/${plain.body.result.id}`, { token: admin })).body).toMatchObject({ success: false, message: '该表单不是树表单' });
  });
});
