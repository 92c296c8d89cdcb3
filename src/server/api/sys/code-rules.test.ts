// 编码校验规则 and 填值规则 API (/sys/checkRule/*, /sys/fillRule/*): CRUD with bad input refused in Chinese and
// nothing changed, checkByCode's answers (the anchor's shape), fill rules' previews and generated values, the
// serial counter under concurrent calls, export/import, and who may call what.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectInvalid, expectNoPermission, expectPage } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

const year = String(new Date().getFullYear());

describe.each(dialects)('编码校验规则 and 填值规则 API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let student: string;

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    [admin, teacher, student] = await Promise.all([t.login('admin'), t.login('teacher'), t.login('student1')]);
  });
  afterAll(async () => {
    await t?.close();
  });

  const checkRule = (code: string) => t.db.selectFrom('sys_check_rule').selectAll().where('rule_code', '=', code).executeTakeFirst();
  const fillRule = (code: string) => t.db.selectFrom('sys_fill_rule').selectAll().where('rule_code', '=', code).executeTakeFirst();
  const check = (ruleCode: string, value: string, token = student) =>
    t.api('GET', `/sys/checkRule/checkByCode?ruleCode=${encodeURIComponent(ruleCode)}&value=${encodeURIComponent(encodeURIComponent(value))}`, { token });

  describe('checkByCode', () => {
    it('passes a value the seed rule accepts and names the first failing rule otherwise, for any logged-in user', async () => {
      expectEnvelope(await check('common', 'abc_12'), { success: true, code: 200, message: '操作成功！' });
      const res = await check('test', '123@@x@#=O。');
      expect(res.status).toBe(200);
      expect(res.body).toMatchObject({
        success: false,
        code: 500,
        message: '第4-7位必须都为 @ 符号',
        result: { digits: '4', pattern: '^@{4}$', message: '第4-7位必须都为 @ 符号', beginIndex: 3, endIndex: 7, checkValue: '@@x@', passed: false },
      });
      // '*' rules carry no span.
      const whole = await check('common', 'ab', teacher);
      expect(whole.body.result).toEqual({ digits: '*', pattern: '^.{3,}$', message: '最少输入3位数', checkValue: 'ab', passed: false });
      expectEnvelope(await check('test', '123@@@@#=O。', admin), { success: true });
    });

    it('decodes the value once more (the clients encode it twice) and keeps a value that was encoded once', async () => {
      // "a b%" encoded twice → decoded by the query string, then by the server.
      expect((await check('common', 'a b%')).body.result.checkValue).toBe('a b%');
      const once = await t.api('GET', `/sys/checkRule/checkByCode?ruleCode=common&value=${encodeURIComponent('ab%zz')}`, { token: student });
      expect(once.body.result.checkValue).toBe('ab%zz');
    });

    it('tests the empty string when the cursor is past the end of the value', async () => {
      const res = await check('test', '123@@');
      expect(res.body.result).toMatchObject({ message: '第4-7位必须都为 @ 符号', beginIndex: 3, endIndex: 5, checkValue: '@@' });
      await t.api('POST', '/sys/checkRule/add', { token: admin, body: { ruleName: '两段', ruleCode: 'api_cursor', ruleJson: '[{"digits":2,"pattern":"\\\\d*","message":"前两位数字"},{"digits":"1","pattern":"x","message":"第3位是x"}]' } });
      expect((await check('api_cursor', '12')).body.result).toEqual({ digits: '1', pattern: 'x', message: '第3位是x', beginIndex: 2, endIndex: 2, checkValue: '', passed: false });
    });

    it('answers 该编码不存在 for an unknown code, and refuses a missing code, an over-long value and anonymous callers', async () => {
      expectFailure(await check('no_such_rule', 'abc'), '该编码不存在');
      expectFailure(await t.api('GET', '/sys/checkRule/checkByCode?value=abc', { token: student }), '规则编码(ruleCode)不能为空', { status: 400, code: 400 });
      expectFailure(await check('common', 'a'.repeat(1001)), '校验的值不能超过1000个字符');
      expect((await t.api('GET', '/sys/checkRule/checkByCode?ruleCode=common&value=abc')).status).toBe(500);
    });

    it('refuses to run a stored rule whose JSON is broken (written around the API) instead of failing obscurely', async () => {
      await t.db.insertInto('sys_check_rule').values({ id: 'broken-rule', rule_name: '坏规则', rule_code: 'api_broken', rule_json: '[{"digits":"*","pattern":"(a+)+","message":"x"}]' }).execute();
      expectFailure(await check('api_broken', 'aaa'), /^该规则的JSON不正确，请联系管理员修改：.*嵌套的重复/);
    });
  });

  describe('check rule CRUD', () => {
    const valid = { ruleName: '班级编码', ruleCode: 'api_class_code', ruleJson: '[{"digits":"*","pattern":"C\\\\d{3}","message":"班级编码为C加3位数字"}]', ruleDescription: '测试用' };

    it('adds, lists, reads, edits and deletes a rule', async () => {
      expectEnvelope(await t.api('POST', '/sys/checkRule/add', { token: admin, body: valid }), { success: true, message: '添加成功！' });
      const row = (await checkRule('api_class_code'))!;
      expect(row).toMatchObject({ rule_name: '班级编码', rule_description: '测试用', create_by: 'admin' });
      expectEnvelope(await check('api_class_code', 'C123'), { success: true });
      expect((await check('api_class_code', 'C12')).body.message).toBe('班级编码为C加3位数字');

      const list = await t.api('GET', '/sys/checkRule/list?ruleCode=*class*&pageSize=10', { token: admin });
      expectPage(list.body.result, 10, 1);
      expect(list.body.result.records.map((r: any) => r.ruleCode)).toEqual(['api_class_code']);
      const one = await t.api('GET', `/sys/checkRule/queryById?id=${row.id}`, { token: admin });
      expect(one.body.result).toMatchObject({ id: row.id, ruleName: '班级编码', ruleCode: 'api_class_code', ruleJson: valid.ruleJson });
      expectFailure(await t.api('GET', '/sys/checkRule/queryById?id=nope', { token: admin }), '未找到对应实体');

      expectEnvelope(await t.api('PUT', '/sys/checkRule/edit', { token: admin, body: { ...valid, id: row.id, ruleName: '班级编号', ruleJson: '[{"digits":"*","pattern":"C\\\\d{4}","message":"4位"}]' } }), { success: true });
      expect(await checkRule('api_class_code')).toMatchObject({ rule_name: '班级编号', update_by: 'admin' });
      expect((await check('api_class_code', 'C123')).body.message).toBe('4位');

      expectEnvelope(await t.api('DELETE', `/sys/checkRule/delete?id=${row.id}`, { token: admin }), { success: true, message: '删除成功!' });
      expect(await checkRule('api_class_code')).toBeUndefined();
      expectFailure(await check('api_class_code', 'C1234'), '该编码不存在');
    });

    it('refuses bad JSON, bad regexes, duplicate codes and missing fields, changing nothing', async () => {
      const before = await t.db.selectFrom('sys_check_rule').selectAll().orderBy('id').execute();
      expectInvalid(await t.api('POST', '/sys/checkRule/add', { token: admin, body: { ...valid, ruleJson: '[{"digits":"*"' } }), '规则JSON不是有效的JSON，应为数组，例如 [{"digits":"*","pattern":"[a-z]+","message":"只能输入小写字母"}]', 'ruleJson');
      const badRegex = await t.api('POST', '/sys/checkRule/add', { token: admin, body: { ...valid, ruleJson: '[{"digits":"*","pattern":"[a-z","message":"x"}]' } });
      expect(badRegex.status).toBe(400);
      expect(badRegex.body.result.errors.ruleJson).toMatch(/^第1条规则的正则表达式\(pattern\)不正确：/);
      expectInvalid(await t.api('POST', '/sys/checkRule/add', { token: admin, body: { ...valid, ruleJson: '[{"digits":"*","pattern":"(\\\\d+)*","message":"x"}]' } }), '第1条规则的正则表达式(pattern)含有嵌套的重复（如 (a+)+），可能使校验极慢，请改写', 'ruleJson');
      expectInvalid(await t.api('POST', '/sys/checkRule/add', { token: admin, body: { ...valid, ruleCode: 'a b' } }), '规则编码只能包含字母、数字、下划线或短横线', 'ruleCode');
      expectInvalid(await t.api('POST', '/sys/checkRule/add', { token: admin, body: { ruleCode: 'x1', ruleJson: valid.ruleJson } }), '请输入规则名称', 'ruleName');
      const dup = await t.api('POST', '/sys/checkRule/add', { token: admin, body: { ...valid, ruleCode: 'common' } });
      expectFailure(dup, '该规则编码已存在');
      expect(dup.body.result).toEqual({ errors: { ruleCode: '该规则编码已存在' } });
      expectEnvelope(await t.api('POST', '/sys/checkRule/add', { token: admin, body: '{not json' }), { success: false, status: 400, message: '请求数据不是有效的JSON' });
      const test = (await checkRule('test'))!;
      expectFailure(await t.api('PUT', '/sys/checkRule/edit', { token: admin, body: { ...valid, id: test.id, ruleCode: 'common' } }), '该规则编码已存在');
      expectFailure(await t.api('PUT', '/sys/checkRule/edit', { token: admin, body: { ...valid, id: 'nope' } }), '未找到对应实体');
      expectFailure(await t.api('DELETE', '/sys/checkRule/deleteBatch?ids=nope,', { token: admin }), '未找到对应实体');
      expect(await t.db.selectFrom('sys_check_rule').selectAll().orderBy('id').execute()).toEqual(before);
    });

    it('tries a value against unsaved rule JSON (the form’s 测试)', async () => {
      const res = await t.api('POST', '/sys/checkRule/testRule', { token: admin, body: { ruleJson: '[{"digits":"2","pattern":"[A-Z]{2}","message":"前两位大写"}]', value: 'Ab1' } });
      expect(res.body).toMatchObject({ success: false, message: '前两位大写', result: { beginIndex: 0, endIndex: 2, checkValue: 'Ab' } });
      expectEnvelope(await t.api('POST', '/sys/checkRule/testRule', { token: admin, body: { ruleJson: '[{"digits":"2","pattern":"[A-Z]{2}","message":"前两位大写"}]', value: 'AB1' } }), { success: true });
      expectFailure(await t.api('POST', '/sys/checkRule/testRule', { token: admin, body: { ruleJson: 'nope', value: 'x' } }), /^规则JSON不是有效的JSON/);
    });

    it('deletes in batches', async () => {
      for (const code of ['api_b1', 'api_b2']) await t.api('POST', '/sys/checkRule/add', { token: admin, body: { ...valid, ruleCode: code } });
      const ids = [(await checkRule('api_b1'))!.id, (await checkRule('api_b2'))!.id];
      expectEnvelope(await t.api('DELETE', `/sys/checkRule/deleteBatch?ids=${ids.join(',')},`, { token: admin }), { success: true });
      expect(await checkRule('api_b1')).toBeUndefined();
      expect(await checkRule('api_b2')).toBeUndefined();
    });

    it('exports the rules and imports new ones, reporting the rows it refuses', async () => {
      const res = await t.request('/api/sys/checkRule/exportXls?column=ruleCode&order=asc', { headers: { 'X-Access-Token': admin } });
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const wb = new ExcelJS.Workbook();
      await wb.xlsx.load((await res.arrayBuffer()) as ArrayBuffer);
      const rows: string[][] = [];
      wb.worksheets[0].eachRow((row) => rows.push((row.values as unknown[]).slice(1).map((v) => (v === null || v === undefined ? '' : String(v)))));
      expect(rows[2]).toEqual(['规则名称', '规则编码', '规则JSON', '规则描述', '创建时间']);
      expect(rows.slice(3).find((r) => r[1] === 'common')?.[0]).toBe('通用编码规则');

      const out = new ExcelJS.Workbook();
      const ws = out.addWorksheet('导出信息');
      ws.addRow(['规则名称', '规则编码', '规则JSON', '规则描述']);
      ws.addRow(['导入的', 'api_imported', '[{"digits":"*","pattern":"\\\\d+","message":"只能是数字"}]', '']);
      ws.addRow(['重复', 'common', '[{"digits":"*","pattern":"x","message":"x"}]', '']);
      ws.addRow(['坏的', 'api_bad', '[{"digits":"*","pattern":"(","message":"x"}]', '']);
      const form = new FormData();
      form.set('file', new Blob([(await out.xlsx.writeBuffer()) as ArrayBuffer]), 'rules.xlsx');
      const imported = await (await t.request('/api/sys/checkRule/importExcel', { method: 'POST', headers: { 'X-Access-Token': admin }, body: form })).json();
      expect(imported).toMatchObject({ success: true, code: 201 });
      expect(imported.result.errors.map((e: any) => e.message)).toEqual(['该规则编码已存在', expect.stringMatching(/^第1条规则的正则表达式\(pattern\)不正确/)]);
      expectEnvelope(await check('api_imported', '42'), { success: true });
      expect(await checkRule('api_bad')).toBeUndefined();
    });
  });

  describe('fill rules', () => {
    const serial = { ruleName: '学号', ruleCode: 'api_serial', ruleClass: 'serial', ruleParams: '{"prefix":"S","datePattern":"yyyy","digits":3}' };

    it('previews without taking a number, then generates consecutive numbers with executeRuleByCode', async () => {
      expectEnvelope(await t.api('POST', '/sys/fillRule/add', { token: admin, body: serial }), { success: true });
      const preview = await t.api('GET', '/sys/fillRule/testFillRule?ruleCode=api_serial', { token: admin });
      expectEnvelope(preview, { success: true });
      expect(preview.body.result).toBe(`S${year}001`);
      expect((await t.api('GET', '/sys/fillRule/testFillRule?ruleCode=api_serial', { token: admin })).body.result).toBe(`S${year}001`);
      const first = await t.api('PUT', '/sys/fillRule/executeRuleByCode', { token: admin, body: { ruleCode: 'api_serial', formData: {} } });
      expectEnvelope(first, { success: true, message: '操作成功！' });
      expect(first.body.result).toBe(`S${year}001`);
      expect((await t.api('PUT', '/sys/fillRule/executeRuleByCode', { token: admin, body: { ruleCode: 'api_serial' } })).body.result).toBe(`S${year}002`);
      expect((await t.api('GET', '/sys/fillRule/testFillRule?ruleCode=api_serial', { token: admin })).body.result).toBe(`S${year}003`);
    });

    it("takes the next number through the anchor's path form, the form's values as the body", async () => {
      await t.api('POST', '/sys/fillRule/add', { token: admin, body: { ...serial, ruleCode: 'api_path', ruleParams: '{"prefix":"Q","digits":2}' } });
      const first = await t.api('PUT', '/sys/fillRule/executeRuleByCode/api_path', { token: admin, body: {} });
      expectEnvelope(first, { success: true, message: '操作成功！' });
      expect(first.body.result).toBe('Q01');
      expect((await t.api('POST', '/sys/fillRule/executeRuleByCode/api_path', { token: admin, body: { name: 'x' } })).body.result).toBe('Q02');
      const root = await t.db.selectFrom('sys_category').select(['id', 'code']).where('pid', '=', '0').orderBy('code').executeTakeFirstOrThrow();
      expect((await t.api('PUT', '/sys/fillRule/executeRuleByCode/category_code_rule', { token: admin, body: { pid: root.id } })).body.result).toMatch(new RegExp(`^${root.code}[A-Z]\\d{2}$`));
      expectFailure(await t.api('PUT', '/sys/fillRule/executeRuleByCode/nope', { token: admin, body: {} }), '该编码不存在');
      expectFailure(await t.api('PUT', '/sys/fillRule/executeRuleByCode/api_path', { token: admin, body: [1] }), '请求数据必须是JSON对象', { status: 400, code: 400 });
      expectNoPermission(await t.api('PUT', '/sys/fillRule/executeRuleByCode/api_path', { token: student, body: {} }));
      // A refused call takes no number.
      expect((await t.api('PUT', '/sys/fillRule/executeRuleByCode/api_path', { token: admin, body: {} })).body.result).toBe('Q03');
    });

    it('never hands out the same number to concurrent calls', async () => {
      await t.api('POST', '/sys/fillRule/add', { token: admin, body: { ...serial, ruleCode: 'api_parallel', ruleParams: '{"prefix":"P","digits":4}' } });
      const values = await Promise.all(
        Array.from({ length: 25 }, () => t.api('PUT', '/sys/fillRule/executeRuleByCode', { token: admin, body: { ruleCode: 'api_parallel' } }).then((r) => r.body.result as string)),
      );
      expect(new Set(values).size).toBe(25);
      expect([...values].sort()).toEqual(Array.from({ length: 25 }, (_, i) => `P${String(i + 1).padStart(4, '0')}`));
    });

    it('previews an unsaved rule in the form on the saved rule’s counter, and category codes under a parent', async () => {
      const res = await t.api('POST', '/sys/fillRule/testFillRule', { token: admin, body: { ruleCode: 'api_serial', ruleClass: 'serial', ruleParams: '{"prefix":"N","datePattern":"yyyy","digits":5}' } });
      expect(res.body.result).toBe(`N${year}00003`);
      expect((await t.api('POST', '/sys/fillRule/testFillRule', { token: admin, body: { ruleClass: 'serial', ruleParams: '{"digits":2}' } })).body.result).toBe('01');
      const root = await t.db.selectFrom('sys_category').select(['id', 'code']).where('pid', '=', '0').orderBy('code').executeTakeFirstOrThrow();
      const codes = (await t.db.selectFrom('sys_category').select('code').execute()).map((r) => r.code);
      const child = await t.api('PUT', '/sys/fillRule/executeRuleByCode', { token: admin, body: { ruleCode: 'category_code_rule', formData: { pid: root.id } } });
      expect(child.body.result).toMatch(new RegExp(`^${root.code}[A-Z]\\d{2}$`));
      expect(codes).not.toContain(child.body.result);
      const top = await t.api('PUT', '/sys/fillRule/executeRuleByCode', { token: admin, body: { ruleCode: 'category_code_rule', formData: {} } });
      expect(top.body.result).toMatch(/^[A-Z]\d{2}$/);
      expect(codes).not.toContain(top.body.result);
      expectFailure(await t.api('PUT', '/sys/fillRule/executeRuleByCode', { token: admin, body: { ruleCode: 'category_code_rule', formData: { pid: 'nope' } } }), '上级分类不存在');
    });

    it('refuses unknown generators, bad parameters, duplicate and unknown codes', async () => {
      const before = await t.db.selectFrom('sys_fill_rule').selectAll().orderBy('id').execute();
      expectInvalid(await t.api('POST', '/sys/fillRule/add', { token: admin, body: { ...serial, ruleCode: 'x2', ruleClass: 'org.jeecg.modules.system.rule.OrderNumberRule' } }), '不支持的生成方式“org.jeecg.modules.system.rule.OrderNumberRule”，只能选择系统内置的生成方式', 'ruleClass');
      expectInvalid(await t.api('POST', '/sys/fillRule/add', { token: admin, body: { ...serial, ruleCode: 'x2', ruleParams: '{"prefix":' } }), '规则参数不是有效的JSON，例如 {"prefix":"XT","digits":4}', 'ruleParams');
      expectInvalid(await t.api('POST', '/sys/fillRule/add', { token: admin, body: { ...serial, ruleCode: 'x2', ruleParams: '{"digits":0}' } }), '规则参数不正确：序号位数(digits)必须是1–12的整数', 'ruleParams');
      expectFailure(await t.api('POST', '/sys/fillRule/add', { token: admin, body: { ...serial, ruleCode: 'user_work_no' } }), '该规则编码已存在');
      expect(await t.db.selectFrom('sys_fill_rule').selectAll().orderBy('id').execute()).toEqual(before);
      expectFailure(await t.api('PUT', '/sys/fillRule/executeRuleByCode', { token: admin, body: { ruleCode: 'no_such' } }), '该编码不存在');
      expectFailure(await t.api('GET', '/sys/fillRule/testFillRule?ruleCode=no_such', { token: admin }), '该编码不存在');
      expectInvalid(await t.api('PUT', '/sys/fillRule/executeRuleByCode', { token: admin, body: {} }), '规则编码(ruleCode)不能为空');
    });

    it('edits a rule keeping its counter, and deletes the counter with the rule', async () => {
      const row = (await fillRule('api_serial'))!;
      expectEnvelope(await t.api('PUT', '/sys/fillRule/edit', { token: admin, body: { ...serial, id: row.id, ruleName: '学生编号' } }), { success: true });
      expect((await t.api('PUT', '/sys/fillRule/executeRuleByCode', { token: admin, body: { ruleCode: 'api_serial' } })).body.result).toBe(`S${year}003`);
      expectEnvelope(await t.api('DELETE', `/sys/fillRule/delete?id=${row.id}`, { token: admin }), { success: true });
      expect(await t.db.selectFrom('sys_fill_rule_counter').selectAll().where('rule_id', '=', row.id).execute()).toEqual([]);
    });

    it('lists, exports and imports fill rules', async () => {
      const list = await t.api('GET', '/sys/fillRule/list?column=ruleCode&order=asc&pageSize=50', { token: admin });
      expect(list.body.result.records.map((r: any) => r.ruleCode)).toEqual(expect.arrayContaining(['category_code_rule', 'user_work_no']));
      const res = await t.request('/api/sys/fillRule/exportXls', { headers: { 'X-Access-Token': admin } });
      expect(res.headers.get('content-type')).toContain('spreadsheetml');
      const out = new ExcelJS.Workbook();
      const ws = out.addWorksheet('导出信息');
      ws.addRow(['规则名称', '规则编码', '生成方式', '规则参数']);
      ws.addRow(['订单号', 'api_order', 'serial', '{"prefix":"D","datePattern":"yyyyMMdd"}']);
      ws.addRow(['类名', 'api_class', 'com.evil.Rule', '']);
      const form = new FormData();
      form.set('file', new Blob([(await out.xlsx.writeBuffer()) as ArrayBuffer]), 'fill.xlsx');
      const imported = await (await t.request('/api/sys/fillRule/importExcel', { method: 'POST', headers: { 'X-Access-Token': admin }, body: form })).json();
      expect(imported).toMatchObject({ success: true, code: 201, result: { msg: '总上传行数：2，已导入行数：1，错误行数：1' } });
      expect(await fillRule('api_order')).toMatchObject({ rule_class: 'serial' });
    });
  });

  describe('who may call it', () => {
    it('keeps the screens to administrators and lets 用户管理’s users generate 工号', async () => {
      for (const token of [teacher, student]) {
        expectNoPermission(await t.api('GET', '/sys/checkRule/list', { token }));
        expectNoPermission(await t.api('GET', '/sys/fillRule/list', { token }));
        expectNoPermission(await t.api('POST', '/sys/checkRule/add', { token, body: { ruleName: 'x', ruleCode: 'xx', ruleJson: '[{"digits":"*","pattern":"x","message":"x"}]' } }));
        expectNoPermission(await t.api('POST', '/sys/checkRule/testRule', { token, body: { ruleJson: '[]', value: '' } }));
        expectNoPermission(await t.api('GET', '/sys/fillRule/testFillRule?ruleCode=user_work_no', { token }));
      }
      expect(await checkRule('xx')).toBeUndefined();
      expectNoPermission(await t.api('PUT', '/sys/fillRule/executeRuleByCode', { token: student, body: { ruleCode: 'user_work_no' } }));
      // Teachers are granted 用户管理 by the seed, whose form generates 工号.
      const asTeacher = await t.api('PUT', '/sys/fillRule/executeRuleByCode', { token: teacher, body: { ruleCode: 'user_work_no' } });
      expect(asTeacher.body.result).toMatch(new RegExp(`^XT${year}\\d{4}$`));
    });
  });

  describe('the user API enforces work_no on 工号', () => {
    const BAD = '工号只能包含字母、数字、下划线或短横线';
    const user = (username: string, workNo: string) => ({ username, realname: '规则', password: 'Xt-Passw0rd!2026', confirmPassword: 'Xt-Passw0rd!2026', workNo });

    it('on add and on a changed 工号, not on one saved before the rule', async () => {
      const refused = await t.api('POST', '/sys/user/add', { token: admin, body: user('wn_bad', 'bad no') });
      expect(refused.body).toMatchObject({ success: false, message: BAD, result: { errors: { workNo: BAD } } });
      expect(await t.db.selectFrom('sys_user').select('id').where('username', '=', 'wn_bad').executeTakeFirst()).toBeUndefined();

      expectEnvelope(await t.api('POST', '/sys/user/add', { token: admin, body: user('wn_ok', 'WN-01') }), { success: true });
      const row = await t.db.selectFrom('sys_user').select(['id', 'work_no']).where('username', '=', 'wn_ok').executeTakeFirstOrThrow();
      expect(row.work_no).toBe('WN-01');
      const edit = (workNo: string, realname = '规则') => t.api('PUT', '/sys/user/edit', { token: admin, body: { id: row.id, realname, workNo } });
      expect((await edit('no good')).body).toMatchObject({ success: false, result: { errors: { workNo: BAD } } });
      // A 工号 stored before the rule existed (or was tightened) does not block other changes.
      await t.db.updateTable('sys_user').set({ work_no: 'old one' }).where('id', '=', row.id).execute();
      expectEnvelope(await edit('old one', '规则改名'), { success: true });
    });

    it('on every row of a roster import', async () => {
      const wb = new ExcelJS.Workbook();
      const ws = wb.addWorksheet('花名册');
      for (const r of [['用户账号', '真实姓名', '性别', '身份', '班级', '工号'], ['wn.a', '甲', '男', '学生', '一年级一班', 'A-001'], ['wn.b', '乙', '女', '学生', '一年级一班', 'B 002']]) ws.addRow(r);
      const form = new FormData();
      form.append('file', new Blob([new Uint8Array(await wb.xlsx.writeBuffer())]), 'roster.xlsx');
      const res = (await (await t.request('/api/sys/user/importExcel', { method: 'POST', headers: { 'X-Access-Token': admin }, body: form })).json()) as { result: { errors: { row: number; message: string }[] } };
      expect(res.result.errors.map((e) => e.message)).toEqual([`${BAD}：B 002`]);
      const names = (await t.db.selectFrom('sys_user').select('username').where('username', 'in', ['wn.a', 'wn.b']).execute()).map((u) => u.username);
      expect(names).toEqual(['wn.a']);
    });
  });
});
