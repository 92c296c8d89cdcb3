// 在线报表 API: the design endpoints (/online/cgreport/head, item, param; administrators only) and a report's data
// endpoints (/online/cgreport/api/*/{code}; the report's menu). A report with a parameter and a dictionary column
// is designed, parsed, saved, searched, sorted, paged and exported; SQL that writes, holds several statements,
// reaches files, extensions, sleeps or secrets, or runs away is refused with a clear message and changes nothing;
// a parameter carrying SQL stays a value.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../domain/ids.js';
import { expectNoPermission } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

const REPORT_SQL = "select u.username, u.realname, u.sex from sys_user u where u.username like '${prefix}%' and u.del_flag = 0";

describe.each(dialects)('在线报表 API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;

  // The reports this file makes: the seed's sample report (各班作品统计) is left out.
  const SEEDED = 'works_by_class';
  const heads = () => t.db.selectFrom('onl_cgreport_head').select(['code', 'name', 'cgr_sql']).where('code', '!=', SEEDED).orderBy('code').execute();
  const seededId = () => t.db.selectFrom('onl_cgreport_head').select('id').where('code', '=', SEEDED).executeTakeFirstOrThrow().then((r) => r.id);
  const snapshot = async () =>
    JSON.stringify([
      await heads(),
      await t.db.selectFrom('onl_cgreport_item').select(['cgrhead_id', 'field_name']).orderBy('id').execute(),
      await t.db.selectFrom('onl_cgreport_param').select(['cgrhead_id', 'param_name']).orderBy('id').execute(),
      await t.db.selectFrom('sys_role').select(['id', 'role_code']).orderBy('id').execute(),
      await t.db.selectFrom('sys_user').select(['id', 'username', 'password']).orderBy('id').execute(),
    ]);
  const model = (code: string, sql = REPORT_SQL, extra: Record<string, unknown> = {}) => ({
    head: { code, name: `报表${code}`, cgrSql: sql, ...extra },
    items: [
      { fieldName: 'username', fieldTxt: '账号', isShow: 1, isOrder: 1, isSearch: 0, orderNum: 1 },
      { fieldName: 'realname', fieldTxt: '姓名', isShow: 1, isSearch: 1, searchMode: 'single', orderNum: 2 },
      { fieldName: 'sex', fieldTxt: '性别', isShow: 1, dictCode: 'sex', orderNum: 3 },
    ],
    params: [{ paramName: 'prefix', paramTxt: '账号前缀', paramValue: 'student', orderNum: 1 }],
  });
  const add = (body: unknown, token = admin) => t.api('POST', '/online/cgreport/head/add', { token, body });
  const headId = async (code: string) => (await t.db.selectFrom('onl_cgreport_head').select('id').where('code', '=', code).executeTakeFirstOrThrow()).id;

  beforeAll(async () => {
    t = await startTestApp({ dialect, sqliteOnFile: true, config: { reportLimits: { timeoutMs: 1500 } } });
    [admin, teacher] = await Promise.all([t.login('admin'), t.login('teacher')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('解析SQL answers the columns and ${name} parameters of a SELECT, in JeecgBoot’s shape', async () => {
    const res = await t.api('GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent(REPORT_SQL)}`, { token: admin });
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result.fields.map((f: any) => f.fieldName)).toEqual(['username', 'realname', 'sex']);
    expect(res.body.result.fields[0]).toMatchObject({ fieldTxt: 'username', fieldType: 'String', isShow: 1, orderNum: 1 });
    expect(res.body.result.params).toEqual([{ paramName: 'prefix', paramTxt: 'prefix', paramValue: null, orderNum: 1 }]);
    // A SELECT that finds nothing still names its columns.
    const empty = await t.api('GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent('select role_code as code, role_name from sys_role where 1 = 0')}`, { token: admin });
    expect(empty.body.result.fields.map((f: any) => f.fieldName)).toEqual(['code', 'role_name']);
    const bad = await t.api('GET', `/online/cgreport/head/parseSql?sql=${encodeURIComponent('delete from sys_role')}`, { token: admin });
    expect(bad.body).toMatchObject({ success: false, message: '报表只能是一条只读的SELECT语句，不允许使用 DELETE' });
    expect((await t.api('GET', '/online/cgreport/head/parseSql', { token: admin })).body).toMatchObject({ success: false, message: '请输入SQL' });
    expect((await t.api('GET', '/online/cgreport/head/parseSql?sql=select%201&dbKey=nope', { token: admin })).body).toMatchObject({ success: false, message: '数据源“nope”不存在' });
  });

  it('saves a report with a parameter and a dictionary column, lists it and answers its columns and parameters', async () => {
    const res = await add(model('users'));
    expect(res.body, res.body.message).toMatchObject({ success: true, message: '添加成功！' });
    const list = await t.api('GET', '/online/cgreport/head/list?code=users', { token: admin });
    expect(list.body.result.total).toBe(1);
    expect(list.body.result.records[0]).toMatchObject({ code: 'users', name: '报表users', cgrSql: REPORT_SQL, dbSource: null, createBy: 'admin' });
    const id = await headId('users');
    const items = await t.api('GET', `/online/cgreport/item/listByHeadId?headId=${id}`, { token: admin });
    expect(items.body.result.map((i: any) => [i.fieldName, i.fieldTxt, i.dictCode, i.isOrder, i.isSearch])).toEqual([
      ['username', '账号', null, 1, 0],
      ['realname', '姓名', null, 0, 1],
      ['sex', '性别', 'sex', 0, 0],
    ]);
    const params = await t.api('GET', `/online/cgreport/param/listByHeadId?headId=${id}`, { token: admin });
    expect(params.body.result).toMatchObject([{ paramName: 'prefix', paramTxt: '账号前缀', paramValue: 'student', cgrheadId: id }]);
    expect((await add(model('users'))).body).toMatchObject({ success: false, message: '报表编码已存在' });
  });

  it('answers the report’s rows with dictionary texts, bound parameters, search, sort and paging', async () => {
    const res = await t.api('GET', '/online/cgreport/api/getColumnsAndData/users?pageSize=2&column=username&order=asc', { token: admin });
    expect(res.body.success, res.body.message).toBe(true);
    const { data, columns, dictOptions, cgreportHeadName } = res.body.result;
    expect(cgreportHeadName).toBe('报表users');
    expect(columns.map((c: any) => c.fieldName)).toEqual(['username', 'realname', 'sex']);
    expect(dictOptions.sex.map((o: any) => o.text)).toEqual(expect.arrayContaining(['男', '女']));
    const students = (await t.db.selectFrom('sys_user').select('username').where('username', 'like', 'student%').where('del_flag', '=', 0).orderBy('username').execute()).map((u) => u.username);
    expect(students.length).toBeGreaterThan(2);
    expect(data.total).toBe(students.length);
    expect(data.records.map((r: any) => r.username)).toEqual(students.slice(0, 2));
    expect(data.records[0].sex_dictText).toMatch(/^(男|女|)$/);
    const second = await t.api('GET', '/online/cgreport/api/getData/users?pageSize=2&pageNo=2&column=username&order=asc', { token: admin });
    expect(second.body.result.records.map((r: any) => r.username)).toEqual(students.slice(2, 4));
    const desc = await t.api('GET', '/online/cgreport/api/getData/users?pageSize=50&column=username&order=desc', { token: admin });
    expect(desc.body.result.records.map((r: any) => r.username)).toEqual([...students].reverse());
    // The parameter (JeecgBoot's self_ prefix, or the bare name) is bound, never spliced.
    const teachers = await t.api('GET', '/online/cgreport/api/getData/users?self_prefix=teacher', { token: admin });
    expect(teachers.body.result.records.map((r: any) => r.username)).toEqual(['teacher']);
    const bare = await t.api('GET', '/online/cgreport/api/getData/users?prefix=admin', { token: admin });
    expect(bare.body.result.records.map((r: any) => r.username)).toEqual(['admin']);
    // Search on the searchable column, in the list contract's syntax.
    const realname = (await t.db.selectFrom('sys_user').select('realname').where('username', '=', students[0]).executeTakeFirstOrThrow()).realname;
    const found = await t.api('GET', `/online/cgreport/api/getData/users?realname=${encodeURIComponent(`*${realname.slice(1)}*`)}`, { token: admin });
    expect(found.body.result.records.map((r: any) => r.username)).toContain(students[0]);
    const exact = await t.api('GET', `/online/cgreport/api/getData/users?realname=${encodeURIComponent(realname)}`, { token: admin });
    expect(exact.body.result.records.every((r: any) => r.realname === realname)).toBe(true);
    // Unknown sort columns and a huge page are ignored and clamped.
    const clamped = await t.api('GET', '/online/cgreport/api/getData/users?pageSize=999999&column=password', { token: admin });
    expect(clamped.body.result.size).toBe(500);
  });

  it('keeps a parameter carrying SQL a value: it matches nothing and changes nothing', async () => {
    const before = await snapshot();
    for (const evil of ["' or '1'='1", "x%' or 1=1 --", "'; delete from sys_role; --", '${prefix}', 'student%\' union select password, salt, id from sys_user --']) {
      const res = await t.api('GET', `/online/cgreport/api/getData/users?self_prefix=${encodeURIComponent(evil)}`, { token: admin });
      expect(res.body.success, `${evil}: ${res.body.message}`).toBe(true);
      expect(res.body.result.records, evil).toEqual([]);
    }
    const long = await t.api('GET', `/online/cgreport/api/getData/users?self_prefix=${'x'.repeat(201)}`, { token: admin });
    expect(long.body).toMatchObject({ success: false, message: '参数账号前缀不能超过200个字符' });
    expect(await snapshot()).toBe(before);
  });

  it('refuses SQL that writes, holds several statements, reaches files, extensions, sleeps or secrets, with nothing saved', async () => {
    const before = await snapshot();
    const cases: [string, string][] = [
      ['delete from sys_role', '报表只能是一条只读的SELECT语句，不允许使用 DELETE'],
      ["update sys_user set realname = 'x'", '报表只能是一条只读的SELECT语句，不允许使用 UPDATE'],
      ["insert into sys_role (id, role_name, role_code) values ('1', 'x', 'x')", '报表只能是一条只读的SELECT语句，不允许使用 INSERT'],
      ['drop table sys_role', '报表只能是一条只读的SELECT语句，不允许使用 DROP'],
      ['select role_name from sys_role; delete from sys_role', '报表只能是一条SELECT语句（SQL中有多条语句）'],
      ['select role_name from sys_role; select 1', '报表只能是一条SELECT语句（SQL中有多条语句）'],
      ["select pg_read_file('/etc/passwd')", '不允许调用函数 pg_read_file'],
      ["select load_extension('/tmp/evil.so')", '不允许调用函数 load_extension'],
      ["attach database '/tmp/x.db' as x", '报表只能是一条只读的SELECT语句，不允许使用 ATTACH'],
      ["select role_name from sys_role into outfile '/tmp/roles.txt'", '报表只能是一条只读的SELECT语句，不允许使用 INTO'],
      ['select * into roles_copy from sys_role', '报表只能是一条只读的SELECT语句，不允许使用 INTO'],
      ['select pg_sleep(30)', '不允许调用函数 pg_sleep'],
      ['select sleep(30)', '不允许调用函数 sleep'],
      ['select benchmark(100000000, md5(1))', '不允许调用函数 benchmark'],
      ["select lo_import('/etc/passwd')", '不允许调用函数 lo_import'],
      ["select dblink('host=evil', 'select 1')", '不允许调用函数 dblink'],
      ['select id, token_hash from sys_session', '不允许读取 sys_session'],
      ['select phone, code_hash from sys_sms_code', '不允许读取 sys_sms_code'],
      ['select username, password, salt from sys_user', '不允许读取用户的密码和盐（sys_user.password、salt、legacy_password）'],
      ['select username, legacy_password from sys_user', '不允许读取用户的密码和盐（sys_user.password、salt、legacy_password）'],
      ['select * from sys_user', '读取 sys_user 时不能用 *，请写出要读取的列'],
      ['select id, db_password from sys_data_source', '不允许读取 sys_data_source'],
      ['select role_name from sys_role where role_code = ${select}', '参数名“select”是SQL保留字，请换一个名字'],
      ['select role_name from sys_role where id = ${a;b}', '参数名“a;b”不正确：只能包含字母、数字和下划线，以字母或下划线开头，不超过32个字符'],
      ["select role_name from sys_role where role_code = 'x' or 1=1 /*! ; drop table sys_role */", '不允许使用 /*! */ 或 /*+ */ 形式的注释'],
      ['select role_name from sys_role for update', '报表只能是一条只读的SELECT语句，不允许使用 UPDATE'],
      ['select role_name frm sys_role', 'SQL无法解析（第1行第'],
      ['', '请输入报表SQL'],
    ];
    for (const [sql, message] of cases) {
      const res = await add(model(`bad${newId().slice(0, 6)}`, sql));
      expect(res.body.success, sql).toBe(false);
      expect(res.body.message, sql).toContain(message);
    }
    expect(await snapshot()).toBe(before);
  });

  it('refuses bad columns, parameters and names on save, with nothing saved', async () => {
    const before = await snapshot();
    const base = model('badparts');
    const cases: [unknown, string][] = [
      [{ ...base, head: { ...base.head, code: 'a b' } }, '报表编码只能包含字母、数字、下划线和短横线，且不能是 form、save 或 delete'],
      [{ ...base, head: { ...base.head, code: "x'; drop table sys_role; --" } }, '报表编码只能包含字母、数字、下划线和短横线，且不能是 form、save 或 delete'],
      // The designer's own routes (/online/cgreport/form, /save, /delete) would shadow the report's screen.
      [{ ...base, head: { ...base.head, code: 'save' } }, '报表编码只能包含字母、数字、下划线和短横线，且不能是 form、save 或 delete'],
      [{ ...base, head: { ...base.head, name: '' } }, '请输入报表名字'],
      [{ ...base, head: { ...base.head, dbSource: 'nope' } }, '数据源“nope”不存在'],
      [{ ...base, items: [{ fieldName: 'a"; drop table x; --' }] }, '字段名字只能包含字母、数字和下划线'],
      [{ ...base, items: [{ fieldName: 'a' }, { fieldName: 'a' }] }, '字段名字“a”重复'],
      [{ ...base, items: [{ fieldName: 'sex', dictCode: 'no_such_dict' }] }, '字典“no_such_dict”不存在'],
      [{ ...base, items: [{ fieldName: 'sex', fieldHref: 'javascript:alert(1)' }] }, '字段跳转URL只能是本站路径（/开头）或 http(s) 地址'],
      [{ ...base, params: [{ paramName: 'select' }] }, '参数字段“select”是SQL保留字，请换一个名字'],
      [{ ...base, params: [{ paramName: '1x' }] }, '参数字段只能包含字母、数字和下划线，以字母或下划线开头'],
      [{ ...base, params: [{ paramName: 'p' }, { paramName: 'p' }] }, '参数字段“p”重复'],
      [{ ...base, items: 'x' }, '报表列的格式不正确'],
    ];
    for (const [body, message] of cases) {
      const res = await add(body);
      expect(res.body.success, message).toBe(false);
      expect(res.body.message).toBe(message);
    }
    expect(await snapshot()).toBe(before);
  });

  it('answers the screen’s columns, search fields and parameters, and exports the rows to Excel', async () => {
    const rp = await t.api('GET', '/online/cgreport/api/getRpColumns/users', { token: admin });
    expect(rp.body.result).toMatchObject({ cgRpConfigName: '报表users', cgRpConfigId: await headId('users') });
    expect(rp.body.result.columns.map((c: any) => [c.title, c.dataIndex, c.sorter ?? false])).toEqual([
      ['账号', 'username', true],
      ['姓名', 'realname', false],
      ['性别', 'sex_dictText', false],
    ]);
    const query = await t.api('GET', '/online/cgreport/api/getQueryInfo/users', { token: admin });
    expect(query.body.result).toEqual([{ field: 'realname', label: '姓名', view: 'text', mode: 'single', dictCode: null, order: 2 }]);
    const params = await t.api('GET', '/online/cgreport/api/getParamsInfo/users', { token: admin });
    expect(params.body.result.map((p: any) => [p.paramName, p.paramValue])).toEqual([['prefix', 'student']]);
    // By id too, as JeecgBoot's menus name reports.
    const byId = await t.api('GET', `/online/cgreport/api/getParamsInfo/${await headId('users')}`, { token: admin });
    expect(byId.body.result).toEqual(params.body.result);
    expect((await t.api('GET', '/online/cgreport/api/getData/nope', { token: admin })).body).toMatchObject({ success: false, message: '报表不存在' });

    const res = await t.request('/api/online/cgreport/api/exportXls/users?self_prefix=teacher', { headers: { 'X-Access-Token': admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toContain(encodeURIComponent('报表users.xlsx'));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as never);
    const rows = wb.worksheets[0].getSheetValues().filter(Boolean).map((r) => (r as unknown[]).slice(1));
    expect(rows[0]).toEqual(['报表users列表数据']);
    expect(rows[2]).toEqual(['账号', '姓名', '性别']);
    expect(rows.slice(3).map((r) => r[0])).toEqual(['teacher']);
  });

  it('is designed by administrators only, and read by those whose menus hold the report’s screen', async () => {
    expectNoPermission(await t.api('GET', '/online/cgreport/head/list', { token: teacher }));
    expectNoPermission(await add(model('byteacher'), teacher));
    expectNoPermission(await t.api('GET', '/online/cgreport/api/getData/users', { token: teacher }));
    // An admin adds the report's menu entry (/online/cgreport/{code}) and grants it to teachers.
    const menuId = newId();
    await t.db
      .insertInto('sys_permission')
      .values({ id: menuId, parent_id: '', name: '用户报表', url: '/online/cgreport/users', component: 'modules/online/cgreport/auto/OnlCgreportAutoList', menu_type: 1, sort_no: 99, del_flag: 0 } as never)
      .execute();
    const teacherRole = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'teacher').executeTakeFirstOrThrow()).id;
    await t.db.insertInto('sys_role_permission').values({ id: newId(), role_id: teacherRole, permission_id: menuId, data_rule_ids: null }).execute();
    const teacher2 = await t.login('teacher');
    const res = await t.api('GET', '/online/cgreport/api/getColumnsAndData/users', { token: teacher2 });
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result.data.total).toBeGreaterThan(2);
    // Another report stays closed, and so does the design.
    await add(model('other'));
    expectNoPermission(await t.api('GET', '/online/cgreport/api/getData/other', { token: teacher2 }));
    expectNoPermission(await t.api('GET', `/online/cgreport/item/listByHeadId?headId=${await headId('users')}`, { token: teacher2 }));
  });

  it('stops a runaway query at its time limit and answers the next one', async () => {
    const runaway = 'with recursive r(x) as (select 1 union all select x + 1 from r) select count(*) as n from r';
    expect((await add({ head: { code: 'runaway', name: '失控', cgrSql: runaway }, items: [{ fieldName: 'n' }] })).body.success).toBe(true);
    const started = Date.now();
    const res = await t.api('GET', '/online/cgreport/api/getData/runaway', { token: admin });
    expect(res.body).toMatchObject({ success: false, message: '报表查询超过2秒，已停止' });
    expect(Date.now() - started).toBeLessThan(6000);
    const next = await t.api('GET', '/online/cgreport/api/getData/users?self_prefix=admin', { token: admin });
    expect(next.body.result.records.map((r: any) => r.username)).toEqual(['admin']);
  });

  it('edits a whole report and deletes reports with their columns and parameters', async () => {
    const id = await headId('other');
    const edited = model('other', 'select role_code, role_name from sys_role where role_code = ${code}');
    const res = await t.api('PUT', '/online/cgreport/head/editAll', {
      token: admin,
      body: { ...edited, head: { ...edited.head, id, name: '角色' }, items: [{ fieldName: 'role_code' }, { fieldName: 'role_name' }], params: [{ paramName: 'code', paramValue: 'admin' }] },
    });
    expect(res.body, res.body.message).toMatchObject({ success: true });
    const data = await t.api('GET', '/online/cgreport/api/getData/other', { token: admin });
    expect(data.body.result.records).toEqual([{ role_code: 'admin', role_name: '管理员' }]);
    expect((await t.api('PUT', '/online/cgreport/head/editAll', { token: admin, body: { ...edited, head: { ...edited.head, id: 'nope' } } })).body).toMatchObject({ success: false, message: '未找到对应实体' });

    expect((await t.api('DELETE', `/online/cgreport/head/delete?id=${id}`, { token: admin })).body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await t.db.selectFrom('onl_cgreport_item').select('id').where('cgrhead_id', '=', id).execute()).toEqual([]);
    const ids = [await headId('users'), await headId('runaway')];
    expect((await t.api('DELETE', `/online/cgreport/head/deleteBatch?ids=${ids.join(',')},`, { token: admin })).body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await heads()).toEqual([]);
    expect(await t.db.selectFrom('onl_cgreport_param').select('id').where('cgrhead_id', '!=', await seededId()).execute()).toEqual([]);
    expect((await t.api('DELETE', '/online/cgreport/head/delete?id=nope', { token: admin })).body).toMatchObject({ success: false, message: '未找到对应实体' });
  });
});
