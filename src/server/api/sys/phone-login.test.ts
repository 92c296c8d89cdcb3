// 手机号登录 through app.request: POST /sys/sms with smsmode 0 sends a login code, POST /sys/phoneLogin {mobile,
// captcha} trades it for the session and answer of password login. The sender is a recorder (as sms.test.ts);
// each test speaks from its own address (X-Forwarded-For behind TRUST_PROXY=1).
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { newId } from '../../domain/ids.js';
import { legacyCipher } from '../../domain/legacy-password.js';
import { hashPassword } from '../../domain/password.js';
import type { SmsSender } from '../../domain/sms.js';
import { parseTrustProxy } from '../../shared/trust-proxy.js';
import { SMS_CODE_WRONG } from './sms-sender.js';
import { SMS_NOT_CONFIGURED, SMS_SENT_LOGIN, smsSettled } from './sms.js';

describe.each(dialects)('手机号登录 on %s', (dialect) => {
  let t: TestApp;
  const sent: { phone: string; code: string }[] = [];
  const recorder: SmsSender = {
    kind: 'log',
    async send(phone, code) {
      sent.push({ phone, code });
    },
  };
  beforeAll(async () => {
    t = await startTestApp({ dialect, config: { trustProxy: parseTrustProxy('1') } });
    t.deps.smsSender = recorder;
  });
  afterAll(async () => {
    await t?.close();
  });
  beforeEach(() => {
    sent.length = 0;
  });

  let addresses = 0;
  const newAddress = () => `203.0.113.${++addresses}`;
  let phones = 0;
  const newPhone = () => `1360000${String(++phones).padStart(4, '0')}`;
  const call = (ip: string, path: string, body?: unknown) => t.api('POST', path, { body, headers: { 'X-Forwarded-For': ip } });
  const sendCode = async (ip: string, mobile: string) => {
    const res = await call(ip, '/sys/sms', { mobile, smsmode: 0 });
    await smsSettled(t.deps);
    return res;
  };
  const codeOf = (phone: string) => sent.find((s) => s.phone === phone)?.code;
  const without = ({ timestamp: _t, ...rest }: Record<string, unknown>) => rest;

  async function account(username: string, phone: string, o: { status?: number; del_flag?: number; legacy?: string } = {}) {
    const id = newId();
    const { legacy, ...flags } = o;
    const salt = legacy ? 'RCGTeGiH' : null;
    await t.db
      .insertInto('sys_user')
      .values({
        id,
        username,
        realname: `${username}的名字`,
        phone,
        password: await hashPassword('Old-Lantern-99'),
        ...(legacy ? { legacy_password: legacyCipher(username, legacy, salt!), salt } : {}),
        ...flags,
      })
      .execute();
    return id;
  }

  it('sends a login code to an account’s phone, answering exactly as for a phone no account has', async () => {
    const [mine, nobody, gone] = [newPhone(), newPhone(), newPhone()];
    await account('pl.owner', mine);
    await account('pl.gone', gone, { del_flag: 1 });
    const answers = [await sendCode(newAddress(), mine), await sendCode(newAddress(), nobody), await sendCode(newAddress(), gone)];
    for (const a of answers) expectEnvelope(a, { success: true, code: 200, message: SMS_SENT_LOGIN });
    expect(new Set(answers.map((a) => JSON.stringify([a.status, without(a.body)]))).size).toBe(1);
    expect(sent.map((s) => s.phone)).toEqual([mine]);
    const row = await t.db.selectFrom('sys_sms_code').selectAll().where('phone', '=', mine).executeTakeFirstOrThrow();
    expect(row.purpose).toBe('login');
    expect(row.code_hash).not.toContain(sent[0].code);
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(5 * 60 * 1000);
    // The per-phone limit holds for login codes too.
    expectEnvelope(await sendCode(newAddress(), mine), { success: false, code: 429, message: '验证码已发送，请1分钟后再试' });
  });

  it('logs in with the code: the same session and answer as password login; the code works once', async () => {
    const phone = newPhone();
    const id = await account('pl.login', phone);
    const ip = newAddress();
    await sendCode(ip, phone);
    const res = await call(ip, '/sys/phoneLogin', { mobile: phone, captcha: codeOf(phone) });
    expectEnvelope(res, { success: true, code: 200, message: '登录成功' });
    const result = res.body.result;
    expect(Object.keys(result).sort()).toEqual(['departs', 'multi_depart', 'role', 'sysAllDictItems', 'token', 'userInfo']);
    expect(result.userInfo.username).toBe('pl.login');
    // The token is a session like any other: it opens the API, and only its hash is stored.
    const info = await t.api('GET', '/teaching/user/info', { token: result.token });
    expectEnvelope(info, { success: true });
    const sessions = await t.db.selectFrom('sys_session').select(['token_hash', 'ip']).where('user_id', '=', id).execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0].token_hash).not.toContain(result.token);
    expect(sessions[0].ip).toBe(ip);
    // Used up: the same code again is refused, the code row is gone.
    expectEnvelope(await call(ip, '/sys/phoneLogin', { mobile: phone, captcha: codeOf(phone) }), { success: false, code: 500, message: SMS_CODE_WRONG });
    expect(await t.db.selectFrom('sys_sms_code').select('id').where('phone', '=', phone).executeTakeFirst()).toBeUndefined();
    const log = await t.db.selectFrom('sys_log').select('log_content').where('userid', '=', id).where('log_type', '=', 1).execute();
    expect(log.map((l) => l.log_content)).toContain('用户名: pl.login的名字,登录成功！');
  });

  it('answers one message for a wrong code, a phone without an account, and codes of other purposes', async () => {
    const phone = newPhone();
    await account('pl.wrong', phone);
    const ip = newAddress();
    await sendCode(ip, phone);
    const right = codeOf(phone)!;
    const wrong = right === '000000' ? '000001' : '000000';
    const a = await call(ip, '/sys/phoneLogin', { mobile: phone, captcha: wrong });
    const b = await call(newAddress(), '/sys/phoneLogin', { mobile: newPhone(), captcha: '123456' });
    expectEnvelope(a, { success: false, code: 500, message: SMS_CODE_WRONG });
    expect(without(b.body)).toEqual(without(a.body));
    // A 找回密码 code is not a login code.
    const other = newPhone();
    await account('pl.forgot', other);
    await call(newAddress(), '/sys/sms', { mobile: other, smsmode: 2 });
    await smsSettled(t.deps);
    expectEnvelope(await call(newAddress(), '/sys/phoneLogin', { mobile: other, captcha: codeOf(other) }), { success: false, message: SMS_CODE_WRONG });
    // The right code still works after one wrong try.
    expectEnvelope(await call(ip, '/sys/phoneLogin', { mobile: phone, captcha: right }), { success: true, code: 200 });
  });

  it('refuses bad input in clear words, and answers that SMS is not configured without SMS_URL', async () => {
    const ip = newAddress();
    expectEnvelope(await call(ip, '/sys/phoneLogin', { mobile: '', captcha: '123456' }), { success: false, status: 400, message: '手机号不允许为空！' });
    expectEnvelope(await call(ip, '/sys/phoneLogin', { mobile: '12345', captcha: '123456' }), { success: false, status: 400, message: '请输入正确的11位手机号码' });
    expectEnvelope(await call(ip, '/sys/phoneLogin', { mobile: newPhone() }), { success: false, status: 400, message: '请输入短信验证码' });
    t.deps.smsSender = undefined;
    try {
      expectEnvelope(await call(ip, '/sys/phoneLogin', { mobile: newPhone(), captcha: '123456' }), { success: false, message: SMS_NOT_CONFIGURED });
    } finally {
      t.deps.smsSender = recorder;
    }
  });

  it('refuses a frozen account and one cancelled after its code, only once the code is right', async () => {
    const [frozen, cancelled] = [newPhone(), newPhone()];
    await account('pl.frozen', frozen, { status: 2 });
    const gone = await account('pl.cancelled', cancelled);
    const ip = newAddress();
    await sendCode(ip, frozen);
    await sendCode(newAddress(), cancelled);
    await t.db.updateTable('sys_user').set({ del_flag: 1 }).where('id', '=', gone).execute();
    expectEnvelope(await call(ip, '/sys/phoneLogin', { mobile: frozen, captcha: codeOf(frozen) }), { success: false, message: '该用户已冻结' });
    expectEnvelope(await call(ip, '/sys/phoneLogin', { mobile: cancelled, captcha: codeOf(cancelled) }), { success: false, message: '该用户已注销' });
    expect(await t.db.selectFrom('sys_session').select('id').where('user_id', '=', gone).executeTakeFirst()).toBeUndefined();
  });

  it('logs in an account imported with a teaching-open password, which keeps it for its password login', async () => {
    const phone = newPhone();
    await account('pl.legacy', phone, { legacy: '123456' });
    const ip = newAddress();
    await sendCode(ip, phone);
    expectEnvelope(await call(ip, '/sys/phoneLogin', { mobile: phone, captcha: codeOf(phone) }), { success: true, code: 200 });
    const row = await t.db.selectFrom('sys_user').select(['legacy_password']).where('username', '=', 'pl.legacy').executeTakeFirstOrThrow();
    expect(row.legacy_password).toBeTruthy();
  });

  it('throttles like password login: five tries per phone and address, then refused even with the right code', async () => {
    const phone = newPhone();
    await account('pl.throttle', phone);
    const ip = newAddress();
    await sendCode(ip, phone);
    const right = codeOf(phone)!;
    const wrong = right === '999999' ? '999998' : '999999';
    for (let i = 0; i < 5; i++) expectEnvelope(await call(ip, '/sys/phoneLogin', { mobile: phone, captcha: wrong }), { success: false, message: SMS_CODE_WRONG });
    expectEnvelope(await call(ip, '/sys/phoneLogin', { mobile: phone, captcha: right }), { success: false, code: 429 });
    // The code itself died at its fifth wrong answer (sms-codes.ts), whatever the address.
    expectEnvelope(await call(newAddress(), '/sys/phoneLogin', { mobile: phone, captcha: right }), { success: false, message: SMS_CODE_WRONG });
  });
});
