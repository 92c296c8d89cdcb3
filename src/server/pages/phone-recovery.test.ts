// 找回密码 by phone on the login page family (/user/alteration?by=phone): the four steps as a visitor walks them,
// with the app's SMS sender a recorder; without SMS the page says so; the mail form links to the phone's steps.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formFields, screen } from '../../../test/html.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';
import { newId } from '../domain/ids.js';
import { hashPassword } from '../domain/password.js';
import type { SmsSender } from '../domain/sms.js';
import { smsSettled } from '../api/sys/sms.js';

let t: TestApp;
const sent: { phone: string; code: string }[] = [];
const recorder: SmsSender = { kind: 'log', send: async (phone, code) => void sent.push({ phone, code }) };
beforeAll(async () => {
  t = await startTestApp();
  t.deps.smsSender = recorder;
});
afterAll(async () => {
  await t?.close();
});

const get = async (path: string) => {
  const res = await t.request(path);
  return { status: res.status, headers: res.headers, page: screen(await res.text()) };
};
/** Submits the page's form with `button` (its name and value travel, as a browser sends them) and the `typed` values. */
const submit = async (page: ReturnType<typeof screen>, button: string, typed: Record<string, string> = {}) => {
  const form = page.get('form');
  const fields = formFields(form);
  for (const [k, v] of Object.entries(typed)) fields.set(k, v);
  const b = form.get('button', button);
  if (b.attr('name')) fields.set(b.attr('name')!, b.attr('value') ?? '');
  const res = await t.request('/user/alteration', { method: 'POST', headers: { Origin: 'http://127.0.0.1', 'Content-Type': 'application/x-www-form-urlencoded' }, body: fields.toString() });
  await smsSettled(t.deps);
  return { status: res.status, headers: res.headers, page: screen(await res.text()) };
};
const field = (page: ReturnType<typeof screen>, name: string) => page.find((e) => e.tag === 'input' && e.attrs.name === name);

describe('找回密码 by phone', () => {
  it('walks the four steps: phone, code, new password for the named account, done', async () => {
    await t.db.insertInto('sys_user').values({ id: newId(), username: 'page.phone', realname: '手机', phone: '13600000001', password: await hashPassword('Old-Lantern-99') }).execute();
    const first = await get('/user/alteration?by=phone');
    expect(first.status).toBe(200);
    expect(first.headers.get('Cache-Control')).toBe('no-store');
    expect(first.page.get('list', '找回密码的步骤').text).toContain('1. 验证手机号');
    expect(field(first.page, 'phone')).toHaveLength(1);

    const bad = await submit(first.page, '获取验证码', { phone: '123' });
    expect(bad.status).toBe(400);
    expect(bad.page.text).toContain('请输入正确的11位手机号码');

    const second = await submit(bad.page, '获取验证码', { phone: '13600000001' });
    expect(second.status).toBe(200);
    expect(second.page.get('alert').text).toContain('如果该手机号绑定了账号，验证码已发送');
    expect(sent.map((s) => s.phone)).toEqual(['13600000001']);
    const wrong = await submit(second.page, '下一步', { smscode: sent[0].code === '000000' ? '000001' : '000000' });
    expect(wrong.status).toBe(400);
    expect(wrong.page.text).toContain('手机验证码错误或已失效');

    const third = await submit(wrong.page, '下一步', { smscode: sent[0].code });
    expect(third.status).toBe(200);
    expect(third.page.text).toContain('为账户 page.phone 设置新的密码');
    const weak = await submit(third.page, '重置密码', { password: 'short', confirmpassword: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.page.text).toContain('密码至少需要8个字符');

    const done = await submit(weak.page, '重置密码', { password: 'Fresh-Meadow-31', confirmpassword: 'Fresh-Meadow-31' });
    expect(done.page.get('status').text).toContain('账户 page.phone 的密码已经重置');
    expect(await t.login('page.phone', 'Fresh-Meadow-31')).toBeTruthy();
  });

  it('answers a number without an account exactly as one with', async () => {
    sent.length = 0;
    const first = await get('/user/alteration?by=phone');
    const second = await submit(first.page, '获取验证码', { phone: '13600000999' });
    expect(second.status).toBe(200);
    expect(second.page.get('alert').text).toContain('如果该手机号绑定了账号，验证码已发送');
    expect(sent).toEqual([]);
  });

  it('without SMS says to ask a teacher; with it the mail form links to the phone’s steps', async () => {
    t.deps.smsSender = undefined;
    try {
      const off = await get('/user/alteration?by=phone');
      expect(off.page.get('status').text).toContain('本站没有配置短信服务');
      // Neither mail nor SMS: 找回密码 says so and sends the child to a teacher.
      const neither = await get('/user/alteration');
      expect(neither.page.text).toContain('本站没有配置邮件服务，无法通过邮件找回密码。请联系你的老师，由老师在「用户管理」中为你重置密码。');
    } finally {
      t.deps.smsSender = recorder;
    }
    // No mail here, SMS on: 找回密码 opens on the phone's first step.
    const page = await get('/user/alteration');
    expect(page.page.get('list', '找回密码的步骤')).toBeTruthy();
  });
});

describe('注册 with a phone while SMS is configured', () => {
  beforeAll(async () => {
    t.deps.config.testCaptcha = 'wxyz';
    await t.db.updateTable('sys_config').set({ config_value: '1' }).where('config_key', '=', 'allowReg').execute();
  });
  afterAll(async () => {
    t.deps.config.testCaptcha = undefined;
    await t.db.updateTable('sys_config').set({ config_value: '0' }).where('config_key', '=', 'allowReg').execute();
  });
  const post = async (page: ReturnType<typeof screen>, button: string, typed: Record<string, string>) => {
    const form = page.get('form');
    const fields = formFields(form);
    for (const [k, v] of Object.entries(typed)) fields.set(k, v);
    const b = form.get('button', button);
    if (b.attr('name')) fields.set(b.attr('name')!, b.attr('value') ?? '');
    const res = await t.request('/user/register', { method: 'POST', headers: { Origin: 'http://127.0.0.1', 'Content-Type': 'application/x-www-form-urlencoded' }, body: fields.toString() });
    await smsSettled(t.deps);
    return { status: res.status, location: res.headers.get('Location'), page: screen(await res.text()) };
  };

  it('sends the code to the typed phone, then registers with it', async () => {
    sent.length = 0;
    const form = await get('/user/register');
    const asked = await post(form.page, '获取手机验证码', { username: 'sms.page.kid', phone: '13600000077' });
    expect(asked.status).toBe(200);
    expect(asked.page.get('alert').text).toContain('如果该手机号可以注册，验证码已发送');
    expect(sent.map((s) => s.phone)).toEqual(['13600000077']);
    const values = { username: 'sms.page.kid', phone: '13600000077', password: 'Fresh-Meadow-31', confirmpassword: 'Fresh-Meadow-31', captcha: 'wxyz' };
    const missing = await post(asked.page, '注册', values);
    expect(missing.status).toBe(400);
    expect(missing.page.text).toContain('请输入手机验证码');
    const done = await post(missing.page, '注册', { ...values, smscode: sent[0].code });
    expect(done.status).toBe(303);
    expect(done.location).toContain('/user/register-result');
  });
});
