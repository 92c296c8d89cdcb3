// A generated form's data API (/online/cgform/api/*/{code}): the definition 比赛报名 is synced, then its rows are
// added, validated by the declaration built from its fields (required, over-long, number, decimals, date, pattern,
// unique), listed with paging, sort, the anchor's query syntax and dictionary texts, read, edited, deleted,
// exported and imported. Those whose menus hold /online/cgformList/{id} use it, under that menu's data rules.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { expectNoPermission } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { signupModel } from './cgform.test-kit.js';

describe.each(dialects)('在线表单数据 API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let id: string;

  const form = (body: unknown, method = 'POST', token = admin) => t.api(method, `/online/cgform/api/form/${id}`, { token, body });
  const rows = () => t.db.selectFrom('cg_signup' as 'sys_role').selectAll().execute() as unknown as Promise<Record<string, unknown>[]>;
  const data = async (query = '', token = admin) => (await t.api('GET', `/online/cgform/api/getData/${id}${query}`, { token })).body;

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
    id = (await t.api('POST', '/online/cgform/api/addAll', { token: admin, body: signupModel() })).body.result.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('answers that the form is not synced yet, and that an unknown form does not exist', async () => {
    expect((await form({ student_name: '张三' })).body).toMatchObject({ success: false, message: '表单尚未同步数据库，请先同步数据库' });
    expect(await data()).toMatchObject({ success: false, message: '表单尚未同步数据库，请先同步数据库' });
    expect((await t.api('GET', '/online/cgform/api/getData/nope', { token: admin })).body).toMatchObject({ success: false, message: '表单不存在' });
    expect((await t.api('POST', `/online/cgform/api/doDbSynch/${id}/normal`, { token: admin })).body.success).toBe(true);
  });

  it('adds rows validated by the declaration built from the fields, with the form’s messages', async () => {
    const before = await rows();
    const refused: [Record<string, unknown>, string][] = [
      [{ sex: '1' }, '请输入姓名'],
      [{ student_name: '   ' }, '请输入姓名'],
      [{ student_name: '张'.repeat(21) }, '姓名不能超过20个字符'],
      [{ student_name: '张三', age: 'abc' }, '年龄必须是数字'],
      [{ student_name: '张三', age: 1.5 }, '年龄必须是整数'],
      [{ student_name: '张三', score: 12.345 }, '成绩最多2位小数'],
      [{ student_name: '张三', score: 1000 }, '成绩超出范围（最大999.99）'],
      [{ student_name: '张三', birthday: '2020-13' }, '生日格式不正确'],
      [{ student_name: '张三', phone: '12345' }, '手机必须是手机号码'],
      [{ student_name: '张三', sex: 'x'.repeat(3) }, '性别不存在'],
    ];
    for (const [body, message] of refused) {
      const res = await form(body);
      expect(res.body, JSON.stringify(body)).toMatchObject({ success: false, message });
    }
    expect(await rows()).toEqual(before);

    const res = await form({ student_name: ' 张三 ', sex: '1', age: '12', score: 95.5, birthday: '2014-05-01', phone: '13800000000', ticket: 'T001', remark: '备注', id: 'mine', create_by: 'someone' });
    expect(res.body, res.body.message).toMatchObject({ success: true, message: '添加成功！' });
    const [row] = await rows();
    expect(row).toMatchObject({ id: res.body.result, student_name: '张三', sex: '1', age: 12, birthday: '2014-05-01', ticket: 'T001', create_by: 'admin' });
    expect(Number(row.score)).toBe(95.5);
    // 校验规则 only: the value is unique.
    expect((await form({ student_name: '李四', ticket: 'T001' })).body).toMatchObject({ success: false, message: '报名号“T001”已存在' });
    for (const [name, sex, age] of [['李四', '2', 11], ['王五', '1', 13], ['赵六', '2', 10]] as const) expect((await form({ student_name: name, sex, age })).body.success).toBe(true);
  });

  it('lists rows with paging, sort on allowed columns, the anchor’s query syntax and dictionary texts', async () => {
    const page = await data('?pageSize=2&column=age&order=asc');
    expect(page.success, page.message).toBe(true);
    expect(page.result).toMatchObject({ total: 4, size: 2, current: 1 });
    expect(page.result.records.map((r: any) => r.student_name)).toEqual(['赵六', '李四']);
    expect(page.result.records[0].sex_dictText).toBe('女');
    expect((await data('?column=age&order=desc')).result.records.map((r: any) => r.age)).toEqual([13, 12, 11, 10]);
    // A column the form does not sort by falls back to the newest first; an unknown one never reaches SQL.
    expect((await data('?column=password&order=asc')).result.total).toBe(4);
    expect((await data(`?student_name=${encodeURIComponent('*四*')}`)).result.records.map((r: any) => r.student_name)).toEqual(['李四']);
    expect((await data('?sex=1&column=age&order=asc')).result.records.map((r: any) => r.student_name)).toEqual(['张三', '王五']);
    expect((await data('?age_begin=11&age_end=12&column=age&order=asc')).result.records.map((r: any) => r.age)).toEqual([11, 12]);
    expect((await data(`?student_name=${encodeURIComponent("' or 1=1 --")}`)).result.total).toBe(0);
    expect((await data('?birthday_begin=2014-01-01&birthday_end=2014-12-31')).result.records.map((r: any) => r.student_name)).toEqual(['张三']);
  });

  it('answers the columns, query fields and form schema of the definition', async () => {
    const cols = (await t.api('GET', `/online/cgform/api/getColumns/${id}`, { token: admin })).body;
    expect(cols.result).toMatchObject({ code: id, currentTableName: 'cg_signup', description: '比赛报名', paginationFlag: 'Y', checkboxFlag: 'Y' });
    expect(cols.result.columns.map((c: any) => c.dataIndex)).toEqual(['student_name', 'sex', 'age', 'score', 'birthday', 'phone', 'ticket']);
    expect(cols.result.columns[0]).toMatchObject({ title: '姓名', sorter: true, align: 'center' });
    expect(cols.result.columns[1]).toMatchObject({ customRender: 'sex' });
    expect(cols.result.dictOptions.sex.map((o: any) => o.text)).toEqual(expect.arrayContaining(['男', '女']));
    const query = (await t.api('GET', `/online/cgform/api/getQueryInfo/${id}`, { token: admin })).body.result;
    expect(query.map((q: any) => [q.field, q.view, q.mode, q.dictCode])).toEqual([
      ['student_name', 'text', 'single', null],
      ['sex', 'radio', 'single', 'sex'],
      ['birthday', 'date', 'group', null],
    ]);
    const item = (await t.api('GET', `/online/cgform/api/getFormItem/${id}`, { token: admin })).body.result;
    expect(item.head.tableName).toBe('cg_signup');
    expect(item.schema.required).toEqual(['student_name']);
    expect(Object.keys(item.schema.properties)).toEqual(['student_name', 'sex', 'age', 'score', 'birthday', 'phone', 'ticket', 'remark']);
    expect(item.schema.properties.student_name).toMatchObject({ title: '姓名', view: 'text', type: 'string', maxLength: 20 });
    expect(item.schema.properties.age).toMatchObject({ type: 'integer', view: 'number' });
    expect(item.schema.properties.sex).toMatchObject({ dictCode: 'sex', view: 'radio' });
  });

  it('reads, edits and deletes one row, and several', async () => {
    const [row] = (await data(`?student_name=${encodeURIComponent('张三')}`)).result.records;
    const one = await t.api('GET', `/online/cgform/api/form/${id}/${row.id}`, { token: admin });
    expect(one.body.result).toMatchObject({ student_name: '张三', score: 95.5, ticket: 'T001' });
    const edited = await form({ id: row.id, student_name: '张三丰', sex: '1', ticket: 'T001', age: 14 }, 'PUT');
    expect(edited.body, edited.body.message).toMatchObject({ success: true, message: '修改成功！' });
    expect((await t.api('GET', `/online/cgform/api/form/${id}/${row.id}`, { token: admin })).body.result).toMatchObject({ student_name: '张三丰', age: 14, update_by: 'admin', create_by: 'admin' });
    expect((await form({ id: row.id, student_name: '张'.repeat(21) }, 'PUT')).body.message).toBe('姓名不能超过20个字符');
    expect((await form({ id: 'nope', student_name: '无' }, 'PUT')).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await t.api('GET', `/online/cgform/api/form/${id}/nope`, { token: admin })).body).toMatchObject({ success: false, message: '未找到对应数据' });

    const others = (await data('?sex=2')).result.records.map((r: any) => r.id);
    expect(others).toHaveLength(2);
    expect((await t.api('DELETE', `/online/cgform/api/form/${id}/${others.join(',')}`, { token: admin })).body).toMatchObject({ success: true, message: '删除成功!' });
    expect((await data()).result.total).toBe(2);
    expect((await t.api('DELETE', `/online/cgform/api/form/${id}/${others[0]}`, { token: admin })).body).toMatchObject({ success: false, message: '未找到对应数据' });
  });

  it('exports the rows to Excel and imports them back, refusing the rows the form refuses', async () => {
    const res = await t.request(`/api/online/cgform/api/exportXls/${id}?column=age&order=asc`, { headers: { 'X-Access-Token': admin } });
    expect(res.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const sheet = wb.worksheets[0];
    const values = sheet.getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(values[0]).toEqual(['比赛报名列表数据']);
    expect(values[2]).toEqual(['姓名', '性别', '年龄', '成绩', '生日', '手机', '报名号']);
    expect(values.slice(3).map((r) => [r[0], r[1]])).toEqual([['王五', '男'], ['张三丰', '男']]);

    // Back in under new names (the ticket must stay unique), with one row the form refuses.
    sheet.getRow(4).getCell(1).value = '王小五';
    sheet.getRow(5).getCell(1).value = '张小三';
    sheet.getRow(5).getCell(7).value = 'T002';
    // 性别 stays as exported, the dictionary's text (男): it goes back in as its value.
    expect([sheet.getRow(4).getCell(2).value, sheet.getRow(5).getCell(2).value]).toEqual(['男', '男']);
    sheet.getRow(6).values = ['', '2', '11'];
    const file = new File([Buffer.from(await wb.xlsx.writeBuffer())], 'signup.xlsx');
    const body = new FormData();
    body.append('file', file);
    const imported = await t.request(`/api/online/cgform/api/importXls/${id}`, { method: 'POST', headers: { 'X-Access-Token': admin }, body });
    const answer = (await imported.json()) as any;
    expect(answer, answer.message).toMatchObject({ success: true, code: 201, result: { msg: '总上传行数：3，已导入行数：2，错误行数：1', errors: [{ row: 6, message: '请输入姓名' }] } });
    expect((await data()).result.records.map((r: any) => r.student_name).sort()).toEqual(['张三丰', '张小三', '王五', '王小五'].sort());
    expect((await data()).result.records.filter((r: any) => ['王小五', '张小三'].includes(r.student_name)).map((r: any) => r.sex)).toEqual(['1', '1']);
  });

  it('opens the data to those whose menus hold the form’s screen, under that menu’s data rules', async () => {
    const teacher = await t.login('teacher');
    expectNoPermission(await t.api('GET', `/online/cgform/api/getData/${id}`, { token: teacher }));
    expectNoPermission(await form({ student_name: '越权' }, 'POST', teacher));
    const menuId = newId();
    await t.db
      .insertInto('sys_permission')
      .values({ id: menuId, parent_id: '', name: '比赛报名', url: `/online/cgformList/${id}`, component: 'modules/online/cgform/auto/OnlCgformAutoList', menu_type: 1, sort_no: 99, del_flag: 0 } as never)
      .execute();
    const ruleId = newId();
    await t.db.insertInto('sys_permission_data_rule').values({ id: ruleId, permission_id: menuId, rule_name: '只看自己的', rule_column: 'create_by', rule_conditions: '=', rule_value: '#{sys_user_code}', status: '1' }).execute();
    const teacherRole = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'teacher').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('sys_role_permission').values({ id: newId(), role_id: teacherRole, permission_id: menuId, data_rule_ids: ruleId }).execute();
    const granted = await t.login('teacher');
    // The teacher sees only the rows they added, and cannot change the others.
    expect((await data('', granted)).result.total).toBe(0);
    const added = await form({ student_name: '老师加的', ticket: 'T100' }, 'POST', granted);
    expect(added.body, added.body.message).toMatchObject({ success: true });
    expect((await data('', granted)).result.records.map((r: any) => r.student_name)).toEqual(['老师加的']);
    const adminRow = (await data(`?student_name=${encodeURIComponent('王五')}`)).result.records[0];
    expect((await t.api('GET', `/online/cgform/api/form/${id}/${adminRow.id}`, { token: granted })).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await form({ id: adminRow.id, student_name: '改掉' }, 'PUT', granted)).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await t.api('DELETE', `/online/cgform/api/form/${id}/${adminRow.id}`, { token: granted })).body).toMatchObject({ success: false, message: '未找到对应数据' });
    expect((await data()).result.total).toBe(5);
    // The design stays closed to them.
    expectNoPermission(await t.api('GET', `/online/cgform/field/listByHeadId?headId=${id}`, { token: granted }));
  });
});
