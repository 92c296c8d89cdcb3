// The session cookie under https (PUBLIC_URL https://…): `__Host-xt_token` with Secure and Path=/, and only
// that name is read — by the pages, the API and the websocket. Plain http keeps `xt_token` (see csrf.test.ts).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.js';
import { connect, opened } from '../../../test/ws-client.js';
import { loadConfig } from '../config.js';

let t: TestApp;
beforeAll(async () => {
  const https = loadConfig({ PUBLIC_URL: 'https://school.example.cn' });
  t = await startTestApp({ listen: true, config: { publicUrl: https.publicUrl, secureCookies: https.secureCookies } });
});
afterAll(() => t?.close());

async function pageLogin(username: string): Promise<{ setCookie: string; token: string }> {
  const res = await t.request('/user/login', {
    method: 'POST',
    headers: { Origin: 'http://127.0.0.1', 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ username, password: DEMO_PASSWORD, redirect: '/dashboard/index' }),
  });
  expect(res.status).toBe(303);
  const setCookie = res.headers.get('Set-Cookie') ?? '';
  return { setCookie, token: /^__Host-xt_token=([^;]+)/.exec(setCookie)?.[1] ?? '' };
}

describe('session cookie with https', () => {
  it('is set as __Host-xt_token, Secure, HttpOnly, Path=/ and without Domain', async () => {
    const { setCookie, token } = await pageLogin('teacher');
    expect(setCookie).toMatch(/^__Host-xt_token=/);
    expect(token.length).toBeGreaterThan(20);
    expect(setCookie).toMatch(/; Secure/);
    expect(setCookie).toMatch(/; HttpOnly/);
    expect(setCookie).toMatch(/; Path=\//);
    expect(setCookie).not.toMatch(/Domain=/i);
  });

  it('pages and the API read only the __Host- cookie', async () => {
    const { token } = await pageLogin('teacher');
    const page = (cookie: string) => t.request('/dashboard/index', { headers: { Cookie: cookie } });
    expect((await page(`__Host-xt_token=${token}`)).status).toBe(200);
    // The plain name could have been planted over http or by another subdomain: it is not a session.
    const planted = await page(`xt_token=${token}`);
    expect(planted.status).toBe(302);
    expect(planted.headers.get('Location')).toMatch(/^\/user\/login\?redirect=/);

    const api = async (cookie: string) =>
      (await (await t.request('/api/sys/permission/getUserPermissionByToken', { headers: { Cookie: cookie, Accept: 'application/json' } })).json()) as { success: boolean };
    expect((await api(`__Host-xt_token=${token}`)).success).toBe(true);
    expect((await api(`xt_token=${token}`)).success).toBe(false);
  });

  it('the websocket takes the session from the __Host- cookie', async () => {
    const { token } = await pageLogin('student1');
    const id = await t.userId('student1');
    const url = `ws://127.0.0.1:${t.port}/api/websocket/${id}`;
    const ws = connect(url, { headers: { Cookie: `__Host-xt_token=${token}` } });
    const planted = connect(url, { headers: { Cookie: `xt_token=${token}` } });
    try {
      await opened(ws);
      ws.ws.send('HeartBeat');
      expect(await ws.next((m) => m.cmd === 'heartcheck')).toEqual({ cmd: 'heartcheck', msgTxt: '心跳响应' });
      expect((await planted.closed).code).toBe(4401);
    } finally {
      ws.ws.terminate();
      planted.ws.terminate();
    }
  });

  it('logout clears the __Host- cookie with the attributes the browser requires', async () => {
    const { token } = await pageLogin('student2');
    const res = await t.request('/user/logout', { method: 'POST', headers: { Cookie: `__Host-xt_token=${token}`, Origin: 'http://127.0.0.1' } });
    expect(res.status).toBe(303);
    const cleared = res.headers.get('Set-Cookie') ?? '';
    expect(cleared).toMatch(/^__Host-xt_token=;/);
    expect(cleared).toMatch(/Max-Age=0/);
    expect(cleared).toMatch(/; Secure/);
  });
});
