// Passwords imported from teaching-open (sys_user.legacy_password, migration 042): the derivation against
// vectors computed without our code, then logging in through the API: works once as stored, the stored value is
// replaced by our hash, a weak one must be changed first, a wrong one is refused like any other.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { issueCaptcha } from '../../domain/captcha.js';
import { newId } from '../../domain/ids.js';
import { deriveLegacyKey, legacyCipher, verifyLegacyPassword } from '../../domain/legacy-password.js';
import { verifyPassword } from '../../domain/password.js';
import { PASSWORD_CHANGE_REQUIRED } from '../../shared/password-policy.js';

describe('teaching-open’s PBEWithMD5AndDES values', () => {
  // Computed with the OpenSSL command line only (1000 × `openssl dgst -md5 -binary`, then
  // `openssl enc -des-cbc -provider legacy -K <d[0..8]> -iv <d[8..16]>` over the UTF-8 username).
  const independent = { username: '王小明', password: 'Kite-2026-blue', salt: 'xT9pQ2vL', md5: '5194c87598b41715b946f9b585408a32', stored: 'd5c0daba4220357916709e614c97eab8' };

  it('derives key and IV from 1000 MD5 rounds over password ‖ salt, as the OpenSSL command line does', () => {
    const { key, iv } = deriveLegacyKey(independent.password, independent.salt);
    expect(Buffer.concat([key, iv]).toString('hex')).toBe(independent.md5);
    expect(legacyCipher(independent.username, independent.password, independent.salt)).toBe(independent.stored);
  });

  it('matches the values of teaching-open’s seed accounts (password 123456)', () => {
    expect(legacyCipher('admin', '123456', 'RCGTeGiH')).toBe('cb362cfeefbf3d8d');
    expect(legacyCipher('teacher', '123456', 'kafIgeoy')).toBe('3b1b68508ed6b0f5');
    expect(legacyCipher('importstudent', '123456', 'V4TInd1V')).toBe('1ca0dcf4b8a56aba15f1139d33904a9a');
  });

  it('verifies only the right password, for that username and salt, whatever the case of the hex', () => {
    expect(verifyLegacyPassword('123456', 'admin', 'RCGTeGiH', 'CB362CFEEFBF3D8D')).toBe(true);
    expect(verifyLegacyPassword('1234567', 'admin', 'RCGTeGiH', 'cb362cfeefbf3d8d')).toBe(false);
    expect(verifyLegacyPassword('123456', 'admin2', 'RCGTeGiH', 'cb362cfeefbf3d8d')).toBe(false);
    expect(verifyLegacyPassword('123456', 'admin', 'RCGTeGiX', 'cb362cfeefbf3d8d')).toBe(false);
    expect(verifyLegacyPassword('123456', 'admin', null, 'cb362cfeefbf3d8d')).toBe(false);
    expect(verifyLegacyPassword('123456', 'admin', 'RCGTeGiH', 'cb362cfeefbf3d')).toBe(false);
    expect(verifyLegacyPassword('123456', 'admin', 'RCGTeGiH', null)).toBe(false);
  });

  it('stores nothing for a password teaching-open could not encrypt (not printable ASCII), so none matches', () => {
    expect(legacyCipher('admin', '密码123456', 'RCGTeGiH')).toBeNull();
    expect(verifyLegacyPassword('密码123456', 'admin', 'RCGTeGiH', 'cb362cfeefbf3d8d')).toBe(false);
  });
});

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

/** An account as the importer writes it: teaching-open's value and salt aside, no hash of ours yet. */
async function imported(username: string, password: string, salt = 'Ab3dEf7h'): Promise<string> {
  const id = newId();
  await t.db
    .insertInto('sys_user')
    .values({ id, username, realname: username, password: '', salt, legacy_password: legacyCipher(username, password, salt) })
    .execute();
  return id;
}

const row = (id: string) => t.db.selectFrom('sys_user').select(['password', 'salt', 'legacy_password', 'need_change_password']).where('id', '=', id).executeTakeFirstOrThrow();
const login = (username: string, password: string, extra: Record<string, unknown> = {}) => t.api('POST', '/sys/login', { body: { username, password, ...extra } });

describe('logging in with an imported teaching-open password', () => {
  it('works once as stored, then the password has our hash and the old value is gone', async () => {
    const id = await imported('legacy.good', 'Harbour-Lamp-42');
    const res = await login('legacy.good', 'Harbour-Lamp-42');
    expectEnvelope(res, { success: true, code: 200, message: '登录成功' });
    expect(res.body.result.userInfo.needChangePassword).toBe(false);
    for (const secret of ['password', 'salt', 'legacyPassword', 'legacy_password']) expect(res.body.result.userInfo).not.toHaveProperty(secret);
    const after = await row(id);
    expect(after.legacy_password).toBeNull();
    expect(after.salt).toBeNull();
    expect(after.password).toMatch(/^scrypt\$/);
    expect(await verifyPassword('Harbour-Lamp-42', after.password)).toBe(true);
    // The next login checks our hash (the old value could no longer let anyone in).
    expectEnvelope(await login('legacy.good', 'Harbour-Lamp-42'), { success: true, code: 200 });
  });

  it('with a password today’s policy refuses: logs in, but every other write waits for a new password', async () => {
    const id = await imported('legacy.weak', '123456');
    const res = await login('legacy.weak', '123456');
    expectEnvelope(res, { success: true, code: 200 });
    expect(res.body.result.userInfo.needChangePassword).toBe(true);
    expect((await row(id)).need_change_password).toBe(1);
    expect((await row(id)).legacy_password).toBeNull();
    const token = res.body.result.token as string;
    const write = await t.api('PUT', '/sys/selectDepart', { token, body: { orgCode: 'A01' } });
    expectEnvelope(write, { success: false, status: 403, code: 403, message: PASSWORD_CHANGE_REQUIRED });
    const change = await t.api('PUT', '/sys/user/updatePassword', { token, body: { username: 'legacy.weak', oldpassword: '123456', password: 'Quiet-River-7', confirmpassword: 'Quiet-River-7' } });
    expectEnvelope(change, { success: true, code: 200 });
    expect((await row(id)).need_change_password).toBe(0);
  });

  it('refuses a wrong password exactly as for an account of ours, counting towards the captcha', async () => {
    await imported('legacy.wrong', 'Harbour-Lamp-42');
    const ours = await t.db.insertInto('sys_user').values({ id: newId(), username: 'plain.wrong', realname: 'plain', password: (await row(await t.userId('student1'))).password }).execute();
    expect(ours).toBeTruthy();
    const answers = [];
    for (const username of ['legacy.wrong', 'plain.wrong']) {
      const seen = [];
      for (let i = 0; i < 4; i++) {
        const res = await login(username, 'Harbour-Lamp-43');
        seen.push({ status: res.status, success: res.body.success, code: res.body.code, message: res.body.message, result: res.body.result });
      }
      answers.push(seen);
    }
    expect(answers[0]).toEqual(answers[1]);
    expect(answers[0][0]).toMatchObject({ success: false, code: 500, message: '用户名或密码错误' });
    // After three failures the next attempt must carry a captcha, for the imported account as for any.
    expect(answers[0][3].result).toEqual({ captchaRequired: true });
    const noCaptcha = await login('legacy.wrong', 'Harbour-Lamp-42');
    expectEnvelope(noCaptcha, { success: false, code: 500 });
    await issueCaptcha(t.db, 'legacy-captcha', { code: 'abcd' });
    const solved = await login('legacy.wrong', 'Harbour-Lamp-42', { captcha: 'abcd', checkKey: 'legacy-captcha' });
    expectEnvelope(solved, { success: true, code: 200 });
  });

  it('an admin’s reset clears the imported value as well', async () => {
    const id = await imported('legacy.reset', 'Harbour-Lamp-42');
    const token = await t.login('admin');
    const res = await t.api('PUT', '/sys/user/changePassword', { token, body: { id, password: 'Brave-Otter-55', confirmpassword: 'Brave-Otter-55' } });
    expectEnvelope(res, { success: true });
    expect((await row(id)).legacy_password).toBeNull();
    expectEnvelope(await login('legacy.reset', 'Harbour-Lamp-42'), { success: false, message: '用户名或密码错误' });
  });
});
