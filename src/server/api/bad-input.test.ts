// Bad input never reaches a 500: every registered GET route is called with an absurd page number and with
// a NUL byte in its parameters (PostgreSQL refuses \u0000 in text), as a visitor and as the administrator;
// every write route is sent a NUL byte in a JSON body and in a form body, and JSON bodies that are not objects. Routes come from the app's own
// registry, so a route added later is covered without touching this file.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../domain/sessions.js';
import { TOKEN_INVALID } from '../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';
import type { RouteInfo } from './access.js';

const HUGE = '99999999999999999999';
const ILLEGAL = '参数包含非法字符';
/** Query parameters the list routes read (filters, sort, ids, codes): each gets a NUL byte. */
const PARAMS = ['id', 'ids', 'pageSize', 'column', 'order', 'username', 'realname', 'departName', 'roleName', 'dictName', 'dictCode', 'titile', 'name', 'keyword', 'orgCode', 'workId', 'userId', 'createTime_begin'];

/** A concrete path for a route pattern; `fill` replaces every parameter and wildcard. */
const concrete = (route: RouteInfo, fill: string) => route.path.replace(/:[A-Za-z_]+(\{[^}]*\})?/g, fill).replace(/\*/g, fill === 'x' ? 'no-such-file.png' : fill);

// Each sweep sends thousands of requests, and grows with every route: it gets more time than one request needs,
// so a loaded machine (PostgreSQL, two legs, helpers) does not fail it for slowness alone.
const SWEEP_MS = 120_000;

describe.each(dialects)('bad input on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  const token = async (user: string | null) => (user ? (await createSession(t.db, await t.userId(user))).token : undefined);
  async function call(method: string, url: string, user: string | null, init: { body?: string; type?: string } = {}) {
    const headers: Record<string, string> = {};
    const tk = await token(user);
    if (tk) headers['X-Access-Token'] = tk;
    if (init.type) headers['Content-Type'] = init.type;
    const res = await t.request(url, { method, headers, body: init.body });
    const json = res.headers.get('content-type')?.includes('application/json');
    return { status: res.status, body: json ? ((await res.json()) as { success: boolean; message: string }) : null };
  }
  /** A 500 is only ever the contract's "log in again" answer to a visitor, never a failure of the server. */
  const crashed = (r: Awaited<ReturnType<typeof call>>) => r.status >= 500 && r.body?.message !== TOKEN_INVALID;
  const gets = () => t.apiRoutes.routes.filter((r) => r.method === 'GET');

  it('answers a page number of 20 digits on every GET route without a server error, and clamps it', async () => {
    const wrong: string[] = [];
    for (const route of gets()) {
      for (const user of [null, 'admin']) {
        const res = await call('GET', `/api${concrete(route, 'x')}?pageNo=${HUGE}&pageSize=${HUGE}`, user);
        if (crashed(res)) wrong.push(`${route.path} as ${user ?? 'visitor'}: ${res.status} ${res.body?.message}`);
      }
    }
    expect(wrong).toEqual([]);
    const users = await call('GET', `/api/sys/user/list?pageNo=${HUGE}`, 'admin');
    expect(users.status).toBe(200);
    const result = (users.body as unknown as { result: { current: number; records: unknown[] } }).result;
    expect(result.records).toEqual([]);
    expect(result.current).toBeLessThanOrEqual(100_000);
  }, SWEEP_MS);

  it('refuses a NUL byte in the query or the path of every GET route with 400 参数包含非法字符', async () => {
    const wrong: string[] = [];
    for (const route of gets()) {
      for (const user of [null, 'admin']) {
        const urls = PARAMS.map((p) => `/api${concrete(route, 'x')}?pageNo=1&${p}=a%00b`);
        if (route.path.includes(':') || route.path.includes('*')) urls.push(`/api${concrete(route, 'a%00b')}`);
        for (const url of urls) {
          const res = await call('GET', url, user);
          if (crashed(res) || res.status !== 400 || res.body?.message !== ILLEGAL) wrong.push(`${url} as ${user ?? 'visitor'}: ${res.status} ${res.body?.message}`);
        }
      }
    }
    expect(wrong).toEqual([]);
  }, SWEEP_MS);

  it('refuses a NUL byte in a JSON or form body of every write route, and writes nothing', async () => {
    const roles = await t.db.selectFrom('sys_role').select('id').execute();
    const wrong: string[] = [];
    for (const route of t.apiRoutes.routes.filter((r) => r.method !== 'GET')) {
      const url = `/api${concrete(route, 'x')}`;
      const bodies = [
        { type: 'application/json', body: JSON.stringify({ roleName: 'a\u0000b', roleCode: 'nul_role', roleLevel: 1, id: 'x' }) },
        { type: 'application/json', body: JSON.stringify({ nested: [{ name: 'a\u0000b' }] }) },
        { type: 'application/x-www-form-urlencoded', body: 'roleName=a%00b&roleCode=nul_role' },
        // Handlers read any body that is not multipart as JSON, whatever its declared type.
        { type: 'text/plain;charset=UTF-8', body: JSON.stringify({ roleName: 'a\u0000b', roleCode: 'nul_role', roleLevel: 1 }) },
      ];
      for (const b of bodies) {
        const res = await call(route.method, url, 'admin', b);
        if (res.status !== 400 || res.body?.message !== ILLEGAL) wrong.push(`${route.method} ${url} ${b.type}: ${res.status} ${res.body?.message}`);
      }
    }
    expect(wrong).toEqual([]);
    expect(await t.db.selectFrom('sys_role').select('id').execute()).toHaveLength(roles.length);
  }, SWEEP_MS);

  it('answers a JSON body that is null, an array, a number or a string on every write route without a server error', async () => {
    const wrong: string[] = [];
    for (const route of t.apiRoutes.routes.filter((r) => r.method !== 'GET')) {
      const url = `/api${concrete(route, 'x')}`;
      for (const body of ['null', '[]', '1', '"x"']) {
        const res = await call(route.method, url, 'admin', { type: 'application/json', body });
        if (crashed(res)) wrong.push(`${route.method} ${url} ${body}: ${res.status} ${res.body?.message}`);
      }
    }
    expect(wrong).toEqual([]);
    // Where an object is expected, the answer says so.
    for (const url of ['/api/sys/quartzJob/pause', '/api/sys/quartzJob/resume', '/api/sys/quartzJob/execute', '/api/demo/form/base', '/api/demo/form/advanced', '/api/sys/role/add']) {
      for (const body of ['null', '[]', '1', '"x"']) {
        const res = await call('POST', url, 'admin', { type: 'application/json', body });
        expect(res, `${url} ${body}`).toEqual({ status: 400, body: expect.objectContaining({ success: false, message: '请求数据必须是JSON对象' }) });
      }
    }
  }, SWEEP_MS);

  it('accepts an escaped backslash before u0000 in JSON (text, not a NUL byte)', async () => {
    const admin = await t.login('admin');
    const res = await t.api('POST', '/sys/role/add', { token: admin, body: `{"roleName":"反斜杠\\\\u0000","roleCode":"backslash_role","roleLevel":1}` });
    expect(res.body.success).toBe(true);
    const row = await t.db.selectFrom('sys_role').select('role_name').where('role_code', '=', 'backslash_role').executeTakeFirstOrThrow();
    expect(row.role_name).toBe('反斜杠\\u0000');
  });
});
