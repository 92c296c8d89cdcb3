// 在线表单开发, as an administrator meets it: the list; the designer adding a form with several control types, saved
// and opened again with the same values; refusals (a system table's name, an SQL keyword as a field name, a table
// dictionary) beside what they name with everything typed kept; 同步数据库 normal, then force asking first with the
// table's rows; 复制表单; 移除 and 删除 asking with the row count; 自定义按钮 added and deleted. A teacher is refused.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { formFields, screen } from '../../../../test/html.js';

const TABLE = 'cg_page_signup';

/** The designer's fields for 报名表: six control types, a dictionary, a 校验规则 and an index. */
const designed: Record<string, string> = {
  tableName: TABLE,
  tableTxt: '报名表',
  'fields.0.dbFieldName': 'student_name',
  'fields.0.dbFieldTxt': '姓名',
  'fields.0.dbLength': '20',
  'fields.0.fieldShowType': 'text',
  'fields.0.fieldMustInput': '1',
  'fields.0.isQuery': '1',
  'fields.1.dbFieldName': 'sex',
  'fields.1.dbFieldTxt': '性别',
  'fields.1.dbLength': '2',
  'fields.1.fieldShowType': 'radio',
  'fields.1.dictField': 'sex',
  'fields.2.dbFieldName': 'birthday',
  'fields.2.dbFieldTxt': '生日',
  'fields.2.dbType': 'Date',
  'fields.2.dbLength': '10',
  'fields.2.fieldShowType': 'date',
  'fields.2.queryMode': 'group',
  'fields.3.dbFieldName': 'levels',
  'fields.3.dbFieldTxt': '等级',
  'fields.3.dbLength': '20',
  'fields.3.fieldShowType': 'list_multi',
  'fields.3.dictField': 'priority',
  'fields.4.dbFieldName': 'is_member',
  'fields.4.dbFieldTxt': '会员',
  'fields.4.dbLength': '1',
  'fields.4.fieldShowType': 'switch',
  'fields.5.dbFieldName': 'phone',
  'fields.5.dbFieldTxt': '手机',
  'fields.5.dbLength': '11',
  'fields.5.fieldValidType': 'm',
  'indexs.0.indexName': 'idx_name',
  'indexs.0.indexField': 'student_name',
  'indexs.0.indexType': 'normal',
};

describe.each(dialects)('在线表单开发 screens on %s', () => {
  let t: TestApp;
  let admin: string;
  const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
  const page = (path: string, cookie = admin) => t.request(path, { headers: { Cookie: cookie } });
  const post = (path: string, form: URLSearchParams | Record<string, string>, cookie = admin) =>
    t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1' }, body: form instanceof URLSearchParams ? form : new URLSearchParams(form) });
  /** The designer's form as a user would post it: what the page shows, with `set` typed over it. */
  const designerForm = async (path: string, set: Record<string, string>) => {
    const s = screen(await (await page(path)).text());
    const designer = s.find((e) => e.attrs.id === 'xt-form-designer')[0];
    const form = formFields(designer);
    // A select submits its chosen option (formFields reads value attributes only).
    for (const sel of designer.find((e) => e.tag === 'select' && !!e.attrs.name)) form.set(sel.attr('name')!, sel.find((e) => e.tag === 'option' && 'selected' in e.attrs)[0]?.attr('value') ?? '');
    for (const [k, v] of Object.entries(set)) form.set(k, v);
    form.set('action', 'save');
    return form;
  };
  const headId = async (table: string) => (await t.db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', table).executeTakeFirstOrThrow()).id;
  const input = (s: ReturnType<typeof screen>, name: string) => s.find((e) => (e.tag === 'input' || e.tag === 'select' || e.tag === 'textarea') && e.attrs.name === name)[0];
  const selected = (s: ReturnType<typeof screen>, name: string) => input(s, name).find((e) => e.tag === 'option' && 'selected' in e.attrs)[0]?.attr('value');
  const errorOf = (s: ReturnType<typeof screen>, name: string) => {
    const id = input(s, name).attr('aria-describedby');
    return id ? s.find((e) => e.attrs.id === id)[0]?.text : undefined;
  };
  const rows = async (table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)).rows[0].n);
  const insertRows = async (table: string, n: number) => {
    for (let i = 0; i < n; i++) await sql`insert into ${sql.table(table)} (id, student_name) values (${`r${i}`}, ${`学生${i}`})`.execute(t.db);
  };

  beforeAll(async () => {
    t = await startTestApp();
    admin = await cookieOf('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('lists the forms with 新增, and refuses a teacher', async () => {
    const res = await page('/online/cgform');
    expect(res.status).toBe(200);
    const s = screen(await res.text());
    expect(s.get('link', '新增').attr('href')).toContain('/online/cgform/form');
    expect(s.text).toContain('删除选中（并删除数据表）');
    expect((await page('/online/cgform', await cookieOf('teacher'))).status).toBe(403);
  });

  it('adds a form with several control types, and opens it again with the same values', async () => {
    // 添加字段 redraws the designer with one row more, keeping what was typed.
    const added = await post('/online/cgform/save', { ...designed, back: '/online/cgform', action: 'add-fields' });
    const grown = screen(await added.text());
    expect(input(grown, 'fields.6.dbFieldName').attr('value')).toBe('');
    expect(input(grown, 'fields.5.fieldValidType').attr('value')).toBe('m');

    const saved = await post('/online/cgform/save', await designerForm('/online/cgform/form', designed));
    expect(saved.status).toBe(303);
    const id = await headId(TABLE);
    const fields = await t.db.selectFrom('onl_cgform_field').select(['db_field_name', 'field_show_type', 'dict_field', 'field_must_input', 'field_valid_type', 'db_type']).where('cgform_head_id', '=', id).orderBy('order_num').execute();
    expect(fields.map((f) => f.db_field_name)).toEqual(['id', 'student_name', 'sex', 'birthday', 'levels', 'is_member', 'phone', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code']);
    expect(fields.find((f) => f.db_field_name === 'student_name')).toMatchObject({ field_must_input: '1' });
    expect(fields.find((f) => f.db_field_name === 'levels')).toMatchObject({ field_show_type: 'list_multi', dict_field: 'priority' });
    expect(fields.find((f) => f.db_field_name === 'birthday')).toMatchObject({ db_type: 'Date', field_show_type: 'date' });

    const list = screen(await (await page('/online/cgform')).text());
    const row = list.get('row', new RegExp(TABLE));
    expect(row.text).toContain('报名表');
    expect(row.text).toContain('未同步');
    expect(row.get('link', `编辑${TABLE}`).attr('href')).toBe(`/online/cgform/form?id=${id}&back=%2Fonline%2Fcgform`);

    const again = screen(await (await page(`/online/cgform/form?id=${id}`)).text());
    expect(input(again, 'tableName').attr('value')).toBe(TABLE);
    expect(input(again, 'fields.0.dbFieldName').attr('value')).toBe('student_name');
    expect(input(again, 'fields.0.fieldMustInput').attr('checked')).toBeDefined();
    expect(selected(again, 'fields.1.dictField')).toBe('sex');
    expect(selected(again, 'fields.2.dbType')).toBe('Date');
    expect(selected(again, 'fields.2.queryMode')).toBe('group');
    expect(selected(again, 'fields.3.fieldShowType')).toBe('list_multi');
    expect(selected(again, 'fields.4.fieldShowType')).toBe('switch');
    expect(input(again, 'fields.5.fieldValidType').attr('value')).toBe('m');
    expect(input(again, 'indexs.0.indexField').attr('value')).toBe('student_name');
    // The system columns are named, never in the grids.
    expect(again.find((e) => e.tag === 'input' && /^fields\.\d+\.dbFieldName$/.test(e.attrs.name ?? '') && e.attrs.value === 'create_time')).toHaveLength(0);
    expect(again.get('region', '数据库属性').text).toContain('create_time');

    // Saving it unchanged keeps every field as it was.
    expect((await post('/online/cgform/save', await designerForm(`/online/cgform/form?id=${id}`, {}))).status).toBe(303);
    expect(await t.db.selectFrom('onl_cgform_field').select(['db_field_name', 'field_show_type', 'dict_field', 'field_must_input', 'field_valid_type', 'db_type']).where('cgform_head_id', '=', id).orderBy('order_num').execute()).toEqual(fields);
  });

  it('shows a refusal beside what it names and keeps what was typed', async () => {
    const system = await post('/online/cgform/save', await designerForm('/online/cgform/form', { ...designed, tableName: 'sys_user' }));
    expect(system.status).toBe(400);
    const s = screen(await system.text());
    expect(errorOf(s, 'tableName')).toBe('“sys_user”是系统表，在线表单不能使用');
    expect(input(s, 'tableName').attr('value')).toBe('sys_user');
    expect(input(s, 'fields.5.fieldValidType').attr('value')).toBe('m');
    expect(selected(s, 'fields.3.dictField')).toBe('priority');

    const keyword = screen(await (await post('/online/cgform/save', await designerForm('/online/cgform/form', { ...designed, tableName: 'cg_other', 'fields.2.dbFieldName': 'select' }))).text());
    expect(errorOf(keyword, 'fields.2.dbFieldName')).toBe('字段名“select”是SQL保留字，请换一个名字');
    expect(input(keyword, 'fields.2.dbFieldName').attr('value')).toBe('select');

    const dictTable = screen(await (await post('/online/cgform/save', await designerForm('/online/cgform/form', { ...designed, tableName: 'cg_other', 'fields.1.dictTable': 'sys_user' }))).text());
    expect(errorOf(dictTable, 'fields.1.dictTable')).toContain('字段“sex”：字典表“sys_user”不能作为表字典');

    const tooLong = screen(await (await post('/online/cgform/save', await designerForm('/online/cgform/form', { ...designed, tableName: 'cg_other', 'fields.0.dbLength': '0' }))).text());
    expect(errorOf(tooLong, 'fields.0.dbLength')).toBe('字段“student_name”的长度须在1到4000之间');
    expect(await t.db.selectFrom('onl_cgform_head').select('id').where('table_name', 'in', ['sys_user', 'cg_other']).execute()).toEqual([]);
  });

  it('syncs normally, then asks before a force sync drops the table’s rows', async () => {
    const id = await headId(TABLE);
    const choice = screen(await (await page(`/online/cgform/sync?id=${id}`)).text());
    expect(choice.get('status').text).toBe(`数据表 ${TABLE} 尚未创建。`);
    expect(choice.all('radio').map((r) => r.attr('value'))).toEqual(['normal', 'force']);

    const normal = await post('/online/cgform/sync', { id, method: 'normal', back: '/online/cgform' });
    expect(normal.status).toBe(303);
    expect(await rows(TABLE)).toBe(0);
    expect(screen(await (await page('/online/cgform')).text()).get('row', new RegExp(TABLE)).text).toContain('已同步');
    await insertRows(TABLE, 2);

    const asked = await post('/online/cgform/sync', { id, method: 'force', back: '/online/cgform' });
    expect(asked.status).toBe(200);
    const box = screen(await asked.text());
    expect(box.text).toContain(`强制同步将删除并重建数据表 ${TABLE}，表中现有的 2 行数据将全部删除`);
    expect(await rows(TABLE)).toBe(2);
    const confirm = formFields(box.find((e) => e.attrs.id === 'xt-confirm-form')[0]);
    expect(confirm.get('confirmed')).toBe('1');
    expect((await post('/online/cgform/sync', confirm)).status).toBe(303);
    expect(await rows(TABLE)).toBe(0);
  });

  it('copies a form, and asks before 移除 and 删除 with the rows of the table', async () => {
    const id = await headId(TABLE);
    expect((await post('/online/cgform/copy', { id, back: '/online/cgform', confirmed: '1' })).status).toBe(303);
    const copyId = await headId(`${TABLE}_copy1`);
    expect(await t.db.selectFrom('onl_cgform_field').select('id').where('cgform_head_id', '=', copyId).execute()).toHaveLength(12);

    await insertRows(TABLE, 3);
    const del = screen(await (await page(`/online/cgform/delete?id=${id}`)).text());
    expect(del.text).toContain(`删除表单并删除数据表 ${TABLE}（共 3 行数据）？此操作不可恢复`);
    const remove = screen(await (await page(`/online/cgform/remove?id=${id}`)).text());
    expect(remove.text).toContain(`数据表 ${TABLE} 保留（共 3 行数据）`);
    // The selection asks too, naming each table, even when htmx already said confirmed=1.
    const chosen = screen(await (await post('/online/cgform/delete-selected', { ids: `${id},${copyId}`, back: '/online/cgform', confirmed: '1' })).text());
    expect(chosen.text).toContain('删除选中的 2 个表单并删除它们的数据表（共 3 行数据）');
    expect(chosen.find((e) => e.tag === 'li').map((i) => i.text)).toEqual(expect.arrayContaining([`${TABLE}（共 3 行数据）`, `${TABLE}_copy1（数据表尚未创建）`]));
    expect(await t.db.selectFrom('onl_cgform_head').select('id').where('id', 'in', [id, copyId]).execute()).toHaveLength(2);

    // 移除 keeps the table; 删除 drops it.
    expect((await post('/online/cgform/sync', { id: copyId, method: 'normal', back: '/online/cgform' })).status).toBe(303);
    expect((await post('/online/cgform/remove', { ids: copyId, back: '/online/cgform', confirmed: '1' })).status).toBe(303);
    expect(await rows(`${TABLE}_copy1`)).toBe(0);
    expect(await t.db.selectFrom('onl_cgform_head').select('id').where('id', '=', copyId).execute()).toEqual([]);
    expect((await post('/online/cgform/delete', { ids: id, back: '/online/cgform', confirmed: '1' })).status).toBe(303);
    await expect(rows(TABLE)).rejects.toThrow();
    expect(await t.db.selectFrom('onl_cgform_head').select('id').where('id', '=', id).execute()).toEqual([]);
  });

  it('adds and deletes a form’s 自定义按钮', async () => {
    expect((await post('/online/cgform/save', await designerForm('/online/cgform/form', { tableName: 'cg_page_buttons', tableTxt: '按钮表', 'fields.0.dbFieldName': 'title' }))).status).toBe(303);
    const id = await headId('cg_page_buttons');
    const empty = screen(await (await page(`/online/cgform/buttons?id=${id}`)).text());
    expect(empty.text).toContain('暂无自定义按钮');
    const addHref = empty.get('link', '新增按钮').attr('href')!;

    const refused = screen(await (await post('/online/cgform/buttons/save', { ...Object.fromEntries(formFields(screen(await (await page(addHref)).text()).find((e) => e.attrs.id === 'xt-dialog-form')[0])), buttonCode: '1bad', buttonName: '坏' })).text());
    expect(errorOf(refused, 'buttonCode')).toBe('按钮编码只能包含字母、数字和下划线，以字母开头');

    const form = formFields(screen(await (await page(addHref)).text()).find((e) => e.attrs.id === 'xt-dialog-form')[0]);
    form.set('buttonCode', 'approve');
    form.set('buttonName', '审核');
    expect((await post('/online/cgform/buttons/save', form)).status).toBe(303);
    const listed = screen(await (await page(`/online/cgform/buttons?id=${id}`)).text());
    const row = listed.get('row', /approve/);
    expect(row.text).toContain('审核');
    expect(row.text).toContain('激活');
    const buttonId = (await t.db.selectFrom('onl_cgform_button').select('id').where('cgform_head_id', '=', id).executeTakeFirstOrThrow()).id;

    expect((await post('/online/cgform/buttons/delete', { ids: buttonId, id, back: `/online/cgform/buttons?id=${id}`, confirmed: '1' })).status).toBe(303);
    expect(await t.db.selectFrom('onl_cgform_button').select('id').where('cgform_head_id', '=', id).execute()).toEqual([]);
  });
});
