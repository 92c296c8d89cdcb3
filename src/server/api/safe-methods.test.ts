// GET and HEAD never change data for a session cookie, and HEAD never at all: a cross-site link, image or
// prefetch cannot log a user out or publish an announcement. The anchor's clients keep their GET calls that
// write (logout, publish, revoke) with the X-Access-Token header; browsers log out with POST.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession, resolveSession } from '../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';
import { WRITING_GETS } from './index.js';

// Sweeps send a request per route and grow with the API: they get more time than one request needs, so a
// loaded machine (PostgreSQL, two workers) does not fail them for slowness alone.
const SWEEP_MS = 120_000;

describe.each(dialects)('GET and HEAD never write on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  const session = async (username = 'admin') => (await createSession(t.db, await t.userId(username))).token;
  const alive = async (token: string) => (await resolveSession(t.db, token)) !== null;
  const send = (method: string, path: string, headers: Record<string, string>) => t.request(`/api${path}`, { method, headers });
  const cookie = (token: string, site?: string) => ({ Cookie: `xt_token=${token}`, ...(site ? { 'Sec-Fetch-Site': site } : {}) });
  const header = (token: string) => ({ 'X-Access-Token': token });

  async function draft(title: string) {
    const res = await t.api('POST', '/sys/annountCement/add', { token: admin, body: { titile: title, msgType: 'ALL' } });
    return res.body.result.id as string;
  }
  const status = async (id: string) => (await t.db.selectFrom('sys_announcement').select('send_status').where('id', '=', id).executeTakeFirstOrThrow()).send_status;

  it('logout: a cookie session survives GET (from any site, typed or linked) and HEAD; POST from our pages ends it', async () => {
    const token = await session();
    for (const site of [undefined, 'cross-site', 'same-site', 'none', 'same-origin']) {
      const res = await send('GET', '/sys/logout', cookie(token, site));
      expect(res.status, String(site)).toBe(405);
      expect(await alive(token)).toBe(true);
      expect((await send('HEAD', '/sys/logout', cookie(token, site))).status).toBe(405);
      expect(await alive(token)).toBe(true);
    }
    expect((await send('POST', '/sys/logout', cookie(token, 'cross-site'))).status).toBe(403);
    expect((await send('POST', '/sys/logout', cookie(token, 'none'))).status).toBe(403);
    expect(await alive(token)).toBe(true);
    expect((await send('POST', '/sys/logout', cookie(token, 'same-origin'))).status).toBe(200);
    expect(await alive(token)).toBe(false);
  });

  it('logout: the token header logs out with POST (and GET, as the anchor allowed), never with HEAD', async () => {
    const a = await session();
    expect((await send('HEAD', '/sys/logout', header(a))).status).toBe(405);
    expect(await alive(a)).toBe(true);
    expect((await t.api('POST', '/sys/logout', { token: a })).body.success).toBe(true);
    expect(await alive(a)).toBe(false);
    const b = await session();
    expect((await t.api('GET', '/sys/logout', { token: b })).body.success).toBe(true);
    expect(await alive(b)).toBe(false);
  });

  it('publish and revoke: never by HEAD, never by a cookie GET; the token header publishes and revokes', async () => {
    const id = await draft('只能用令牌发布');
    for (const [method, headers] of [
      ['HEAD', header(admin)],
      ['HEAD', cookie(admin, 'same-origin')],
      ['GET', cookie(admin, 'same-origin')],
      ['GET', cookie(admin, 'cross-site')],
    ] as const) {
      expect((await send(method, `/sys/annountCement/doReleaseData?id=${id}`, headers)).status, `${method} ${JSON.stringify(headers)}`).toBe(405);
    }
    expect(await status(id)).toBe('0');
    expect((await t.api('GET', `/sys/annountCement/doReleaseData?id=${id}`, { token: admin })).body.success).toBe(true);
    expect(await status(id)).toBe('1');
    expect((await send('HEAD', `/sys/annountCement/doReovkeData?id=${id}`, header(admin))).status).toBe(405);
    expect((await send('GET', `/sys/annountCement/doReovkeData?id=${id}`, cookie(admin, 'same-origin'))).status).toBe(405);
    expect(await status(id)).toBe('1');
    expect((await t.api('GET', `/sys/annountCement/doReovkeData?id=${id}`, { token: admin })).body.success).toBe(true);
    expect(await status(id)).toBe('2');
  });

  it('HEAD on every GET route, with the header or the cookie, changes nothing (no session ended, nothing logged, nothing published)', async () => {
    const id = await draft('HEAD 不发布');
    const tokens = [await session(), await session()];
    const logs = async () => (await t.db.selectFrom('sys_log').select('id').execute()).length;
    const before = await logs();
    for (const route of t.apiRoutes.routes.filter((r) => r.method === 'GET')) {
      const path = route.path.replace(/:[A-Za-z_]+/g, 'x').replace(/\*/g, 'x.png');
      const query = WRITING_GETS.has(route.path) ? `?id=${id}` : '';
      await send('HEAD', `${path}${query}`, header(tokens[0]));
      await send('HEAD', `${path}${query}`, cookie(tokens[1], 'same-origin'));
    }
    expect(await alive(tokens[0])).toBe(true);
    expect(await alive(tokens[1])).toBe(true);
    expect(await status(id)).toBe('0');
    expect(await logs()).toBe(before);
  }, SWEEP_MS);
});
