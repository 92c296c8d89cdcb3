// Main-with-sub forms: 订单 (main) with 订单明细 (one-to-many) and 订单备注 (one-to-one). A main row's add and edit
// carry its sub rows under the sub tables' names, checked by the sub table's rules, all or nothing; deleting it
// deletes them. The ERP screen's routes (getErpColumns, getErpFormItem, subform) answer JeecgBoot's shapes, and a
// teacher granted the main form's screen sees the sub rows of the main rows its data rule leaves them, no others.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoPermission } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { grantScreen, tableRows } from './cgform.test-kit.js';

const link = { dbFieldName: 'order_id', dbFieldTxt: '订单', dbType: 'string', dbLength: 32, mainTable: 'cg_bill', mainField: 'id', isShowForm: 1, isShowList: 0, orderNum: 1 };
const models = () => [
  {
    head: { tableName: 'cg_bill', tableTxt: '订单', tableType: 2, subTableStr: 'cg_bill_item,cg_bill_note' },
    fields: [{ dbFieldName: 'order_no', dbFieldTxt: '订单号', dbType: 'string', dbLength: 20, fieldMustInput: '1', isQuery: 1, isShowList: 1, orderNum: 1 }],
  },
  {
    head: { tableName: 'cg_bill_item', tableTxt: '订单明细', tableType: 3, relationType: 0, tabOrderNum: 1 },
    fields: [link, { dbFieldName: 'product', dbFieldTxt: '商品', dbType: 'string', dbLength: 20, fieldMustInput: '1', isShowList: 1, orderNum: 2 }, { dbFieldName: 'qty', dbFieldTxt: '数量', dbType: 'int', dbLength: 5, isShowList: 1, orderNum: 3 }],
  },
  {
    head: { tableName: 'cg_bill_note', tableTxt: '订单备注', tableType: 3, relationType: 1, tabOrderNum: 2 },
    fields: [link, { dbFieldName: 'note', dbFieldTxt: '备注', dbType: 'string', dbLength: 100, isShowList: 1, orderNum: 2 }],
  },
];

describe.each(dialects)('在线表单 一对多 on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  const code: Record<string, string> = {};
  let order: string;

  const api = (method: string, path: string, body?: unknown, token = admin) => t.api(method, `/online/cgform/api/${path}`, { token, body });
  const items = async () => (await tableRows(t, 'cg_bill_item')).map((r) => `${r.product}:${r.qty ?? ''}`).sort();

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
    for (const m of models()) {
      const res = await api('POST', 'addAll', m);
      expect(res.body.success, res.body.message).toBe(true);
      code[m.head.tableName] = res.body.result.id;
      expect((await api('POST', `doDbSynch/${res.body.result.id}/normal`)).body.success).toBe(true);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('adds a main row with its sub rows, refusing the whole when one sub row is wrong', async () => {
    const bad = await api('POST', `form/${code.cg_bill}`, { order_no: 'O1', cg_bill_item: [{ product: '笔' }, { qty: 2 }] });
    expect(bad.body).toMatchObject({ success: false, message: '附表“订单明细”第2行：请输入商品' });
    expect(await tableRows(t, 'cg_bill')).toEqual([]);
    const res = await api('POST', `form/${code.cg_bill}`, { order_no: 'O1', cg_bill_item: [{ product: '笔', qty: 2, order_id: 'someone-else' }, { product: '本', qty: 1 }], cg_bill_note: [{ note: '加急' }] });
    expect(res.body.success, res.body.message).toBe(true);
    order = res.body.result;
    expect((await tableRows(t, 'cg_bill_item')).map((r) => r.order_id)).toEqual([order, order]);
    expect(await items()).toEqual(['本:1', '笔:2']);
    expect((await tableRows(t, 'cg_bill_note'))[0]).toMatchObject({ order_id: order, note: '加急' });
  });

  it('answers the ERP screen’s models, forms and a main row’s sub rows', async () => {
    const erp = (await api('GET', `getErpColumns/${code.cg_bill}`)).body.result;
    expect(erp.main).toMatchObject({ code: code.cg_bill, currentTableName: 'cg_bill', tableType: 2 });
    expect(erp.subList.map((s: any) => [s.currentTableName, s.foreignKeys, s.relationType])).toEqual([
      ['cg_bill_item', [{ field: 'order_id', key: 'id' }], 0],
      ['cg_bill_note', [{ field: 'order_id', key: 'id' }], 1],
    ]);
    const erpForm = (await api('GET', `getErpFormItem/${code.cg_bill}`)).body.result;
    expect(Object.keys(erpForm.schema.properties)).toEqual(['order_no']);
    const full = (await api('GET', `getFormItem/${code.cg_bill}`)).body.result.schema.properties;
    expect(full.cg_bill_item).toMatchObject({ view: 'tab', key: 'cg_bill_item', relationType: 0, describe: '订单明细' });
    expect(full.cg_bill_item.columns.map((c: any) => c.key)).toEqual(['product', 'qty']);
    expect(full.cg_bill_note).toMatchObject({ view: 'tab', relationType: 1 });
    expect(Object.keys(full.cg_bill_note.properties)).toEqual(['note']);
    const one = (await api('GET', `form/${code.cg_bill}/${order}`)).body.result;
    expect(one.order_no).toBe('O1');
    expect(one.cg_bill_item.map((r: any) => r.product).sort()).toEqual(['本', '笔']);
    expect((await api('GET', `subform/list/cg_bill_item/${order}`)).body.result.map((r: any) => r.product).sort()).toEqual(['本', '笔']);
    expect((await api('GET', `subform/cg_bill_note/${order}`)).body.result).toMatchObject({ note: '加急' });
    expect((await api('GET', `subform/list/cg_bill_item/no-such-order`)).body).toMatchObject({ success: false, message: '未找到对应的主表数据' });
    // A sub table's own list filters by the link, as the ERP screen asks.
    expect((await api('GET', `getData/${code.cg_bill_item}?order_id=${order}`)).body.result.total).toBe(2);
  });

  it('edits a main row: sub rows by id updated, new ones added, missing ones deleted; left out, kept', async () => {
    const [pen] = (await tableRows(t, 'cg_bill_item')).filter((r) => r.product === '笔');
    const res = await api('PUT', `form/${code.cg_bill}`, { id: order, order_no: 'O1-改', cg_bill_item: [{ id: pen.id, product: '笔', qty: 5 }, { product: '尺' }] });
    expect(res.body.success, res.body.message).toBe(true);
    expect(await items()).toEqual(['尺:', '笔:5']);
    expect((await api('PUT', `form/${code.cg_bill}`, { id: order, order_no: 'O1' })).body.success).toBe(true);
    expect(await items()).toEqual(['尺:', '笔:5']);
    expect((await tableRows(t, 'cg_bill_note')).length).toBe(1);
  });

  it('opens a sub table through the main form’s screen, only for the main rows the caller may see', async () => {
    const teacher0 = await t.login('teacher');
    expectNoPermission(await api('GET', `getData/${code.cg_bill_item}`, undefined, teacher0));
    await grantScreen(t, 'teacher', `/online/cgformErpList/${code.cg_bill}`, { column: 'create_by', condition: '=', value: '#{sys_user_code}' });
    const teacher = await t.login('teacher');
    const mine = await api('POST', `form/${code.cg_bill}`, { order_no: 'T1', cg_bill_item: [{ product: '老师的', qty: 1 }] }, teacher);
    expect(mine.body.success, mine.body.message).toBe(true);
    expect((await api('GET', `getData/${code.cg_bill}`, undefined, teacher)).body.result.records.map((r: any) => r.order_no)).toEqual(['T1']);
    expect((await api('GET', `getData/${code.cg_bill_item}`, undefined, teacher)).body.result.records.map((r: any) => r.product)).toEqual(['老师的']);
    expect((await api('GET', `subform/list/cg_bill_item/${order}`, undefined, teacher)).body).toMatchObject({ success: false, message: '未找到对应的主表数据' });
    // A sub row for the admin's order, which the teacher cannot see, is refused; for their own, added.
    expect((await api('POST', `form/${code.cg_bill_item}`, { order_id: order, product: '偷加' }, teacher)).body).toMatchObject({ success: false, message: '主表数据不存在或无权访问' });
    expect((await api('POST', `form/${code.cg_bill_item}`, { order_id: mine.body.result, product: '再加' }, teacher)).body.success).toBe(true);
    const [pen] = (await tableRows(t, 'cg_bill_item')).filter((r) => r.product === '笔');
    expect((await api('DELETE', `form/${code.cg_bill_item}/${pen.id}`, undefined, teacher)).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect(await items()).toEqual(['再加:', '尺:', '笔:5', '老师的:1']);
  });

  it('deletes a main row with its sub rows', async () => {
    expect((await api('DELETE', `form/${code.cg_bill}/${order}`)).body.success).toBe(true);
    expect(await items()).toEqual(['再加:', '老师的:1']);
    expect(await tableRows(t, 'cg_bill_note')).toEqual([]);
  });
});
