// The phone steps through app.request: POST /sys/sms, POST /sys/user/phoneVerification, GET /sys/user/querySysUser,
// GET|POST /sys/user/passwordChange, and registration by phone. The app's sender is a recorder (the providers'
// own requests are tested against their fakes in domain/sms.test.ts). Each test speaks from its own address
// (X-Forwarded-For behind TRUST_PROXY=1), so the per-address limits of one test do not reach another.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { issueCaptcha } from '../../domain/captcha.js';
import { newId } from '../../domain/ids.js';
import { hashPassword } from '../../domain/password.js';
import type { SmsSender } from '../../domain/sms.js';
import { parseTrustProxy } from '../../shared/trust-proxy.js';
import { SMS_CODE_WRONG } from './sms-sender.js';
import { PHONE_TICKET_INVALID, SMS_NOT_CONFIGURED, SMS_SENT_FORGOT, SMS_SENT_REGISTER, smsSettled } from './sms.js';

let t: TestApp;
const sent: { phone: string; code: string }[] = [];
const recorder: SmsSender = {
  kind: 'log',
  async send(phone, code) {
    sent.push({ phone, code });
  },
};
beforeAll(async () => {
  t = await startTestApp({ config: { trustProxy: parseTrustProxy('1') } });
  t.deps.smsSender = recorder;
});
afterAll(async () => {
  await t?.close();
});
beforeEach(() => {
  sent.length = 0;
});

let addresses = 0;
/** A client address of the test's own. */
const newAddress = () => `198.51.100.${++addresses}`;
let phones = 0;
/** A mobile number no other test uses. */
const newPhone = () => `1370000${String(++phones).padStart(4, '0')}`;

const call = (ip: string, method: string, path: string, body?: unknown) => t.api(method, path, { body, headers: { 'X-Forwarded-For': ip } });
const sms = async (ip: string, mobile: unknown, smsmode: unknown = '2') => {
  const res = await call(ip, 'POST', '/sys/sms', { mobile, smsmode });
  await smsSettled(t.deps);
  return res;
};
const without = ({ timestamp: _t, ...rest }: Record<string, unknown>) => rest;

const GOOD = 'Maple-Kite-2046';
async function account(username: string, phone: string | null, o: { status?: number; del_flag?: number } = {}): Promise<string> {
  const id = newId();
  await t.db.insertInto('sys_user').values({ id, username, realname: username, phone, password: await hashPassword('Old-Lantern-99'), ...o }).execute();
  return id;
}

/** Steps 1–2 of 找回密码 for `phone`: the code sent, then the ticket. */
async function ticketFor(ip: string, phone: string): Promise<string> {
  expectEnvelope(await sms(ip, phone), { success: true });
  const code = sent.find((s) => s.phone === phone)!.code;
  const res = await call(ip, 'POST', '/sys/user/phoneVerification', { phone, smscode: code });
  expectEnvelope(res, { success: true, code: 200 });
  return res.body.result as string;
}

describe('POST /sys/sms', () => {
  it('without SMS_URL answers that SMS is not configured, and sends nothing', async () => {
    t.deps.smsSender = undefined;
    try {
      expectEnvelope(await sms(newAddress(), newPhone()), { success: false, code: 500, message: SMS_NOT_CONFIGURED });
      expectEnvelope(await call(newAddress(), 'POST', '/sys/user/phoneVerification', { phone: newPhone(), smscode: '123456' }), { success: false, message: SMS_NOT_CONFIGURED });
    } finally {
      t.deps.smsSender = recorder;
    }
    expect(sent).toEqual([]);
  });

  it('refuses bad input in clear words', async () => {
    const ip = newAddress();
    expectEnvelope(await sms(ip, ''), { success: false, status: 400, message: '手机号不允许为空！' });
    expectEnvelope(await sms(ip, undefined), { success: false, status: 400, message: '手机号不允许为空！' });
    expectEnvelope(await sms(ip, '1380000'), { success: false, status: 400, message: '请输入正确的11位手机号码' });
    expectEnvelope(await sms(ip, ['13800000000']), { success: false, status: 400 });
    expectEnvelope(await sms(ip, newPhone(), '9'), { success: false, message: '短信类型不正确' });
    const notJson = await t.request('/api/sys/sms', { method: 'POST', headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip }, body: '{' });
    expect(notJson.status).toBe(400);
    expect(sent).toEqual([]);
  });

  it('answers alike for a phone with an account, one without, and a frozen account’s; only the first gets a code', async () => {
    const [mine, nobody, frozen, gone] = [newPhone(), newPhone(), newPhone(), newPhone()];
    await account('sms.owner', mine);
    await account('sms.frozen', frozen, { status: 2 });
    await account('sms.deleted', gone, { del_flag: 1 });
    const answers = [];
    for (const phone of [mine, nobody, frozen, gone]) answers.push(await sms(newAddress(), phone));
    for (const a of answers) expectEnvelope(a, { success: true, code: 200, message: SMS_SENT_FORGOT });
    expect(new Set(answers.map((a) => JSON.stringify([a.status, without(a.body)]))).size).toBe(1);
    expect(sent.map((s) => s.phone)).toEqual([mine]);
    expect(sent[0].code).toMatch(/^\d{6}$/);
    // Only a salted hash is kept.
    const row = await t.db.selectFrom('sys_sms_code').selectAll().where('phone', '=', mine).executeTakeFirstOrThrow();
    expect(row.purpose).toBe('forgot');
    expect(row.code_hash).not.toContain(sent[0].code);
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(5 * 60 * 1000);
  });

  it('limits a phone to one code a minute, whether or not it has an account, and an address to ten an hour', async () => {
    const mine = newPhone();
    await account('sms.limited', mine);
    const ip = newAddress();
    expectEnvelope(await sms(ip, mine), { success: true });
    const again = await sms(newAddress(), mine);
    const nobody = newPhone();
    expectEnvelope(await sms(ip, nobody), { success: true });
    const againNobody = await sms(newAddress(), nobody);
    expectEnvelope(again, { success: false, status: 200, code: 429, message: '验证码已发送，请1分钟后再试' });
    expect(without(againNobody.body)).toEqual(without(again.body));
    expect(sent).toHaveLength(1);
    const busy = newAddress();
    for (let i = 0; i < 10; i++) expectEnvelope(await sms(busy, newPhone()), { success: true });
    expectEnvelope(await sms(busy, newPhone()), { success: false, code: 429, message: '请求过于频繁，请稍后再试' });
  });

  it('for registration: refused while registration is closed; a number already in an account gets nothing', async () => {
    const ip = newAddress();
    expectEnvelope(await sms(ip, newPhone(), '1'), { success: false, code: 403 });
    await t.db.updateTable('sys_config').set({ config_value: '1' }).where('config_key', '=', 'allowReg').execute();
    try {
      const taken = newPhone();
      await account('sms.taken', taken);
      const free = newPhone();
      const a = await sms(ip, taken, 1);
      const b = await sms(newAddress(), free, 1);
      expectEnvelope(a, { success: true, message: SMS_SENT_REGISTER });
      expect(without(a.body)).toEqual(without(b.body));
      expect(sent.map((s) => s.phone)).toEqual([free]);
    } finally {
      await t.db.updateTable('sys_config').set({ config_value: '0' }).where('config_key', '=', 'allowReg').execute();
    }
  });
});

describe('POST /sys/user/phoneVerification', () => {
  it('gives a ticket for the right code, once; a wrong, reused or expired code is refused alike', async () => {
    const phone = newPhone();
    await account('verify.me', phone);
    const ip = newAddress();
    await sms(ip, phone);
    const code = sent[0].code;
    const wrong = code === '000000' ? '000001' : '000000';
    expectEnvelope(await call(ip, 'POST', '/sys/user/phoneVerification', { phone, smscode: wrong }), { success: false, message: SMS_CODE_WRONG });
    expectEnvelope(await call(ip, 'POST', '/sys/user/phoneVerification', { phone: newPhone(), smscode: code }), { success: false, message: SMS_CODE_WRONG });
    const ok = await call(ip, 'POST', '/sys/user/phoneVerification', { phone, smscode: code });
    expectEnvelope(ok, { success: true, code: 200 });
    expect(ok.body.result).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expectEnvelope(await call(ip, 'POST', '/sys/user/phoneVerification', { phone, smscode: code }), { success: false, message: SMS_CODE_WRONG });
    expectEnvelope(await call(ip, 'POST', '/sys/user/phoneVerification', { phone, smscode: '' }), { success: false, status: 400, message: '请输入短信验证码' });
  });

  it('a code expires after its 5 minutes', async () => {
    const phone = newPhone();
    await account('verify.late', phone);
    const ip = newAddress();
    await sms(ip, phone);
    await t.db.updateTable('sys_sms_code').set({ expires_at: Date.now() - 1 }).where('phone', '=', phone).execute();
    expectEnvelope(await call(ip, 'POST', '/sys/user/phoneVerification', { phone, smscode: sent[0].code }), { success: false, message: SMS_CODE_WRONG });
  });

  it('a code is dead after five wrong answers, even the right one after them', async () => {
    const phone = newPhone();
    await account('verify.guess', phone);
    const ip = newAddress();
    await sms(ip, phone);
    const code = sent[0].code;
    const wrongs = ['000000', '111111', '222222', '333333', '444444', '555555'].filter((w) => w !== code).slice(0, 5);
    for (const w of wrongs) expectEnvelope(await call(ip, 'POST', '/sys/user/phoneVerification', { phone, smscode: w }), { success: false });
    expectEnvelope(await call(ip, 'POST', '/sys/user/phoneVerification', { phone, smscode: code }), { success: false, message: SMS_CODE_WRONG });
  });
});

describe('GET /sys/user/querySysUser', () => {
  it('echoes what it was asked until the phone is verified, then names the phone’s account', async () => {
    const phone = newPhone();
    await account('query.me', phone);
    const ip = newAddress();
    const known = await call(ip, 'GET', `/sys/user/querySysUser?phone=${phone}`);
    const unknown = await call(ip, 'GET', `/sys/user/querySysUser?phone=${newPhone()}`);
    expectEnvelope(known, { success: true, code: 0 });
    expect(known.body.result).toEqual({ username: null, phone });
    expect(unknown.body.result.username).toBeNull();
    const byName = await call(ip, 'GET', '/sys/user/querySysUser?username=query.me');
    expect(byName.body.result).toEqual({ username: 'query.me', phone: null });
    const ticket = await ticketFor(ip, phone);
    expect((await call(ip, 'GET', `/sys/user/querySysUser?phone=${phone}&smscode=${ticket}`)).body.result).toEqual({ username: 'query.me', phone });
    // The ticket of one phone names nobody for another.
    const other = newPhone();
    expect((await call(ip, 'GET', `/sys/user/querySysUser?phone=${other}&smscode=${ticket}`)).body.result).toEqual({ username: null, phone: other });
  });
});

describe('GET|POST /sys/user/passwordChange', () => {
  it('sets the new password with the ticket, as the anchor’s client sends it (GET), once; old sessions end', async () => {
    const phone = newPhone();
    await account('change.me', phone);
    const session = await t.login('change.me', 'Old-Lantern-99');
    const ip = newAddress();
    const ticket = await ticketFor(ip, phone);
    const q = (extra = '') => `/sys/user/passwordChange?username=change.me&phone=${phone}&smscode=${ticket}&password=${GOOD}${extra}`;
    const res = await call(ip, 'GET', q());
    expectEnvelope(res, { success: true, code: 200, message: '密码重置完成！' });
    expectEnvelope(await t.api('POST', '/sys/login', { body: { username: 'change.me', password: GOOD } }), { success: true, code: 200 });
    expect((await t.api('GET', '/sys/permission/getUserPermissionByToken', { token: session })).status).toBe(500);
    expectEnvelope(await call(ip, 'GET', q()), { success: false, message: PHONE_TICKET_INVALID });
  });

  it('refuses a weak password, another account’s name or another phone, leaving the ticket usable', async () => {
    const phone = newPhone();
    await account('change.you', phone);
    await account('change.other', newPhone());
    const ip = newAddress();
    const ticket = await ticketFor(ip, phone);
    const post = (body: Record<string, unknown>) => call(ip, 'POST', '/sys/user/passwordChange', { phone, smscode: ticket, password: GOOD, ...body });
    expectEnvelope(await post({ password: 'abc' }), { success: false, status: 400 });
    expectEnvelope(await post({ password: 'change.you-99' }), { success: false, message: '密码不能包含用户账号' });
    expectEnvelope(await post({ confirmpassword: 'Other-Thing-1' }), { success: false, status: 400, message: '两次输入的密码不一样！' });
    expectEnvelope(await post({ username: 'change.other' }), { success: false, message: PHONE_TICKET_INVALID });
    expectEnvelope(await post({ phone: newPhone() }), { success: false, message: PHONE_TICKET_INVALID });
    expectEnvelope(await post({ smscode: 'x'.repeat(43) }), { success: false, message: PHONE_TICKET_INVALID });
    expectEnvelope(await post({}), { success: true, code: 200 });
  });

  it('takes the SMS code itself as well (POST), once', async () => {
    const phone = newPhone();
    await account('change.code', phone);
    const ip = newAddress();
    await sms(ip, phone);
    const body = { phone, smscode: sent[0].code, password: GOOD, confirmpassword: GOOD };
    expectEnvelope(await call(ip, 'POST', '/sys/user/passwordChange', body), { success: true });
    expectEnvelope(await call(ip, 'POST', '/sys/user/passwordChange', body), { success: false, message: SMS_CODE_WRONG });
  });

  it('writes nothing on a GET carrying the session cookie or on HEAD', async () => {
    const token = await t.login('admin');
    const cookie = await t.request(`/api/sys/user/passwordChange?phone=${newPhone()}&smscode=123456&password=${GOOD}`, { headers: { Cookie: `xt_token=${token}` } });
    expect(cookie.status).toBe(405);
    const head = await t.request(`/api/sys/user/passwordChange?phone=${newPhone()}&smscode=123456&password=${GOOD}`, { method: 'HEAD' });
    expect(head.status).toBe(405);
  });
});

describe('registration by phone', () => {
  beforeAll(async () => t.db.updateTable('sys_config').set({ config_value: '1' }).where('config_key', '=', 'allowReg').execute());
  afterAll(async () => t.db.updateTable('sys_config').set({ config_value: '0' }).where('config_key', '=', 'allowReg').execute());

  let captchas = 0;
  const register = async (ip: string, body: Record<string, unknown>) => {
    const checkKey = `sms-reg-${++captchas}`;
    await issueCaptcha(t.db, checkKey, { code: 'abcd' });
    return call(ip, 'POST', '/sys/user/register', { captcha: 'abcd', checkKey, password: GOOD, confirmpassword: GOOD, ...body });
  };

  it('takes a phone only with the code sent to it', async () => {
    const ip = newAddress();
    const phone = newPhone();
    const missing = await register(ip, { username: 'phone.kid', phone });
    expectEnvelope(missing, { success: false });
    expect(missing.body.result.errors).toEqual({ smscode: '请输入手机验证码' });
    expect((await register(ip, { username: 'phone.kid', phone, smscode: '000000' })).body.result.errors).toEqual({ smscode: SMS_CODE_WRONG });
    await sms(ip, phone, '1');
    const res = await register(ip, { username: 'phone.kid', phone, smscode: sent[0].code });
    expectEnvelope(res, { success: true, code: 200 });
    expect((await t.db.selectFrom('sys_user').select('phone').where('username', '=', 'phone.kid').executeTakeFirstOrThrow()).phone).toBe(phone);
    // Without a phone nothing changes.
    expectEnvelope(await register(ip, { username: 'nophone.kid' }), { success: true });
  });
});
