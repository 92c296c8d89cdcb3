// The client address behind a reverse proxy (TRUST_PROXY): login limits, logs and sessions see the forwarded
// client, never a header the client wrote itself, and never the header at all when no proxy is trusted.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectEnvelope, expectFailure } from '../../../test/assertions.js';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.js';
import { parseTrustProxy } from '../shared/trust-proxy.js';

const from = (ip: string) => ({ 'X-Forwarded-For': ip });

async function lastLoginLogIp(t: TestApp, username: string): Promise<string | null | undefined> {
  const row = await t.db
    .selectFrom('sys_log')
    .select('ip')
    .where('log_type', '=', 1)
    .where('username', '=', username)
    .orderBy('create_time', 'desc')
    .orderBy('id', 'desc')
    .executeTakeFirst();
  return row?.ip;
}

describe('behind one trusted proxy (TRUST_PROXY=1)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ config: { trustProxy: parseTrustProxy('1') } });
  });
  afterAll(() => t?.close());

  const login = (username: string, password: string, ip: string) => t.api('POST', '/sys/login', { body: { username, password }, headers: from(ip) });

  it('one client’s failures do not lock the account for the others behind the same proxy', async () => {
    for (let i = 0; i < 3; i++) expectFailure(await login('teacher', `wrong-${i}`, '203.0.113.1'), '用户名或密码错误');
    // That client now needs a captcha (and is locked after two more failures)…
    expectFailure(await login('teacher', DEMO_PASSWORD, '203.0.113.1'), '请输入验证码');
    // Another visitor, through the same proxy socket (127.0.0.1), logs in.
    expectEnvelope(await login('teacher', DEMO_PASSWORD, '203.0.113.2'), { success: true, code: 200 });
  });

  it('logs and sessions record the forwarded client, not the proxy or what the client wrote', async () => {
    // nginx appends the address it saw to whatever the client sent.
    const res = await login('student1', DEMO_PASSWORD, '6.6.6.6, 198.51.100.23');
    expectEnvelope(res, { success: true, code: 200 });
    expect(await lastLoginLogIp(t, 'student1')).toBe('198.51.100.23');
    const session = await t.db.selectFrom('sys_session').select('ip').orderBy('created_at', 'desc').executeTakeFirstOrThrow();
    expect(session.ip).toBe('198.51.100.23');
    // An operation (a write) is logged with the same address.
    const token = res.body.result.token;
    await t.api('PUT', '/sys/selectDepart', { token, body: { orgCode: 'A01A01A01' }, headers: from('198.51.100.23') });
    const op = await t.db.selectFrom('sys_log').select('ip').where('log_type', '=', 2).where('username', '=', 'student1').executeTakeFirstOrThrow();
    expect(op.ip).toBe('198.51.100.23');
  });

  it('the login page passes the forwarded client on to the API', async () => {
    const res = await t.request('/user/login', {
      method: 'POST',
      headers: { ...from('198.51.100.77'), Origin: 'http://127.0.0.1', 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ username: 'student2', password: DEMO_PASSWORD, redirect: '' }),
    });
    expect(res.status).toBe(303);
    expect(await lastLoginLogIp(t, 'student2')).toBe('198.51.100.77');
  });
});

describe('without TRUST_PROXY', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp();
  });
  afterAll(() => t?.close());

  it('ignores X-Forwarded-For: the socket address is the client', async () => {
    const res = await t.api('POST', '/sys/login', { body: { username: 'student3', password: DEMO_PASSWORD }, headers: from('198.51.100.99') });
    expectEnvelope(res, { success: true, code: 200 });
    expect(await lastLoginLogIp(t, 'student3')).toBe('127.0.0.1');
    // Changing the header does not give a client a fresh count: after 3 failures it still needs a captcha.
    for (let i = 0; i < 3; i++) await t.api('POST', '/sys/login', { body: { username: 'teacher', password: `wrong-${i}` }, headers: from(`198.51.100.${i}`) });
    const refused = await t.api('POST', '/sys/login', { body: { username: 'teacher', password: DEMO_PASSWORD }, headers: from('198.51.100.200') });
    expect(refused.body.message).toBe('请输入验证码');
  });
});
