// 在线表单开发 design API: a definition is saved ({head, fields, indexs}), listed, checked, synced to a real table
// (normal adds columns and keeps rows; force recreates, and asks first when rows would go), copied, removed (the
// table stays) and deleted (the table goes, the answer names its rows). A name that is a keyword, a system table,
// an injection, a look-alike or too long is refused with a clear message and changes nothing; Java/SQL/JS
// enhancements and the code generator answer that Xuetang runs no custom code; design is for administrators.
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoPermission } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { columnsOf, schemaPicture, signupFields, signupModel } from './cgform.test-kit.js';
import { NO_CUSTOM_CODE } from './cgform-buttons.js';

describe.each(dialects)('在线表单开发 API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;

  const addAll = (body: unknown, token = admin) => t.api('POST', '/online/cgform/api/addAll', { token, body });
  const headOf = (table: string) => t.db.selectFrom('onl_cgform_head').selectAll().where('table_name', '=', table).executeTakeFirstOrThrow();
  const sync = async (table: string, method = 'normal', query = '') => t.api('POST', `/online/cgform/api/doDbSynch/${(await headOf(table)).id}/${method}${query}`, { token: admin });
  const definitions = async () => JSON.stringify(await Promise.all(['onl_cgform_head', 'onl_cgform_field', 'onl_cgform_index'].map((tb) => t.db.selectFrom(tb as 'onl_cgform_head').selectAll().orderBy('id').execute())));
  const count = async (table: string) => Number((await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.db)).rows[0].n);
  const insert = (table: string, id: string, name: string) => sql`insert into ${sql.table(table)} (id, student_name) values (${id}, ${name})`.execute(t.db);

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    [admin, teacher] = await Promise.all([t.login('admin'), t.login('teacher')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('saves a whole definition, lists it, and answers its fields (the system columns added) and indexes', async () => {
    const res = await addAll(signupModel());
    expect(res.body, res.body.message).toMatchObject({ success: true, message: '添加成功！' });
    const list = await t.api('GET', '/online/cgform/head/list?tableName=cg_signup', { token: admin });
    expect(list.body.result.total).toBe(1);
    expect(list.body.result.records[0]).toMatchObject({ id: res.body.result.id, tableName: 'cg_signup', tableTxt: '比赛报名', tableType: 1, isDbSynch: 'N', isCheckbox: 'Y', formCategory: 'bdfl_ptbd', createBy: 'admin' });
    const fields = await t.api('GET', `/online/cgform/field/listByHeadId?headId=${res.body.result.id}`, { token: admin });
    expect(fields.body.result.map((f: any) => f.dbFieldName)).toEqual(['id', 'student_name', 'sex', 'age', 'score', 'birthday', 'phone', 'ticket', 'remark', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code']);
    expect(fields.body.result[1]).toMatchObject({ dbFieldTxt: '姓名', dbType: 'string', dbLength: 20, fieldMustInput: '1', isQuery: 1, sortFlag: '1', cgformHeadId: res.body.result.id });
    const indexes = await t.api('GET', `/online/cgform/index/listByHeadId?headId=${res.body.result.id}`, { token: admin });
    expect(indexes.body.result).toMatchObject([{ indexName: 'name', indexField: 'student_name', indexType: 'normal', isDbSynch: 'N' }]);
    expect((await addAll(signupModel())).body).toMatchObject({ success: false, message: '表名已存在' });
  });

  it('checks a table name: free, taken, or refused with the reason', async () => {
    const check = (q: string) => t.api('GET', `/online/cgform/api/checkOnlyTable?${q}`, { token: admin });
    expect((await check('tbname=cg_free')).body).toMatchObject({ success: true, result: 1 });
    expect((await check('tbname=cg_signup')).body).toMatchObject({ success: true, result: -1 });
    expect((await check(`tbname=cg_signup&id=${(await headOf('cg_signup')).id}`)).body).toMatchObject({ success: true, result: 1 });
    expect((await check('tbname=sys_user')).body).toMatchObject({ success: false, message: '“sys_user”是系统表，在线表单不能使用' });
  });

  it('refuses reserved words, system tables, injections, look-alikes and over-long names, changing nothing', async () => {
    const before = [await schemaPicture(t), await definitions()];
    const tables: [string, string][] = [
      ['sys_user', '“sys_user”是系统表，在线表单不能使用'],
      ['onl_cgform_head', '“onl_cgform_head”是系统表，在线表单不能使用'],
      ['student', '表名必须以 cg_ 开头（在线表单的表与系统表分开存放）'],
      ['cg_select', '表名“cg_select”含SQL保留字，请换一个名字'],
      ['x; drop table sys_user', '表名必须以 cg_ 开头（在线表单的表与系统表分开存放）'],
      ['cg_x; drop table sys_user', '表名只能包含小写字母、数字和单个下划线，以 cg_ 开头'],
      ["cg_a'b", '表名只能包含小写字母、数字和单个下划线，以 cg_ 开头'],
      ['cg_a"b', '表名只能包含小写字母、数字和单个下划线，以 cg_ 开头'],
      ['cg_ѕtudent', '表名只能包含小写字母、数字和单个下划线，以 cg_ 开头'],
      ['cg_Student', '表名只能包含小写字母、数字和单个下划线，以 cg_ 开头'],
      ['cg_a__b', '表名只能包含小写字母、数字和单个下划线，以 cg_ 开头'],
      [`cg_${'a'.repeat(38)}`, '表名不能超过40个字符'],
    ];
    for (const [name, message] of tables) {
      const res = await addAll(signupModel(name));
      expect(res.body, name).toMatchObject({ success: false, message });
    }
    const field = (dbFieldName: string) => signupModel('cg_fieldtest', { fields: [{ dbFieldName, dbFieldTxt: '字段', dbType: 'string', dbLength: 10 }] });
    const fields: [string, string][] = [
      ['select', '字段名“select”是SQL保留字，请换一个名字'],
      ['order', '字段名“order”是SQL保留字，请换一个名字'],
      ['user', '字段名“user”是SQL保留字，请换一个名字'],
      ['rowid', '字段名“rowid”是SQL保留字，请换一个名字'],
      ['x; drop table sys_user', '字段名“x; drop table sys_user”只能包含小写字母、数字和下划线，以字母开头'],
      ['a"b', '字段名“a"b”只能包含小写字母、数字和下划线，以字母开头'],
      ["a') --", "字段名“a') --”只能包含小写字母、数字和下划线，以字母开头"],
      ['nаme', '字段名“nаme”只能包含小写字母、数字和下划线，以字母开头'],
      ['a'.repeat(33), '字段名称不能超过32个字符'],
      ['start_begin', '字段名“start_begin”与列表的查询参数冲突，请换一个名字'],
    ];
    for (const [name, message] of fields) {
      const res = await addAll(field(name));
      expect(res.body, name).toMatchObject({ success: false, message });
    }
    const badIndex = await addAll(signupModel('cg_indextest', { indexs: [{ indexName: 'ix; drop', indexField: 'student_name' }] }));
    expect(badIndex.body.message).toBe('索引名称“ix; drop”只能包含小写字母、数字和单个下划线，以字母开头');
    const strange = await addAll(signupModel('cg_indextest', { indexs: [{ indexName: 'ix', indexField: 'password' }] }));
    expect(strange.body.message).toBe('索引“ix”的栏位“password”不是表单的字段');
    // Each refusal names the part it concerns by its path, so the designer shows it in its row.
    expect(strange.body.result).toEqual({ errors: { 'indexs.0.indexField': '索引“ix”的栏位“password”不是表单的字段' } });
    const dict = await addAll(signupModel('cg_dicttest', { fields: [{ dbFieldName: 'a', dbType: 'string', dbLength: 2, dictField: 'no_such_dict' }] }));
    expect(dict.body.message).toBe('字典“no_such_dict”不存在');
    const length = await addAll(signupModel('cg_lengthtest', { fields: [{ dbFieldName: 'a', dbType: 'string', dbLength: 0 }] }));
    expect(length.body.message).toBe('字段“a”的长度须在1到4000之间');
    expect(length.body.result).toEqual({ errors: { 'fields.0.dbLength': '字段“a”的长度须在1到4000之间' } });
    const invalid = await addAll(signupModel('cg_lengthtest', { fields: [{ dbFieldName: 'a', dbType: 'string', dbLength: 'long' }] }));
    expect(invalid.body.result.errors['fields.0.dbLength']).toBe(invalid.body.message);
    const type = await addAll(signupModel('cg_typetest', { fields: [{ dbFieldName: 'a', dbType: 'varchar(10); drop table sys_user', dbLength: 10 }] }));
    expect(type.body.message).toBe('字段类型只能是 string、int、double、BigDecimal、Date、Datetime、Text、Blob');
    // A definition stored with a bad name by hand is still refused by 同步数据库.
    const id = (await headOf('cg_signup')).id;
    await t.db.updateTable('onl_cgform_head').set({ table_name: 'sys_user' }).where('id', '=', id).execute();
    expect((await t.api('POST', `/online/cgform/api/doDbSynch/${id}/force`, { token: admin, body: {} })).body).toMatchObject({ success: false, message: '“sys_user”是系统表，在线表单不能使用' });
    await t.db.updateTable('onl_cgform_head').set({ table_name: 'cg_signup' }).where('id', '=', id).execute();
    expect([await schemaPicture(t), await definitions()]).toEqual(before);
    expect(await t.db.selectFrom('sys_user').select('id').execute()).not.toHaveLength(0);
  });

  it('同步数据库 normal creates the table, then adds a new column and keeps the rows', async () => {
    const res = await sync('cg_signup');
    expect(res.body, res.body.message).toMatchObject({ success: true, message: '同步数据库成功!' });
    expect(await columnsOf(t, 'cg_signup')).toEqual(['id', 'create_by', 'create_time', 'update_by', 'update_time', 'sys_org_code', 'student_name', 'sex', 'age', 'score', 'birthday', 'phone', 'ticket', 'remark']);
    expect((await headOf('cg_signup')).is_db_synch).toBe('Y');
    await insert('cg_signup', 'r1', '张三');
    await insert('cg_signup', 'r2', '李四');

    const head = await headOf('cg_signup');
    const fields = [...signupFields(), { dbFieldName: 'school', dbFieldTxt: '学校', dbType: 'string', dbLength: 50, isShowList: 1, orderNum: 9 }];
    const edited = await t.api('PUT', '/online/cgform/api/editAll', { token: admin, body: { ...signupModel('cg_signup', { fields }), head: { ...signupModel().head, id: head.id } } });
    expect(edited.body, edited.body.message).toMatchObject({ success: true, message: '修改成功！' });
    expect((await headOf('cg_signup')).is_db_synch).toBe('N');
    const again = await sync('cg_signup');
    expect(again.body).toMatchObject({ success: true, message: '同步数据库成功!（新增字段：school）' });
    expect(await columnsOf(t, 'cg_signup')).toContain('school');
    expect(await count('cg_signup')).toBe(2);
    expect((await headOf('cg_signup')).table_version).toBe(2);
    // A synced table keeps its name.
    const renamed = await t.api('PUT', '/online/cgform/head/edit', { token: admin, body: { ...signupModel().head, id: head.id, tableName: 'cg_renamed' } });
    expect(renamed.body).toMatchObject({ success: false, message: '已同步数据库的表单不能修改表名，请复制表单或删除后重建' });
    const titled = await t.api('PUT', '/online/cgform/head/edit', { token: admin, body: { ...signupModel().head, id: head.id, tableTxt: '比赛报名表' } });
    expect(titled.body).toMatchObject({ success: true });
    expect((await headOf('cg_signup')).is_db_synch).toBe('Y');
    expect((await t.api('POST', `/online/cgform/api/doDbSynch/${head.id}/drop`, { token: admin })).body).toMatchObject({ success: false, message: '同步方式只能是 normal（普通同步）或 force（强制同步）' });
  });

  it('同步数据库 force asks before dropping rows, then recreates the table', async () => {
    const before = await schemaPicture(t);
    const head = await t.db.selectFrom('onl_cgform_head').select('id').where('table_name', '=', 'cg_signup').executeTakeFirstOrThrow();
    expect((await t.api('GET', `/online/cgform/api/tableRows/${head.id}`, { token: admin })).body.result).toEqual({ tableName: 'cg_signup', exists: true, rows: 2 });
    const refused = await sync('cg_signup', 'force');
    expect(refused.body).toMatchObject({ success: false, message: '表 cg_signup 中有2条数据，强制同步会删除这些数据；确认后请再次强制同步（confirm=1）' });
    expect(await count('cg_signup')).toBe(2);
    expect(await schemaPicture(t)).toBe(before);
    const forced = await sync('cg_signup', 'force', '?confirm=1');
    expect(forced.body).toMatchObject({ success: true, message: '同步数据库成功!（已删除原表的2条数据）' });
    expect(await count('cg_signup')).toBe(0);
    expect(await columnsOf(t, 'cg_signup')).toContain('school');
  });

  it('copies a definition under a new name, removes one keeping its table, and lists tables no definition describes', async () => {
    const source = await headOf('cg_signup');
    const copy = await t.api('POST', `/online/cgform/head/copyOnline?code=${source.id}`, { token: admin });
    expect(copy.body).toMatchObject({ success: true, result: { tableName: 'cg_signup_copy1' } });
    const copied = await headOf('cg_signup_copy1');
    expect(copied).toMatchObject({ physic_id: source.id, copy_type: 1, copy_version: 1, is_db_synch: 'N', table_txt: '比赛报名表（复制1）' });
    const fields = await t.db.selectFrom('onl_cgform_field').select('db_field_name').where('cgform_head_id', '=', copied.id).orderBy('order_num').execute();
    expect(fields.map((f) => f.db_field_name)).toContain('school');
    expect((await sync('cg_signup_copy1')).body.success).toBe(true);
    await insert('cg_signup_copy1', 'c1', '王五');

    expect((await t.api('GET', '/online/cgform/head/queryTables', { token: admin })).body.result.records).toEqual([]);
    const removed = await t.api('DELETE', `/online/cgform/head/removeRecord?id=${copied.id}`, { token: admin });
    expect(removed.body).toMatchObject({ success: true, message: '移除成功！表单已移除，数据表保留' });
    expect(await t.db.selectFrom('onl_cgform_head').select('id').where('id', '=', copied.id).execute()).toEqual([]);
    expect(await t.db.selectFrom('onl_cgform_field').select('id').where('cgform_head_id', '=', copied.id).execute()).toEqual([]);
    expect(await count('cg_signup_copy1')).toBe(1);
    const free = await t.api('GET', '/online/cgform/head/queryTables', { token: admin });
    expect(free.body.result).toMatchObject({ total: 1, records: [{ id: 'cg_signup_copy1', name: 'cg_signup_copy1' }] });
    // Its name stays taken while the table is there.
    expect((await addAll(signupModel('cg_signup_copy1'))).body).toMatchObject({ success: false, message: '表名已存在' });
    await sql`drop table cg_signup_copy1`.execute(t.db);
  });

  it('deletes a definition with its table, naming the rows that went, and deletes in batches with or without the tables', async () => {
    await insert('cg_signup', 'd1', '赵六');
    const head = await headOf('cg_signup');
    const res = await t.api('DELETE', `/online/cgform/head/delete?id=${head.id}`, { token: admin });
    expect(res.body).toMatchObject({ success: true, message: '删除成功！已删除数据表 cg_signup（1条数据）' });
    expect(await columnsOf(t, 'cg_signup')).toEqual([]);
    expect(await t.db.selectFrom('onl_cgform_index').select('id').where('cgform_head_id', '=', head.id).execute()).toEqual([]);

    for (const name of ['cg_batch_a', 'cg_batch_b', 'cg_batch_c']) {
      expect((await addAll(signupModel(name))).body.success).toBe(true);
      expect((await sync(name)).body.success).toBe(true);
    }
    const ids = await Promise.all(['cg_batch_a', 'cg_batch_b', 'cg_batch_c'].map(async (n) => (await headOf(n)).id));
    expect((await t.api('DELETE', `/online/cgform/head/deleteBatch?ids=${ids[0]},${ids[1]},&flag=1`, { token: admin })).body).toMatchObject({ success: true, message: '删除成功！已删除数据表 cg_batch_a（0条数据）、cg_batch_b（0条数据）' });
    expect(await columnsOf(t, 'cg_batch_a')).toEqual([]);
    expect((await t.api('DELETE', `/online/cgform/head/deleteBatch?ids=${ids[2]}&flag=0`, { token: admin })).body).toMatchObject({ success: true, message: '移除成功！表单已移除，数据表保留' });
    expect(await columnsOf(t, 'cg_batch_c')).not.toEqual([]);
    await sql`drop table cg_batch_c`.execute(t.db);
    expect((await t.api('DELETE', '/online/cgform/head/delete?id=nope', { token: admin })).body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('refuses a unique index the rows break, leaving table and rows as they were', async () => {
    expect((await addAll(signupModel('cg_dupes'))).body.success).toBe(true);
    expect((await sync('cg_dupes')).body.success).toBe(true);
    await insert('cg_dupes', 'a', '同名');
    await insert('cg_dupes', 'b', '同名');
    const head = await headOf('cg_dupes');
    const unique = { ...signupModel('cg_dupes', { fields: signupFields(), indexs: [{ indexName: 'uniq_name', indexField: 'student_name', indexType: 'unique' }] }), head: { ...signupModel('cg_dupes').head, id: head.id } };
    expect((await t.api('PUT', '/online/cgform/api/editAll', { token: admin, body: unique })).body.success).toBe(true);
    const before = await schemaPicture(t);
    expect((await sync('cg_dupes')).body).toMatchObject({ success: false, message: '表中“student_name”有重复的数据，无法建立唯一索引“uniq_name”' });
    expect(await schemaPicture(t)).toBe(before);
    expect(await count('cg_dupes')).toBe(2);
    expect((await headOf('cg_dupes')).is_db_synch).toBe('N');
  });

  it('keeps custom buttons of a form', async () => {
    const id = (await addAll(signupModel('cg_buttons'))).body.result.id;
    const add = await t.api('POST', '/online/cgform/button/add', { token: admin, body: { buttonCode: 'approve', buttonName: '审核', cgformHeadId: id, optType: 'js', optPosition: '2', orderNum: 1 } });
    expect(add.body, add.body.message).toMatchObject({ success: true, message: '添加成功！' });
    expect((await t.api('POST', '/online/cgform/button/add', { token: admin, body: { buttonCode: 'approve', buttonName: '再审', cgformHeadId: id } })).body.message).toBe('按钮编码“approve”已存在');
    expect((await t.api('POST', '/online/cgform/button/add', { token: admin, body: { buttonCode: 'x; drop', buttonName: '坏', cgformHeadId: id } })).body.message).toBe('按钮编码只能包含字母、数字和下划线，以字母开头');
    const list = await t.api('GET', `/online/cgform/button/list/${id}`, { token: admin });
    expect(list.body.result).toMatchObject({ total: 1, records: [{ buttonCode: 'approve', buttonName: '审核', buttonStatus: '1', buttonStyle: 'button', optType: 'js', cgformHeadId: id }] });
    const buttonId = list.body.result.records[0].id;
    expect((await t.api('PUT', '/online/cgform/button/edit', { token: admin, body: { id: buttonId, buttonCode: 'approve', buttonName: '通过', cgformHeadId: id } })).body.success).toBe(true);
    expect((await t.api('GET', `/online/cgform/button/list/${id}`, { token: admin })).body.result.records[0].buttonName).toBe('通过');
    expect((await t.api('DELETE', `/online/cgform/button/deleteBatch?ids=${buttonId}`, { token: admin })).body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect((await t.api('DELETE', `/online/cgform/button/delete?id=${buttonId}`, { token: admin })).body).toMatchObject({ success: false, message: '未找到对应实体' });
  });

  it('answers every enhancement and the code generator with “no custom code”', async () => {
    const id = (await headOf('cg_buttons')).id;
    for (const [method, path] of [
      ['POST', '/online/cgform/api/codeGenerate'],
      ['GET', '/online/cgform/api/downGenerateCode'],
      ['GET', '/online/cgform/head/rootFile'],
      ['GET', '/online/cgform/head/fileTree'],
      ['GET', `/online/cgform/api/getEnhanceJs/${id}`],
      ['POST', `/online/cgform/head/enhanceJs/${id}`],
      ['PUT', `/online/cgform/head/enhanceJava/${id}`],
      ['GET', `/online/cgform/head/enhanceSql/${id}`],
      ['POST', `/online/cgform/head/enhanceSql/${id}`],
      ['DELETE', '/online/cgform/head/deletebatchEnhanceJava'],
    ]) {
      expect((await t.api(method, path, { token: admin, body: method === 'GET' ? undefined : { cgJavaValue: 'x' } })).body, path).toMatchObject({ success: false, message: NO_CUSTOM_CODE });
    }
  });

  it('is designed by administrators only', async () => {
    const id = (await headOf('cg_buttons')).id;
    const before = await definitions();
    expectNoPermission(await t.api('GET', '/online/cgform/head/list', { token: teacher }));
    expectNoPermission(await addAll(signupModel('cg_byteacher'), teacher));
    expectNoPermission(await t.api('POST', `/online/cgform/api/doDbSynch/${id}/normal`, { token: teacher }));
    expectNoPermission(await t.api('DELETE', `/online/cgform/head/delete?id=${id}`, { token: teacher }));
    expectNoPermission(await t.api('GET', `/online/cgform/field/listByHeadId?headId=${id}`, { token: teacher }));
    expect(await definitions()).toBe(before);
  });
});
