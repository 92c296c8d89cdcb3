// Self-service accounts: the image captcha, self-registration under 网站配置's allowReg / _defaultRole /
// _defaultDepart, the login's captcha after repeated failures, and password recovery by e-mail through a real
// local SMTP server.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure, expectInvalid, expectTokenRefusal } from '../../../../test/assertions.js';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../../test/harness.js';
import { issueCaptcha } from '../../domain/captcha.js';
import { newId } from '../../domain/ids.js';
import { closeMail } from '../../domain/mail.js';
import { startTestSmtp, type TestSmtp } from '../../domain/mail.test-kit.js';
import { hashPassword } from '../../domain/password.js';
import { PASSWORD_IS_USERNAME, PASSWORD_TOO_SHORT, PASSWORD_TOO_SIMPLE } from '../../shared/password-policy.js';
import { RECOVERY_SENT, RECOVERY_UNAVAILABLE, REGISTRATION_CLOSED, RESET_LINK_INVALID } from './account.js';

const PERMISSIONS = '/sys/permission/getUserPermissionByToken';
const GOOD_PASSWORD = 'Blue-sky-42';

let t: TestApp;
let smtp: TestSmtp;
let mailApp: TestApp;

beforeAll(async () => {
  smtp = await startTestSmtp();
  t = await startTestApp({ demoContent: true });
  mailApp = await startTestApp({ demoContent: true, config: { smtpUrl: smtp.url, publicUrl: 'https://school.example.org', mailFrom: '学堂 <noreply@school.example.org>', testCaptcha: 'wxyz' } });
});
afterAll(async () => {
  closeMail();
  await t?.close();
  await mailApp?.close();
  await smtp?.close();
});

let keys = 0;
/** A solved captcha: a code stored for a fresh key, as GET /sys/randomImage would, but with a known code. */
async function solved(app: TestApp = t, code = 'k3x7'): Promise<{ captcha: string; checkKey: string }> {
  const checkKey = `test-${Date.now()}-${keys++}`;
  await issueCaptcha(app.db, checkKey, { code });
  return { captcha: code, checkKey };
}

async function setConfig(app: TestApp, key: string, value: string) {
  await app.db.updateTable('sys_config').set({ config_value: value }).where('config_key', '=', key).execute();
}
const config = async (app: TestApp, key: string) =>
  (await app.db.selectFrom('sys_config').select('config_value').where('config_key', '=', key).executeTakeFirstOrThrow()).config_value;

const userRow = (app: TestApp, username: string) => app.db.selectFrom('sys_user').selectAll().where('username', '=', username).executeTakeFirst();
const register = async (body: Record<string, unknown>, app: TestApp = t) => app.api('POST', '/sys/user/register', { body: { ...(await solved(app)), ...body } });

describe('the image captcha', () => {
  it('GET /sys/randomImage/{key} answers an SVG data URL (code 0) and stores only a hash of the code', async () => {
    const res = await t.api('GET', '/sys/randomImage/1700000000000');
    expectEnvelope(res, { success: true, code: 0 });
    expect(res.body.result).toMatch(/^data:image\/svg\+xml;base64,/);
    const svg = Buffer.from(res.body.result.split(',')[1], 'base64').toString();
    expect(svg).toMatch(/^<svg [^>]*width="120" height="40"/);
    const rows = await t.db.selectFrom('sys_captcha').selectAll().where('check_key', '=', '1700000000000').execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].code_hash).toMatch(/^[0-9a-f]{64}$/);
    expectFailure(await t.api('GET', '/sys/randomImage/bad%20key!'), /验证码标识无效/);
  });

  it('POST /sys/checkCaptcha keeps a right code for the next request, and burns the key on a wrong one', async () => {
    const right = await solved();
    expectEnvelope(await t.api('POST', '/sys/checkCaptcha', { body: right }), { success: true, code: 200 });
    // Still usable once more (the request the form sends next)…
    expectEnvelope(await t.api('POST', '/sys/checkCaptcha', { body: right }), { success: true });
    const wrong = await solved();
    expectFailure(await t.api('POST', '/sys/checkCaptcha', { body: { ...wrong, captcha: 'zzzz' } }), '验证码错误');
    // …but after a wrong guess the right code no longer works: no guessing at one picture.
    expectFailure(await t.api('POST', '/sys/checkCaptcha', { body: wrong }), '验证码错误');
    expectFailure(await t.api('POST', '/sys/checkCaptcha', { body: { checkKey: '123' } }), '验证码无效');
  });
});

describe('a new captcha for a key', () => {
  it('replaces the previous one: only the last picture’s code is accepted, and one code is stored per key', async () => {
    const checkKey = `renew-${Date.now()}`;
    for (let i = 0; i < 5; i++) expectEnvelope(await t.api('GET', `/sys/randomImage/${checkKey}`), { success: true, code: 0 });
    expect(await t.db.selectFrom('sys_captcha').select('id').where('check_key', '=', checkKey).execute()).toHaveLength(1);
    for (const code of ['k3x7', 'w4p8', 'h6m3']) await issueCaptcha(t.db, checkKey, { code });
    expectFailure(await t.api('POST', '/sys/checkCaptcha', { body: { checkKey, captcha: 'k3x7' } }), '验证码错误');
    for (const code of ['k3x7', 'w4p8', 'h6m3']) await issueCaptcha(t.db, checkKey, { code });
    expectFailure(await t.api('POST', '/sys/checkCaptcha', { body: { checkKey, captcha: 'w4p8' } }), '验证码错误');
    for (const code of ['k3x7', 'w4p8', 'h6m3']) await issueCaptcha(t.db, checkKey, { code });
    expectEnvelope(await t.api('POST', '/sys/checkCaptcha', { body: { checkKey, captcha: 'h6m3' } }), { success: true });
  });

  it('replaces it even when two were stored at once (two processes drawing together): the newest counts', async () => {
    const checkKey = `race-${Date.now()}`;
    await issueCaptcha(t.db, checkKey, { code: 'k3x7' });
    // A second row for the key, drawn later by another process before this one's replacement was seen.
    const first = await t.db.selectFrom('sys_captcha').selectAll().where('check_key', '=', checkKey).executeTakeFirstOrThrow();
    const { createHash } = await import('node:crypto');
    const later = { id: newId(), check_key: checkKey, code_hash: createHash('sha256').update(`${checkKey}:w4p8`).digest('hex'), expires_at: Number(first.expires_at) + 5 };
    await t.db.insertInto('sys_captcha').values(later).execute();
    expectFailure(await t.api('POST', '/sys/checkCaptcha', { body: { checkKey, captcha: 'k3x7' } }), '验证码错误');
    await t.db.insertInto('sys_captcha').values([{ ...first, id: newId() }, { ...later, id: newId() }]).execute();
    expectEnvelope(await t.api('POST', '/sys/checkCaptcha', { body: { checkKey, captcha: 'w4p8' } }), { success: true });
  });
});

describe('self-registration', () => {
  it('is refused while allowReg is not 1, and creates nothing', async () => {
    expect(await config(t, 'allowReg')).toBe('0');
    const before = await t.db.selectFrom('sys_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    const res = await register({ username: 'closed.kid', password: GOOD_PASSWORD, confirmpassword: GOOD_PASSWORD });
    expectFailure(res, REGISTRATION_CLOSED, { code: 403 });
    expect(await userRow(t, 'closed.kid')).toBeUndefined();
    const after = await t.db.selectFrom('sys_user').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
    expect(Number(after.n)).toBe(Number(before.n));
  });

  describe('while open', () => {
    beforeAll(async () => setConfig(t, 'allowReg', '1'));
    afterAll(async () => setConfig(t, 'allowReg', '0'));

    it('registers a student into the default class with the default role, who then logs in', async () => {
      const res = await register({ username: 'new.kid', realname: '小明', password: GOOD_PASSWORD, confirmpassword: GOOD_PASSWORD, email: 'kid@example.org' });
      expectEnvelope(res, { success: true, code: 200, message: '注册成功' });
      expect(res.body.result.username).toBe('new.kid');
      const user = (await userRow(t, 'new.kid'))!;
      expect(user).toMatchObject({ realname: '小明', email: 'kid@example.org', status: 1, del_flag: 0, need_change_password: 0, user_identity: 1 });
      expect(user.password).toMatch(/^scrypt\$/);
      const roles = await t.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', user.id).execute();
      expect(roles.map((r) => r.role_id)).toEqual([await config(t, '_defaultRole')]);
      const departs = await t.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', user.id).execute();
      expect(departs.map((d) => d.dep_id)).toEqual([await config(t, '_defaultDepart')]);
      const login = await t.api('POST', '/sys/login', { body: { username: 'new.kid', password: GOOD_PASSWORD } });
      expectEnvelope(login, { success: true, code: 200 });
      expect(login.body.result.role).toEqual(['student']);
      expect(login.body.result.departs.map((d: { id: string }) => d.id)).toEqual([await config(t, '_defaultDepart')]);
    });

    it('falls back to the student role and no class when the defaults name nothing usable, and never grants a staff role', async () => {
      const role = await config(t, '_defaultRole');
      const depart = await config(t, '_defaultDepart');
      const adminRole = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow()).id;
      const student = (await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'student').executeTakeFirstOrThrow()).id;
      try {
        for (const [i, roleId] of ['no-such-role', adminRole].entries()) {
          await setConfig(t, '_defaultRole', roleId);
          await setConfig(t, '_defaultDepart', i === 0 ? 'no-such-class' : '');
          expectEnvelope(await register({ username: `fallback.${i}`, password: GOOD_PASSWORD }), { success: true });
          const user = (await userRow(t, `fallback.${i}`))!;
          expect((await t.db.selectFrom('sys_user_role').select('role_id').where('user_id', '=', user.id).execute()).map((r) => r.role_id)).toEqual([student]);
          expect(await t.db.selectFrom('sys_user_depart').select('dep_id').where('user_id', '=', user.id).execute()).toEqual([]);
          expect(user.org_code).toBeNull();
          // The operation log tells the admin why.
          const log = await t.db.selectFrom('sys_log').select('log_content').where('userid', '=', user.id).executeTakeFirstOrThrow();
          expect(log.log_content).toContain(i === 0 ? '默认注册角色不存在，已改用学生角色；默认注册班级不存在，未分配班级' : '默认注册角色高于学生，已改用学生角色');
        }
      } finally {
        await setConfig(t, '_defaultRole', role);
        await setConfig(t, '_defaultDepart', depart);
      }
    });

    it('refuses a taken username, e-mail or phone, and creates nothing', async () => {
      const taken = await register({ username: 'student1', password: GOOD_PASSWORD });
      expectFailure(taken, '用户账号已存在');
      expect(taken.body.result).toEqual({ errors: { username: '用户账号已存在' } });
      expectFailure(await register({ username: 'other.kid', password: GOOD_PASSWORD, email: 'kid@example.org' }), '邮箱已存在');
      expect(await userRow(t, 'other.kid')).toBeUndefined();
    });

    it('refuses a weak password, a mismatch and a bad username before touching the captcha', async () => {
      const captcha = await solved();
      expectInvalid(await t.api('POST', '/sys/user/register', { body: { ...captcha, username: 'weak.kid', password: 'abc' } }), PASSWORD_TOO_SHORT, 'password');
      expectInvalid(await register({ username: 'weak.kid', password: 'abcdefghij' }), PASSWORD_TOO_SIMPLE, 'password');
      expectInvalid(await register({ username: 'weak.kid', password: 'Weak.Kid-2026' }), PASSWORD_IS_USERNAME, 'password');
      expectInvalid(await register({ username: 'weak.kid', password: GOOD_PASSWORD, confirmpassword: 'Other-pass-1' }), '两次输入的密码不一样！', 'confirmpassword');
      expectInvalid(await register({ username: 'x', password: GOOD_PASSWORD }), '用户账号长度应为3到32个字符', 'username');
      expect(await userRow(t, 'weak.kid')).toBeUndefined();
      // The captcha of the refused body is still good.
      expectEnvelope(await t.api('POST', '/sys/user/register', { body: { ...captcha, username: 'weak.kid', password: GOOD_PASSWORD } }), { success: true });
    });

    it('refuses a missing, wrong, reused or expired captcha', async () => {
      const body = { username: 'captcha.kid', password: GOOD_PASSWORD };
      expectFailure(await t.api('POST', '/sys/user/register', { body }), '请输入验证码');
      const wrong = await solved();
      expectFailure(await t.api('POST', '/sys/user/register', { body: { ...body, ...wrong, captcha: 'zzzz' } }), '验证码错误');
      // The key is burnt by the wrong answer: its right code fails too.
      expectFailure(await t.api('POST', '/sys/user/register', { body: { ...body, ...wrong } }), '验证码错误');
      const expired = await solved();
      await t.db.updateTable('sys_captcha').set({ expires_at: Date.now() - 1 }).where('check_key', '=', expired.checkKey).execute();
      expectFailure(await t.api('POST', '/sys/user/register', { body: { ...body, ...expired } }), '验证码错误');
      expect(await userRow(t, 'captcha.kid')).toBeUndefined();
      const once = await solved();
      expectEnvelope(await t.api('POST', '/sys/user/register', { body: { ...body, ...once } }), { success: true });
      const again = await t.api('POST', '/sys/user/register', { body: { ...body, username: 'captcha.kid2', ...once } });
      expectFailure(again, '验证码错误');
      expect(await userRow(t, 'captcha.kid2')).toBeUndefined();
    });
  });
});

describe('login after repeated failures', () => {
  it('asks for a captcha after 3 failures and refuses the right password without one', async () => {
    await t.db.insertInto('sys_user').values({ id: newId(), username: 'forgetful', realname: 'forgetful', password: await hashPassword(DEMO_PASSWORD) }).execute();
    const login = (body: Record<string, unknown>) => t.api('POST', '/sys/login', { body: { username: 'forgetful', ...body } });
    // The anchor's client sends a captcha with every login: before it is needed, a stale one does no harm.
    const first = await login({ password: 'wrong-1', captcha: '0000', checkKey: 1700000000001 });
    expectFailure(first, '用户名或密码错误');
    expect(first.body.result).toBeNull();
    expectFailure(await login({ password: 'wrong-2' }), '用户名或密码错误');
    const third = await login({ password: 'wrong-3' });
    expectFailure(third, '用户名或密码错误');
    expect(third.body.result).toEqual({ captchaRequired: true });
    const sessions = async () =>
      Number((await t.db.selectFrom('sys_session').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', await t.userId('forgetful')).executeTakeFirstOrThrow()).n);
    const noCaptcha = await login({ password: DEMO_PASSWORD });
    expectFailure(noCaptcha, '请输入验证码');
    expect(noCaptcha.body.result).toEqual({ captchaRequired: true });
    const wrong = await solved();
    expectFailure(await login({ password: DEMO_PASSWORD, ...wrong, captcha: 'zzzz' }), '验证码错误');
    expect(await sessions()).toBe(0);
    const ok = await login({ password: DEMO_PASSWORD, ...(await solved()) });
    expectEnvelope(ok, { success: true, code: 200 });
    // A success starts the count over: the next login needs no captcha.
    expectEnvelope(await login({ password: DEMO_PASSWORD }), { success: true, code: 200 });
  });
});

describe('password recovery', () => {
  const recover = async (account: string, app: TestApp = mailApp) =>
    app.api('POST', '/sys/user/passwordRecovery', { body: { account, ...(await solved(app)) } });

  it('is not offered without SMTP_URL: the answer says to ask a teacher', async () => {
    expectEnvelope(await t.api('GET', '/sys/user/recoveryOptions'), { success: true });
    expect((await t.api('GET', '/sys/user/recoveryOptions')).body.result).toEqual({ byMail: false, byPhone: false });
    expectFailure(await recover('student1', t), RECOVERY_UNAVAILABLE);
    expect((await mailApp.api('GET', '/sys/user/recoveryOptions')).body.result).toEqual({ byMail: true, byPhone: false });
  });

  it('mails a link that sets a new password once and ends every session; unknown accounts get the same answer', async () => {
    await mailApp.db.updateTable('sys_user').set({ email: 'student2@example.org' }).where('username', '=', 'student2').execute();
    const oldSession = await mailApp.login('student2');
    // Unknown account, an account without e-mail, then the real one: the same answer each time, one mail.
    const unknown = await recover('nobody-at-all');
    const noMail = await recover('student3');
    const real = await recover('student2');
    for (const res of [unknown, noMail, real]) expectEnvelope(res, { success: true, code: 200, message: RECOVERY_SENT });
    const mail = await smtp.nextMessage();
    expect(mail.to).toEqual(['student2@example.org']);
    expect(mail.from).toBe('noreply@school.example.org');
    expect(mail.subject).toContain('重置密码');
    const link = /https:\/\/school\.example\.org\/user\/alteration\?token=([A-Za-z0-9_-]{43})/.exec(mail.text);
    expect(link, mail.text).not.toBeNull();
    expect(mail.html).toContain(link![0]);
    const token = link![1];
    // Only the hash is stored.
    const stored = await mailApp.db.selectFrom('sys_password_reset').selectAll().execute();
    expect(stored).toHaveLength(1);
    expect(stored[0].token_hash).not.toContain(token);

    expectEnvelope(await mailApp.api('GET', `/sys/user/checkResetToken?token=${token}`), { success: true });
    expect((await mailApp.api('GET', `/sys/user/checkResetToken?token=${token}`)).body.result).toEqual({ username: 'student2' });
    // A password the policy refuses leaves the link working.
    expectFailure(await mailApp.api('POST', '/sys/user/resetPassword', { body: { token, password: 'student2', confirmpassword: 'student2' } }), /密码/);
    const reset = await mailApp.api('POST', '/sys/user/resetPassword', { body: { token, password: 'New-pass-2026', confirmpassword: 'New-pass-2026' } });
    expectEnvelope(reset, { success: true, code: 200 });
    expectTokenRefusal(await mailApp.api('GET', PERMISSIONS, { token: oldSession }));
    expect(await mailApp.login('student2', 'New-pass-2026')).toBeTruthy();
    // Once only.
    expectFailure(await mailApp.api('POST', '/sys/user/resetPassword', { body: { token, password: 'Other-pass-2026', confirmpassword: 'Other-pass-2026' } }), RESET_LINK_INVALID);
    expectFailure(await mailApp.api('GET', `/sys/user/checkResetToken?token=${token}`), RESET_LINK_INVALID);
    expect(await mailApp.login('student2', 'New-pass-2026')).toBeTruthy();
    // No mail went to the unknown account or the one without an address.
    expect(smtp.received).toHaveLength(1);
  });

  it('finds the account by e-mail too, and refuses an expired link', async () => {
    await mailApp.db.updateTable('sys_user').set({ email: 'teacher@example.org' }).where('username', '=', 'teacher').execute();
    // An account named like the teacher's address (with an address of its own) does not get the teacher's mail.
    await mailApp.db
      .insertInto('sys_user')
      .values({ id: newId(), username: 'teacher@example.org', realname: 'decoy', email: 'decoy@example.org', password: await hashPassword(DEMO_PASSWORD) })
      .execute();
    expectEnvelope(await recover('teacher@example.org'), { success: true, message: RECOVERY_SENT });
    const mail = await smtp.nextMessage();
    expect(mail.to).toEqual(['teacher@example.org']);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    await mailApp.db.updateTable('sys_password_reset').set({ expires_at: Date.now() - 1 }).execute();
    expectFailure(await mailApp.api('POST', '/sys/user/resetPassword', { body: { token, password: 'New-pass-2026', confirmpassword: 'New-pass-2026' } }), RESET_LINK_INVALID);
    expect(await mailApp.login('teacher', DEMO_PASSWORD)).toBeTruthy();
    expectFailure(await mailApp.api('POST', '/sys/user/resetPassword', { body: { token: 'x'.repeat(43), password: 'New-pass-2026' } }), RESET_LINK_INVALID);
  });

  it('needs a solved captcha', async () => {
    expectFailure(await mailApp.api('POST', '/sys/user/passwordRecovery', { body: { account: 'student1' } }), '请输入验证码');
  });
});

describe('the 找回密码 pages (plain forms, no JavaScript)', () => {
  const page = async (path: string, form?: Record<string, string>) => {
    const res = await mailApp.request(
      path,
      form ? { method: 'POST', headers: { Origin: 'http://127.0.0.1', 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() } : {},
    );
    return { status: res.status, html: await res.text(), headers: res.headers };
  };
  const checkKeyOf = (html: string) => /name="checkKey" value="([0-9a-f]{32})"/.exec(html)![1];

  it('send the mail from the form, and the link’s page sets the password once', async () => {
    await mailApp.db.updateTable('sys_user').set({ email: 'student1@example.org' }).where('username', '=', 'student1').execute();
    const form = await page('/user/alteration');
    expect(form.status).toBe(200);
    expect(form.html).toContain('发送重置邮件');
    expect(form.html).toMatch(/<img class="xt-captcha-img" src="data:image\/svg\+xml;base64,/);
    // A wrong code: the form again, the account kept, the error beside the code.
    const wrong = await page('/user/alteration', { account: 'student1', captcha: 'aaaa', checkKey: checkKeyOf(form.html) });
    expect(wrong.status).toBe(400);
    expect(wrong.html).toContain('验证码错误');
    expect(wrong.html).toContain('value="student1"');
    const sent = await page('/user/alteration', { account: 'student1', captcha: 'wxyz', checkKey: checkKeyOf(wrong.html) });
    expect(sent.html).toContain('请查收邮件');
    expect(sent.html).toContain('如果该账号存在并已绑定邮箱');
    const mail = await smtp.nextMessage();
    expect(mail.to).toEqual(['student1@example.org']);
    const token = /token=([A-Za-z0-9_-]{43})/.exec(mail.text)![1];

    const reset = await page(`/user/alteration?token=${token}`);
    expect(reset.status, reset.html).toBe(200);
    expect(reset.headers.get('Referrer-Policy')).toBe('no-referrer');
    expect(reset.headers.get('Cache-Control')).toBe('no-store');
    expect(reset.html).toContain('<b>student1</b>');
    const weak = await page('/user/alteration', { token, password: 'short', confirmpassword: 'short' });
    expect(weak.status).toBe(400);
    expect(weak.html).toContain(PASSWORD_TOO_SHORT);
    expect(weak.html).toContain('设置新密码');
    const done = await page('/user/alteration', { token, password: 'Fresh-start-77', confirmpassword: 'Fresh-start-77' });
    expect(done.html).toContain('密码已重置');
    expect(await mailApp.login('student1', 'Fresh-start-77')).toBeTruthy();
    const again = await page('/user/alteration', { token, password: 'Fresh-start-88', confirmpassword: 'Fresh-start-88' });
    expect(again.html).toContain('链接已失效');
    expect((await page(`/user/alteration?token=${token}`)).html).toContain('链接已失效');
  });
});
