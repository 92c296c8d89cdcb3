// 字典管理 API: /sys/dict (list, add, edit, delete, recycle bin, cache, export/import, deleteItemByText)
// and /sys/dictItem. Every refusal is checked to leave the tables exactly as they were.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { onDictsChanged } from '../../domain/dicts.js';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectPage } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { parseItems } from './dict-admin.js';

let t: TestApp;
let admin: string;
let teacher: string;
let student: string;

beforeAll(async () => {
  t = await startTestApp();
  [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
});
afterAll(async () => {
  await t?.close();
});

/** Both dictionary tables, ordered, to prove a refused request changed nothing. */
async function snapshot() {
  const [dicts, items] = await Promise.all([
    t.db.selectFrom('sys_dict').selectAll().orderBy('id').execute(),
    t.db.selectFrom('sys_dict_item').selectAll().orderBy('id').execute(),
  ]);
  return JSON.stringify({ dicts, items });
}

async function unchanged(run: () => Promise<unknown>) {
  const before = await snapshot();
  await run();
  expect(await snapshot()).toBe(before);
}

const dictByCode = (code: string) => t.db.selectFrom('sys_dict').selectAll().where('dict_code', '=', code).executeTakeFirst();
const itemsOf = async (code: string) => (await t.api('GET', `/sys/dict/getDictItems/${code}`)).body.result as { value: string; text: string }[];

let seq = 0;
/** Creates a dictionary with items through the API and returns its id. */
async function makeDict(items: [string, string][] = [['a', '甲'], ['b', '乙']]) {
  const code = `test_dict_${++seq}`;
  expectEnvelope(await t.api('POST', '/sys/dict/add', { token: admin, body: { dictName: `测试字典${seq}`, dictCode: code, description: '测试用' } }), {
    success: true,
    code: 200,
    message: '保存成功！',
  });
  const id = (await dictByCode(code))!.id;
  for (const [value, text] of items) {
    const res = await t.api('POST', '/sys/dictItem/add', { token: admin, body: { dictId: id, itemValue: value, itemText: text } });
    expectEnvelope(res, { success: true, message: '保存成功！' });
  }
  return { id, code };
}

describe('GET /sys/dict/list', () => {
  it('pages the live dictionaries with the anchor query syntax and sorting', async () => {
    const res = await t.api('GET', '/sys/dict/list?pageNo=1&pageSize=5&column=dictCode&order=asc', { token: admin });
    expectEnvelope(res, { success: true, code: 0 });
    expectPage(res.body.result, 5, 1);
    const codes = res.body.result.records.map((r: { dictCode: string }) => r.dictCode);
    expect(codes).toEqual([...codes].sort());
    expect(res.body.result.records[0]).toMatchObject({ id: expect.any(String), dictName: expect.any(String), delFlag: 0, type: expect.any(Number) });

    const exact = await t.api('GET', '/sys/dict/list?dictCode=sex', { token: admin });
    expect(exact.body.result.records.map((r: { dictName: string }) => r.dictName)).toEqual(['性别']);
    const like = await t.api('GET', `/sys/dict/list?dictCode=${encodeURIComponent('*status*')}&pageSize=50`, { token: admin });
    const likeCodes = like.body.result.records.map((r: { dictCode: string }) => r.dictCode);
    expect(likeCodes).toContain('user_status');
    expect(likeCodes.every((c: string) => c.toLowerCase().includes('status'))).toBe(true);
    const byName = await t.api('GET', `/sys/dict/list?dictName=${encodeURIComponent('*状态*')}&pageSize=50`, { token: admin });
    expect(byName.body.result.records.length).toBeGreaterThan(2);
  });

  it('is refused to users without the 字典管理 menu', async () => {
    expectNoPermission(await t.api('GET', '/sys/dict/list', { token: teacher }));
    expectNoPermission(await t.api('GET', '/sys/dictItem/list', { token: student }));
  });
});

describe('POST /sys/dict/add and PUT /sys/dict/edit', () => {
  it('adds a dictionary and edits it, code change included', async () => {
    const { id, code } = await makeDict([['1', '一']]);
    const edited = await t.api('PUT', '/sys/dict/edit', { token: admin, body: { id, dictName: '改名字典', dictCode: `${code}_new`, description: '' } });
    expectEnvelope(edited, { success: true, code: 200, message: '编辑成功!' });
    const row = await t.db.selectFrom('sys_dict').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ dict_name: '改名字典', dict_code: `${code}_new`, description: null, update_by: 'admin' });
    // The cache follows the code: the items now answer under the new code only.
    expect(await itemsOf(`${code}_new`)).toEqual([{ value: '1', text: '一', title: '一' }]);
    expect(await itemsOf(code)).toEqual([]);
  });

  it.each([
    ['a missing name', { dictCode: 'ok_code' }, '请输入字典名称', 'dictName'],
    ['a blank name', { dictName: '   ', dictCode: 'ok_code' }, '请输入字典名称', 'dictName'],
    ['a missing code', { dictName: '名称' }, '请输入字典编码', 'dictCode'],
    ['a code with spaces', { dictName: '名称', dictCode: 'bad code' }, '字典编码只能包含字母、数字和下划线', 'dictCode'],
    ['a code in Chinese', { dictName: '名称', dictCode: '性别' }, '字典编码只能包含字母、数字和下划线', 'dictCode'],
    ['a code with SQL', { dictName: '名称', dictCode: "x' or '1'='1" }, '字典编码只能包含字母、数字和下划线', 'dictCode'],
    ['an oversized name', { dictName: '字'.repeat(101), dictCode: 'ok_code' }, '字典名称不能超过100个字符', 'dictName'],
    ['an oversized code', { dictName: '名称', dictCode: 'a'.repeat(101) }, '字典编码不能超过100个字符', 'dictCode'],
    ['a name of the wrong type', { dictName: 5, dictCode: 'ok_code' }, '请输入字典名称', 'dictName'],
    ['an unknown value type', { dictName: '名称', dictCode: 'ok_code', type: 2 }, '值类型只能是0（字符串）或1（数字）', 'type'],
    ['an oversized description', { dictName: '名称', dictCode: 'ok_code', description: 'x'.repeat(256) }, '描述不能超过255个字符', 'description'],
  ])('refuses %s with a field error and adds nothing', async (_label, body, message, field) => {
    await unchanged(async () => expectInvalid(await t.api('POST', '/sys/dict/add', { token: admin, body }), message, field));
  });

  it('refuses bad JSON and a duplicate code, changing nothing', async () => {
    await unchanged(async () => {
      expectFailure(await t.api('POST', '/sys/dict/add', { token: admin, body: '{"dictName":' }), '请求数据不是有效的JSON', { status: 400, code: 400 });
      const dup = await t.api('POST', '/sys/dict/add', { token: admin, body: { dictName: '性别2', dictCode: 'sex' } });
      expectFailure(dup, '字典编码已存在');
      expect(dup.body.result.errors).toEqual({ dictCode: '字典编码已存在' });
    });
  });

  it('refuses a code held by a deleted dictionary, naming the recycle bin', async () => {
    const { id, code } = await makeDict([]);
    expectEnvelope(await t.api('DELETE', `/sys/dict/delete?id=${id}`, { token: admin }), { success: true, message: '删除成功!' });
    await unchanged(async () => {
      const res = await t.api('POST', '/sys/dict/add', { token: admin, body: { dictName: 'x', dictCode: code } });
      expectFailure(res, /回收站/);
      expect(res.body.result.errors.dictCode).toMatch(/回收站/);
    });
  });

  it('refuses an edit to a taken code, of an unknown or deleted dictionary, changing nothing', async () => {
    const a = await makeDict([]);
    const b = await makeDict([]);
    await unchanged(async () => {
      const taken = await t.api('PUT', '/sys/dict/edit', { token: admin, body: { id: a.id, dictName: 'x', dictCode: b.code } });
      expectFailure(taken, '字典编码已存在');
      expect(taken.body.result.errors).toEqual({ dictCode: '字典编码已存在' });
      expectFailure(await t.api('PUT', '/sys/dict/edit', { token: admin, body: { id: 'no-such-id', dictName: 'x', dictCode: 'zz' } }), '未找到对应实体');
      expectInvalid(await t.api('PUT', '/sys/dict/edit', { token: admin, body: { dictName: 'x', dictCode: 'zz' } }), 'id不能为空', 'id');
    });
    await t.api('DELETE', `/sys/dict/delete?id=${b.id}`, { token: admin });
    await unchanged(async () =>
      expectFailure(await t.api('PUT', '/sys/dict/edit', { token: admin, body: { id: b.id, dictName: 'x', dictCode: 'zz' } }), '未找到对应实体'),
    );
  });

  it('needs the button permission codes', async () => {
    await unchanged(async () => {
      expectNoPermission(await t.api('POST', '/sys/dict/add', { token: teacher, body: { dictName: 'x', dictCode: 'x' } }));
      expectNoPermission(await t.api('PUT', '/sys/dict/edit', { token: student, body: {} }));
      expectNoPermission(await t.api('DELETE', '/sys/dict/delete?id=x', { token: teacher }));
    });
  });
});

describe('delete, recycle bin, restore, delete for good', () => {
  it('moves dictionaries to the bin, hides their items from selects, and restores them', async () => {
    const { id, code } = await makeDict();
    expect((await itemsOf(code)).map((i) => i.text)).toEqual(['甲', '乙']);
    expectEnvelope(await t.api('DELETE', `/sys/dict/delete?id=${id}`, { token: admin }), { success: true, code: 200, message: '删除成功!' });
    expect((await dictByCode(code))!.del_flag).toBe(1);
    expect(await itemsOf(code)).toEqual([]);
    const list = await t.api('GET', `/sys/dict/list?dictCode=${code}`, { token: admin });
    expect(list.body.result.total).toBe(0);
    expectFailure(await t.api('GET', `/sys/dict/queryById?id=${id}`, { token: admin }), '未找到对应实体');

    const bin = await t.api('GET', '/sys/dict/deleteList', { token: admin });
    expectEnvelope(bin, { success: true, code: 0 });
    expect(bin.body.result.find((d: { id: string }) => d.id === id)).toMatchObject({ dictCode: code, delFlag: 1 });

    expectEnvelope(await t.api('PUT', `/sys/dict/back/${id}`, { token: admin }), { success: true, message: '操作成功!' });
    expect((await itemsOf(code)).map((i) => i.text)).toEqual(['甲', '乙']);
    expect((await t.api('GET', '/sys/dict/deleteList', { token: admin })).body.result.some((d: { id: string }) => d.id === id)).toBe(false);
    // Restoring twice: it is no longer in the bin.
    await unchanged(async () => expectFailure(await t.api('PUT', `/sys/dict/back/${id}`, { token: admin }), '未找到对应实体'));
  });

  it('deletes a batch (trailing comma as the list page sends it), all or nothing', async () => {
    const a = await makeDict([]);
    const b = await makeDict([]);
    await unchanged(async () => {
      expectFailure(await t.api('DELETE', `/sys/dict/deleteBatch?ids=${a.id},no-such-id,`, { token: admin }), '未找到对应实体');
      expectFailure(await t.api('DELETE', '/sys/dict/deleteBatch?ids=,', { token: admin }), '参数不识别！');
      expectFailure(await t.api('DELETE', '/sys/dict/delete', { token: admin }), '未找到对应实体');
    });
    expectEnvelope(await t.api('DELETE', `/sys/dict/deleteBatch?ids=${a.id},${b.id},`, { token: admin }), { success: true, message: '删除成功!' });
    expect((await dictByCode(a.code))!.del_flag).toBe(1);
    expect((await dictByCode(b.code))!.del_flag).toBe(1);
    // A second delete of an already deleted dictionary is refused.
    await unchanged(async () => expectFailure(await t.api('DELETE', `/sys/dict/delete?id=${a.id}`, { token: admin }), '未找到对应实体'));
  });

  it('deletes for good only from the bin, with the items', async () => {
    const { id, code } = await makeDict();
    await unchanged(async () => {
      expectFailure(await t.api('DELETE', `/sys/dict/deletePhysic/${id}`, { token: admin }), /回收站/);
      expectFailure(await t.api('DELETE', '/sys/dict/deletePhysic/no-such-id', { token: admin }), '未找到对应实体');
      expectNoPermission(await t.api('DELETE', `/sys/dict/deletePhysic/${id}`, { token: teacher }));
      expectNoPermission(await t.api('GET', '/sys/dict/deleteList', { token: teacher }));
    });
    await t.api('DELETE', `/sys/dict/delete?id=${id}`, { token: admin });
    expectEnvelope(await t.api('DELETE', `/sys/dict/deletePhysic/${id}`, { token: admin }), { success: true, message: '删除成功!' });
    expect(await dictByCode(code)).toBeUndefined();
    expect(await t.db.selectFrom('sys_dict_item').select('id').where('dict_id', '=', id).execute()).toEqual([]);
    // The code is free again.
    expectEnvelope(await t.api('POST', '/sys/dict/add', { token: admin, body: { dictName: '再来', dictCode: code } }), { success: true });
  });
});

describe('/sys/dictItem', () => {
  it('lists one dictionary’s items by sort order with status text, new items last', async () => {
    const { id } = await makeDict([['x', '叉'], ['y', '歪']]);
    expectEnvelope(await t.api('POST', '/sys/dictItem/add', { token: admin, body: { dictId: id, itemValue: 'z', itemText: '最前', sortOrder: -1, status: 0 } }), {
      success: true,
    });
    const res = await t.api('GET', `/sys/dictItem/list?dictId=${id}`, { token: admin });
    expectEnvelope(res, { success: true, code: 0 });
    const records = res.body.result.records as Record<string, unknown>[];
    expect(records.map((r) => r.itemValue)).toEqual(['z', 'x', 'y']);
    expect(records.map((r) => r.sortOrder)).toEqual([-1, 1, 2]);
    expect(records[0]).toMatchObject({ dictId: id, itemText: '最前', status: 0, status_dictText: '不启用' });
    expect(records[1]).toMatchObject({ status: 1, status_dictText: '启用' });
    const enabled = await t.api('GET', `/sys/dictItem/list?dictId=${id}&status=1`, { token: admin });
    expect(enabled.body.result.records.map((r: { itemValue: string }) => r.itemValue)).toEqual(['x', 'y']);
  });

  it('edits text, order and status; selects show enabled items only, at once', async () => {
    const { id, code } = await makeDict([['1', '男'], ['2', '女']]);
    const items = await t.db.selectFrom('sys_dict_item').selectAll().where('dict_id', '=', id).orderBy('sort_order').execute();
    const res = await t.api('PUT', '/sys/dictItem/edit', { token: admin, body: { id: items[0].id, itemText: '男生', itemValue: '1', sortOrder: 5 } });
    expectEnvelope(res, { success: true, code: 200, message: '编辑成功!' });
    expect(await itemsOf(code)).toEqual([
      { value: '2', text: '女', title: '女' },
      { value: '1', text: '男生', title: '男生' },
    ]);
    await t.api('PUT', '/sys/dictItem/edit', { token: admin, body: { id: items[1].id, itemText: '女', itemValue: '2', status: '0' } });
    expect((await itemsOf(code)).map((i) => i.text)).toEqual(['男生']);
    const all = await t.api('GET', `/sys/dict/queryAllDictItems`, { token: student });
    expectEnvelope(all, { success: true, code: 200 });
    expect(all.body.result[code]).toEqual([{ value: '1', text: '男生', title: '男生' }]);
    // The admin list still shows the disabled item.
    const list = await t.api('GET', `/sys/dictItem/list?dictId=${id}`, { token: admin });
    expect(list.body.result.records.map((r: { itemText: string }) => r.itemText)).toEqual(['女', '男生']);
  });

  it.each([
    ['a missing text', { itemValue: 'v' }, '请输入名称', 'itemText'],
    ['a missing value', { itemText: '文本' }, '请输入数据值', 'itemValue'],
    ['an oversized text', { itemText: '字'.repeat(101), itemValue: 'v' }, '名称不能超过100个字符', 'itemText'],
    ['a non-numeric order', { itemText: '文本', itemValue: 'v', sortOrder: 'first' }, '排序值必须是数字', 'sortOrder'],
    ['a fractional order', { itemText: '文本', itemValue: 'v', sortOrder: 1.5 }, '排序值必须是整数', 'sortOrder'],
    ['an unknown status', { itemText: '文本', itemValue: 'v', status: 3 }, '状态只能是1（启用）或0（不启用）', 'status'],
  ])('refuses an item with %s, adding nothing', async (_label, body, message, field) => {
    const { id } = await makeDict([]);
    await unchanged(async () => expectInvalid(await t.api('POST', '/sys/dictItem/add', { token: admin, body: { dictId: id, ...body } }), message, field));
  });

  it('refuses duplicates, unknown dictionaries and unknown items, changing nothing', async () => {
    const { id } = await makeDict([['a', '甲'], ['b', '乙']]);
    const [a] = await t.db.selectFrom('sys_dict_item').selectAll().where('dict_id', '=', id).orderBy('sort_order').execute();
    await unchanged(async () => {
      const dup = await t.api('POST', '/sys/dictItem/add', { token: admin, body: { dictId: id, itemValue: 'b', itemText: '又一个' } });
      expectFailure(dup, '该字典中已存在相同的数据值');
      expect(dup.body.result.errors).toEqual({ itemValue: '该字典中已存在相同的数据值' });
      const dupEdit = await t.api('PUT', '/sys/dictItem/edit', { token: admin, body: { id: a.id, itemValue: 'b', itemText: '甲' } });
      expectFailure(dupEdit, '该字典中已存在相同的数据值');
      expectFailure(await t.api('POST', '/sys/dictItem/add', { token: admin, body: { dictId: 'no-such-dict', itemValue: 'c', itemText: '丙' } }), '未找到对应字典');
      expectInvalid(await t.api('POST', '/sys/dictItem/add', { token: admin, body: { itemValue: 'c', itemText: '丙' } }), '请选择字典', 'dictId');
      expectFailure(await t.api('PUT', '/sys/dictItem/edit', { token: admin, body: { id: 'nope', itemValue: 'c', itemText: '丙' } }), '未找到对应实体');
      expectFailure(await t.api('PUT', '/sys/dictItem/edit', { token: admin, body: { id: a.id, dictId: 'other', itemValue: 'a', itemText: '甲' } }), '字典项不能移到其他字典');
      expectFailure(await t.api('PUT', '/sys/dictItem/edit', { token: admin, body: '[1,' }), '请求数据不是有效的JSON', { status: 400, code: 400 });
      expectFailure(await t.api('DELETE', '/sys/dictItem/delete?id=nope', { token: admin }), '未找到对应实体');
      expectFailure(await t.api('DELETE', `/sys/dictItem/deleteBatch?ids=${a.id},nope,`, { token: admin }), '未找到对应实体');
      expectFailure(await t.api('DELETE', '/sys/dictItem/deleteBatch?ids=', { token: admin }), '参数不识别！');
      expectNoPermission(await t.api('POST', '/sys/dictItem/add', { token: teacher, body: { dictId: id, itemValue: 'c', itemText: '丙' } }));
      expectNoPermission(await t.api('DELETE', `/sys/dictItem/delete?id=${a.id}`, { token: student }));
    });
  });

  it('deletes items one by one and in a batch', async () => {
    const { id, code } = await makeDict([['a', '甲'], ['b', '乙'], ['c', '丙']]);
    const items = await t.db.selectFrom('sys_dict_item').selectAll().where('dict_id', '=', id).orderBy('sort_order').execute();
    expectEnvelope(await t.api('DELETE', `/sys/dictItem/delete?id=${items[0].id}`, { token: admin }), { success: true, message: '删除成功!' });
    expect((await itemsOf(code)).map((i) => i.value)).toEqual(['b', 'c']);
    expectEnvelope(await t.api('DELETE', `/sys/dictItem/deleteBatch?ids=${items[1].id},${items[2].id},`, { token: admin }), { success: true, message: '删除成功!' });
    expect(await itemsOf(code)).toEqual([]);
  });

  it('answers queryById for the edit form', async () => {
    const { id } = await makeDict([['a', '甲']]);
    const item = await t.db.selectFrom('sys_dict_item').selectAll().where('dict_id', '=', id).executeTakeFirstOrThrow();
    const res = await t.api('GET', `/sys/dictItem/queryById?id=${item.id}`, { token: admin });
    expectEnvelope(res, { success: true, code: 0 });
    expect(res.body.result).toMatchObject({ id: item.id, dictId: id, itemText: '甲', itemValue: 'a', status: 1 });
    expectFailure(await t.api('GET', '/sys/dictItem/queryById?id=nope', { token: admin }), '未找到对应实体');
  });
});

describe('DELETE /sys/dict/deleteItemByText', () => {
  it('deletes the items of that dictionary with that text and nothing else', async () => {
    const a = await makeDict([['1', '重复'], ['2', '重复'], ['3', '留下']]);
    const b = await makeDict([['1', '重复']]);
    const res = await t.api('DELETE', `/sys/dict/deleteItemByText?dictCode=${a.code}&itemText=${encodeURIComponent('重复')}`, { token: admin });
    expectEnvelope(res, { success: true, code: 200, message: '删除成功!' });
    expect(await itemsOf(a.code)).toEqual([{ value: '3', text: '留下', title: '留下' }]);
    expect((await itemsOf(b.code)).map((i) => i.text)).toEqual(['重复']);
  });

  it('answers unknown dictionaries and texts, missing parameters and missing permission clearly, changing nothing', async () => {
    const a = await makeDict([['1', '甲']]);
    await unchanged(async () => {
      expectFailure(await t.api('DELETE', `/sys/dict/deleteItemByText?dictCode=no_such&itemText=x`, { token: admin }), '未找到字典：no_such');
      expectFailure(await t.api('DELETE', `/sys/dict/deleteItemByText?dictCode=${a.code}&itemText=${encodeURIComponent('乙')}`, { token: admin }), '字典中没有名为“乙”的项');
      expectInvalid(await t.api('DELETE', `/sys/dict/deleteItemByText?dictCode=${a.code}`, { token: admin }), '请提供字典项名称', 'itemText');
      expectInvalid(await t.api('DELETE', '/sys/dict/deleteItemByText?itemText=x', { token: admin }), '请提供字典编码', 'dictCode');
      expectInvalid(await t.api('DELETE', `/sys/dict/deleteItemByText?dictCode=${'a'.repeat(101)}&itemText=x`, { token: admin }), '字典编码不能超过100个字符', 'dictCode');
      expectNoPermission(await t.api('DELETE', `/sys/dict/deleteItemByText?dictCode=${a.code}&itemText=${encodeURIComponent('甲')}`, { token: teacher }));
    });
  });
});

describe('the dictionary cache', () => {
  it('refleshCache makes a change written around the API visible', async () => {
    const { id, code } = await makeDict([['a', '甲']]);
    expect((await itemsOf(code)).map((i) => i.text)).toEqual(['甲']);
    await t.db.updateTable('sys_dict_item').set({ item_text: '甲甲' }).where('dict_id', '=', id).execute();
    expect((await itemsOf(code)).map((i) => i.text)).toEqual(['甲']);
    // Only 字典管理's editors may flush it (dict:edit); a student or a teacher is refused and changes nothing.
    for (const token of [student, teacher]) {
      expectNoPermission(await t.api('GET', '/sys/dict/refleshCache', { token }));
      expect((await itemsOf(code)).map((i) => i.text)).toEqual(['甲']);
    }
    const res = await t.api('GET', '/sys/dict/refleshCache', { token: admin });
    expectEnvelope(res, { success: true, code: 200 });
    expect((await itemsOf(code)).map((i) => i.text)).toEqual(['甲甲']);
  });

  it('announces every write to subscribers (the hook a cross-process hub uses)', async () => {
    let calls = 0;
    const off = onDictsChanged(() => calls++);
    try {
      const { id } = await makeDict([['a', '甲']]); // add + one item add
      expect(calls).toBe(2);
      await t.api('DELETE', `/sys/dict/delete?id=${id}`, { token: admin });
      expect(calls).toBe(3);
      // A refused write announces nothing.
      await t.api('DELETE', `/sys/dict/delete?id=${id}`, { token: admin });
      expect(calls).toBe(3);
    } finally {
      off();
    }
  });
});

describe('export and import', () => {
  async function exportRows(query = '') {
    const res = await t.request(`/api/sys/dict/exportXls${query}`, { headers: { 'X-Access-Token': admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
    const ws = wb.worksheets[0];
    const rows: string[][] = [];
    ws.eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
    return rows;
  }

  async function importRows(rows: (string | number)[][]) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('导出信息');
    ws.addRow(['字典管理列表数据']);
    ws.addRow(['导出人:管理员']);
    ws.addRow(['字典名称', '字典编码', '描述', '值类型', '字典项']);
    for (const r of rows) ws.addRow(r);
    const form = new FormData();
    form.set('file', new Blob([(await wb.xlsx.writeBuffer()) as ArrayBuffer]), 'dicts.xlsx');
    const res = await t.request('/api/sys/dict/importExcel', { method: 'POST', headers: { 'X-Access-Token': admin }, body: form });
    return { status: res.status, body: await res.json() };
  }

  it('exports the filtered dictionaries with their items in one cell', async () => {
    const { id } = await makeDict([['a', '甲'], ['b', '乙']]);
    await t.db.updateTable('sys_dict_item').set({ status: 0 }).where('dict_id', '=', id).where('item_value', '=', 'b').execute();
    const rows = await exportRows(`?dictCode=test_dict_${seq}`);
    expect(rows[0][0]).toBe('字典管理列表数据');
    expect(rows[2]).toEqual(['字典名称', '字典编码', '描述', '值类型', '字典项']);
    expect(rows.slice(3)).toEqual([[`测试字典${seq}`, `test_dict_${seq}`, '测试用', '0', 'a=甲\nb=乙=禁用']]);
  });

  it('imports new dictionaries with items, and reports the rows it rejects without applying them', async () => {
    const before = await t.db.selectFrom('sys_dict').select('id').execute();
    const res = await importRows([
      ['导入字典', 'imported_dict', '来自表格', 1, '1=一\n2=二=禁用'],
      ['重复的', 'sex', '', 0, '1=男'],
      ['格式错误', 'bad_items', '', 0, '没有等号'],
      ['值重复', 'dup_values', '', 0, '1=一\n1=二'],
      ['', 'no_name', '', 0, ''],
    ]);
    expect(res.body).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(res.body.result.msg).toBe('总上传行数：5，已导入行数：1，错误行数：4');
    expect(res.body.result.errors.map((e: { message: string }) => e.message)).toEqual([
      '字典编码已存在：sex',
      '第1个字典项格式不正确，应为“值=文本”',
      '字典项数据值重复：1',
      '请输入字典名称',
    ]);
    const after = await t.db.selectFrom('sys_dict').select('id').execute();
    expect(after.length).toBe(before.length + 1);
    const dict = (await dictByCode('imported_dict'))!;
    expect(dict).toMatchObject({ dict_name: '导入字典', description: '来自表格', type: 1, del_flag: 0 });
    expect(await itemsOf('imported_dict')).toEqual([{ value: '1', text: '一', title: '一' }]);
    for (const code of ['bad_items', 'dup_values', 'no_name']) expect(await dictByCode(code)).toBeUndefined();
  });

  it('round-trips an export through the import', async () => {
    const { id, code } = await makeDict([['x', '叉'], ['y', '歪']]);
    const rows = await exportRows(`?dictCode=${code}`);
    await t.api('DELETE', `/sys/dict/delete?id=${id}`, { token: admin });
    await t.api('DELETE', `/sys/dict/deletePhysic/${id}`, { token: admin });
    const res = await importRows(rows.slice(3));
    expect(res.body).toMatchObject({ success: true, code: 200, message: '共1行数据全部导入成功！' });
    expect(await itemsOf(code)).toEqual([
      { value: 'x', text: '叉', title: '叉' },
      { value: 'y', text: '歪', title: '歪' },
    ]);
  });

  it('needs the export and import permission codes', async () => {
    const res = await t.request('/api/sys/dict/exportXls', { headers: { 'X-Access-Token': teacher } });
    expect(res.status).toBe(403);
  });
});

describe('parseItems', () => {
  it('reads value=text lines, the disabled mark, and keeps = inside the text', () => {
    expect(parseItems('a=甲\n\n b = 乙=禁用 \nc=x=y')).toEqual({
      ok: true,
      items: [
        { value: 'a', text: '甲', status: 1 },
        { value: 'b', text: '乙', status: 0 },
        { value: 'c', text: 'x=y', status: 1 },
      ],
    });
    expect(parseItems(undefined)).toEqual({ ok: true, items: [] });
    expect(parseItems('=甲')).toEqual({ ok: false, message: '第1个字典项格式不正确，应为“值=文本”' });
  });
});
