// The 编码校验规则 and 填值规则 pages, and the code field of 用户管理's 工号: lists with their buttons, the 测试
// boxes (pass, the failing message, a bad JSON message, a sample value that uses up no number), a refused
// save beside its field, the live verdict and 生成 of the code field, the check on save; teachers get 403.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let admin: string;
const year = String(new Date().getFullYear());

const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const get = (path: string, cookie: string, headers: Record<string, string> = {}) => t.request(path, { headers: { Cookie: cookie, ...headers } });
const post = (path: string, cookie: string, body: Record<string, string>, headers: Record<string, string> = {}) =>
  t.request(path, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1', ...headers }, body: new URLSearchParams(body) });
const htmx = { 'HX-Request': 'true' };

beforeAll(async () => {
  t = await startTestApp();
  admin = await cookieOf('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('编码校验规则', () => {
  it('lists the seed rules with add, export, import, edit and delete', async () => {
    const html = await (await get('/isystem/checkRule', admin)).text();
    expect(html).toContain('<title>编码校验规则 · 学堂</title>');
    for (const text of ['通用编码规则', 'common', '负责的功能测试', '新增', '导出', '导入', '编辑', '删除']) expect(html).toContain(text);
    const form = await (await get('/isystem/checkRule/form?back=%2Fisystem%2FcheckRule', admin)).text();
    expect(form).toContain('name="ruleJson"');
    expect(form).toContain('hx-post="/isystem/checkRule/try"');
  });

  it('测试 shows a pass, the failing rule with the characters it tested, and what is wrong with bad JSON', async () => {
    const ruleJson = '[{"digits":"2","pattern":"[A-Z]{2}","message":"前两位必须是大写字母"},{"digits":"*","pattern":".{3,6}","message":"长度3–6位"}]';
    const pass = await (await post('/isystem/checkRule/try', admin, { ruleJson, testValue: 'AB12' }, htmx)).text();
    expect(pass).toContain('通过全部规则');
    const failed = await (await post('/isystem/checkRule/try', admin, { ruleJson, testValue: 'Ab12' }, htmx)).text();
    expect(failed).toContain('前两位必须是大写字母');
    expect(failed).toContain('检查第1–2位：');
    expect(failed).toContain('<code>Ab</code>');
    const bad = await (await post('/isystem/checkRule/try', admin, { ruleJson: '[{"digits":"*"', testValue: 'x' }, htmx)).text();
    expect(bad).toContain('规则JSON不是有效的JSON');
  });

  it('shows a refused save beside its field and keeps what was typed', async () => {
    const res = await post('/isystem/checkRule/save', admin, { ruleName: '坏正则', ruleCode: 'page_bad', ruleJson: '[{"digits":"*","pattern":"(a+)+","message":"x"}]', ruleDescription: '', back: '/isystem/checkRule' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toContain('含有嵌套的重复');
    expect(html).toContain('value="坏正则"');
    const dup = await (await post('/isystem/checkRule/save', admin, { ruleName: '重复', ruleCode: 'common', ruleJson: '[{"digits":"*","pattern":"x","message":"x"}]', back: '/isystem/checkRule' })).text();
    expect(dup).toContain('该规则编码已存在');
    expect(await t.db.selectFrom('sys_check_rule').select('id').where('rule_code', '=', 'page_bad').executeTakeFirst()).toBeUndefined();
  });

  it('is refused to a teacher', async () => {
    const teacher = await cookieOf('teacher');
    expect((await get('/isystem/checkRule', teacher)).status).toBe(403);
    expect((await get('/isystem/fillRule', teacher)).status).toBe(403);
  });
});

describe('填值规则', () => {
  it('lists the rules by generator name and previews a sample without using up a number', async () => {
    const html = await (await get('/isystem/fillRule', admin)).text();
    expect(html).toContain('<title>填值规则 · 学堂</title>');
    for (const text of ['用户工号', 'user_work_no', '流水号', '分类字典编码生成', '新增', '导出', '导入']) expect(html).toContain(text);
    const form = await (await get('/isystem/fillRule/form?back=%2Fisystem%2FfillRule', admin)).text();
    expect(form).toContain('hx-get="/isystem/fillRule/hint"');
    expect(await (await get('/isystem/fillRule/hint?ruleClass=serial', admin, htmx)).text()).toContain('前缀 + 日期 + 补零的序号');

    const body = { ruleName: '用户工号', ruleCode: 'user_work_no', ruleClass: 'serial', ruleParams: '{"prefix":"XT","datePattern":"yyyy","digits":4}' };
    const sample = await (await post('/isystem/fillRule/try', admin, body, htmx)).text();
    expect(sample).toContain(`生成示例：XT${year}0001（预览，不占用编号）`);
    expect(await (await post('/isystem/fillRule/try', admin, body, htmx)).text()).toContain(`XT${year}0001`);
    const bad = await (await post('/isystem/fillRule/try', admin, { ...body, ruleParams: '{"digits":20}' }, htmx)).text();
    expect(bad).toContain('序号位数(digits)必须是1–12的整数');
  });
});

describe('code fields: 用户管理’s 工号 and 分类字典’s 分类编码', () => {
  it('offers 生成 and the live check in the user form', async () => {
    const form = await (await get('/isystem/user/form?back=%2Fisystem%2Fuser', admin)).text();
    expect(form).toMatch(/<input id="f-workNo" name="workNo"[^>]*hx-get="\/form\/code-check"/);
    expect(form).toContain('hx-post="/form/code-fill"');
  });

  it('checks a value as it is typed, encoding it so that % and + arrive unchanged', async () => {
    const q = (v: string) => `/form/code-check?cf_rule=work_no&cf_id=f-workNo&cf_field=workNo&workNo=${encodeURIComponent(v)}`;
    expect(await (await get(q('T-001'), admin, htmx)).text()).toContain('符合编码规则');
    expect(await (await get(q('T 001'), admin, htmx)).text()).toContain('工号只能包含字母、数字、下划线或短横线');
    expect(await (await get(q('5%+'), admin, htmx)).text()).toContain('工号只能包含字母、数字、下划线或短横线');
    expect(await (await get(q('A'), admin, htmx)).text()).toContain('工号长度为2–32位');
    // A rule deleted by an administrator checks nothing.
    expect(await (await get(`/form/code-check?cf_rule=gone&cf_id=f-x&cf_field=x&x=abc`, admin, htmx)).text()).not.toContain('xt-code-verdict-error');
  });

  it('生成 fills in consecutive numbers from the fill rule', async () => {
    const vals = { cf_id: 'f-workNo', cf_name: 'workNo', cf_label: '工号', cf_maxLength: '32', cf_checkRule: 'work_no', cf_fillRule: 'user_work_no', workNo: '' };
    const first = await (await post('/form/code-fill', admin, vals, htmx)).text();
    const second = await (await post('/form/code-fill', admin, vals, htmx)).text();
    const n1 = /value="(XT\d{8})"/.exec(first)?.[1];
    const n2 = /value="(XT\d{8})"/.exec(second)?.[1];
    expect(n1).toMatch(new RegExp(`^XT${year}\\d{4}$`));
    expect(Number(n2!.slice(-4))).toBe(Number(n1!.slice(-4)) + 1);
    expect(first).toContain('符合编码规则');
    const missing = await (await post('/form/code-fill', admin, { ...vals, cf_fillRule: 'gone', workNo: 'kept1' }, htmx)).text();
    expect(missing).toContain('填值规则“gone”不存在，请手动填写');
    expect(missing).toContain('value="kept1"');
  });

  it('生成 in 分类字典 passes the form’s 上级分类 to the fill rule and gets a free child code', async () => {
    const parent = await t.db.selectFrom('sys_category').select(['id', 'code']).where('code', '=', 'A03A01').executeTakeFirstOrThrow();
    const form = await (await get(`/isys/category/form?pid=${parent.id}&back=%2Fisys%2Fcategory`, admin)).text();
    expect(form).toContain('hx-post="/form/code-fill"');
    const vals = { cf_id: 'f-code', cf_name: 'code', cf_label: '分类编码', cf_maxLength: '100', cf_fillRule: 'category_code_rule', pid: parent.id, name: '新分类', code: '' };
    const html = await (await post('/form/code-fill', admin, vals, htmx)).text();
    const code = /value="([A-Z0-9]+)"/.exec(html)?.[1] ?? '';
    expect(code).toMatch(/^A03A01[A-Z]\d{2}$/);
    expect(await t.db.selectFrom('sys_category').select('id').where('code', '=', code).executeTakeFirst()).toBeUndefined();
  });

  it('refuses to save a user whose 工号 fails the rule, beside the field', async () => {
    const res = await post('/isystem/user/save', admin, { username: 'code_rule_user', realname: '规则', password: 'Xt-Passw0rd!2026', confirmPassword: 'Xt-Passw0rd!2026', workNo: 'bad no', back: '/isystem/user' });
    expect(res.status).toBe(400);
    const html = await res.text();
    expect(html).toMatch(/id="f-workNo-error"[^>]*>工号只能包含字母、数字、下划线或短横线/);
    expect(await t.db.selectFrom('sys_user').select('id').where('username', '=', 'code_rule_user').executeTakeFirst()).toBeUndefined();
  });
});
