// Redirects to a URL the request supplied (`redirect` on the login page, `back` on list screens) stay on
// this site, whatever tricks the value plays on a browser's lenient URL parser: tabs and newlines it drops,
// backslashes it reads as slashes, leading spaces it strips, encodings a proxy may decode once more.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_PASSWORD, startTestApp, type TestApp } from '../../../test/harness.js';
import { DEFAULT_PATH } from './context.js';
import { isLocalPath, safeLocalPath } from './safe-path.js';

/** Values as the server receives them (query decoding done). */
const HOSTILE = [
  '/\t/evil.example/x',
  '/\\evil.example',
  '\\\\evil.example',
  '/\t\\evil.example',
  '//evil.example',
  '///evil.example',
  '/%2F/evil.example',
  '/%2f%2Fevil.example',
  '/%252F%252Fevil.example',
  '/%09/evil.example',
  '/%5Cevil.example',
  'https://evil.example',
  'http:/evil.example',
  'javascript:alert(1)',
  '/\r\n/evil.example',
  '/\r\nSet-Cookie: x=1',
  ' //evil.example',
  '\u0000//evil.example',
  '/\u00a0/evil.example',
  '/\u3000/evil.example',
  '/\u2028/evil.example',
  '\u2029//evil.example',
  '/\u200b/evil.example',
  '/\ufeff/evil.example',
  '/\u202e/evil.example',
  '/%E3%80%80/evil.example',
  '/%zz/evil.example',
  // Dot segments a browser resolves before it reads the path: `//evil.example` once resolved.
  '/.//evil.example',
  '/././/evil.example',
  '/a/../..//evil.example',
  '/%2e//evil.example',
  '/%2E%2e/..//evil.example',
  '/.%2E/%2e.//evil.example',
  '/%252e//evil.example',
  '/x/%2e%2e/%2F/evil.example',
];

const LOCAL = ['/dashboard/index', '/isystem/role?pageNo=2&roleName=%E7%AE%A1%E7%90%86', '/isystem/dictItem?dictId=1&back=%2Fisystem%2Fdict%3FpageNo%3D2', '/isystem/user/recycleBin'];

describe('safeLocalPath', () => {
  it('refuses every hostile target and keeps local paths', () => {
    for (const p of HOSTILE) expect(isLocalPath(p), JSON.stringify(p)).toBe(false);
    for (const p of HOSTILE) expect(safeLocalPath(p, '/home'), JSON.stringify(p)).toBe('/home');
    for (const p of LOCAL) expect(safeLocalPath(p, '/home'), p).toBe(p);
    expect(safeLocalPath('/isystem/role?pageNo=2', '/isystem/role', '/isystem/role')).toBe('/isystem/role?pageNo=2');
    expect(safeLocalPath('/isystem/user', '/isystem/role', '/isystem/role')).toBe('/isystem/role');
    expect(safeLocalPath(['/isystem/role'], '/isystem/role')).toBe('/isystem/role');
    expect(safeLocalPath(`/${'a'.repeat(3000)}`, '/home')).toBe('/home');
  });

  it('resolves dot segments, percent-encoded ones too, and judges `within` on the resolved path', () => {
    expect(safeLocalPath('/./', '/home')).toBe('/');
    expect(safeLocalPath('/isystem/role/./users/../?pageNo=2&back=/../x', '/home')).toBe('/isystem/role/?pageNo=2&back=/../x');
    expect(safeLocalPath('/isystem/%2e/role/%2E%2e/user', '/home')).toBe('/isystem/user');
    expect(safeLocalPath('/../../isystem/role', '/home')).toBe('/isystem/role');
    expect(safeLocalPath('/isystem/role/..', '/home')).toBe('/isystem/');
    expect(safeLocalPath('/isystem/role/%2e%2e.x/y', '/home')).toBe('/isystem/role/%2e%2e.x/y');
    expect(safeLocalPath('/isystem/role/../user', '/isystem/role', '/isystem/role')).toBe('/isystem/role');
    expect(safeLocalPath('/isystem/role/%2e%2e/user', '/isystem/role', '/isystem/role')).toBe('/isystem/role');
    expect(safeLocalPath('/isystem/role/./x', '/isystem/role', '/isystem/role')).toBe('/isystem/role/x');
  });
});

describe('pages that redirect to a supplied URL', () => {
  let t: TestApp;
  let cookie: string;
  beforeAll(async () => {
    t = await startTestApp();
    cookie = `xt_token=${await t.login('admin')}`;
  });
  afterAll(async () => {
    await t?.close();
  });

  /** Where a browser would go: the Location resolved the way a browser resolves it (it drops tabs, reads `\` as `/`). */
  const landsOnSite = (location: string) => new URL(location, 'http://127.0.0.1/').origin === 'http://127.0.0.1';
  const q = (v: string) => encodeURIComponent(v);

  // GET screens that go straight back when their record is missing, each with its own route prefix.
  const screens: [string, string][] = [
    ['/isystem/dict/deleteItemByText?back=', '/isystem/dict'],
    ['/isystem/dictItem/toggle?back=', '/isystem/dict'],
    ['/isps/userAnnouncement/view?back=', '/isps/userAnnouncement'],
    ['/isystem/permission/delete?back=', '/isystem/permission'],
    ['/isystem/role/users?back=', '/isystem/role'],
    ['/isystem/role/delete?back=', '/isystem/role'],
    ['/isystem/annountCement/release?back=', '/isystem/annountCement'],
    ['/isystem/departDetailList/members/remove?back=', '/isystem/departDetailList'],
  ];

  it('the login page, logged in, sends every hostile redirect to the default page', async () => {
    for (const p of HOSTILE) {
      const res = await t.request(`/user/login?redirect=${q(p)}`, { headers: { Cookie: cookie } });
      expect(res.status, JSON.stringify(p)).toBe(302);
      expect(res.headers.get('location'), JSON.stringify(p)).toBe(DEFAULT_PATH);
    }
  });

  it('the login form sends every hostile redirect to the default page, and renders none of them back', async () => {
    for (const p of HOSTILE.slice(0, 6)) {
      const res = await t.request('/user/login', {
        method: 'POST',
        headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://127.0.0.1' },
        body: new URLSearchParams({ username: 'admin', password: ADMIN_PASSWORD, redirect: p }),
      });
      expect(res.status, JSON.stringify(p)).toBe(303);
      expect(res.headers.get('location'), JSON.stringify(p)).toBe(DEFAULT_PATH);
    }
    const page = await (await t.request(`/user/login?redirect=${q('/\t/evil.example/x')}`)).text();
    expect(page).not.toContain('evil.example');
    expect(await (await t.request(`/user/login?redirect=${q('/isystem/role?pageNo=2')}`)).text()).toContain('/isystem/role?pageNo=2');
  });

  it('list screens never send `back` off the site, nor a control character in Location', async () => {
    const wrong: string[] = [];
    for (const [screen, route] of screens) {
      for (const p of [...HOSTILE, ...HOSTILE.map((h) => `${route}${h}`)]) {
        const res = await t.request(`${screen}${q(p)}`, { headers: { Cookie: cookie } });
        const location = res.headers.get('location');
        if (res.status >= 500) wrong.push(`${screen}${JSON.stringify(p)}: ${res.status}`);
        else if (location !== null && (!landsOnSite(location) || !isLocalPath(location))) wrong.push(`${screen}${JSON.stringify(p)} → ${JSON.stringify(location)}`);
      }
    }
    expect(wrong).toEqual([]);
  });

  it('still follows a local `back`', async () => {
    const res = await t.request(`/isystem/dict/deleteItemByText?back=${q('/isystem/dict?pageNo=2')}`, { headers: { Cookie: cookie } });
    expect(res.headers.get('location')).toBe('/isystem/dict?pageNo=2');
  });
});
