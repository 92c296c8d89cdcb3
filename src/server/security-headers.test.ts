// The Content-Security-Policy of pages and API answers: this origin only (websocket to the same host,
// images from here, data: or blob:, frames of our own pages), no <base>, framed only by ourselves; and the iframe
// menu item of another site, which that policy cannot frame, offered as a link instead.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from './domain/sessions.js';
import { startTestApp, type TestApp } from '../../test/harness.js';

let t: TestApp;

beforeAll(async () => {
  t = await startTestApp({ demoContent: false });
});
afterAll(async () => {
  await t?.close();
});

/** The policy as directive → sources. */
function policy(res: Response): Record<string, string[]> {
  const header = res.headers.get('content-security-policy');
  expect(header).toBeTruthy();
  return Object.fromEntries(
    header!
      .split(';')
      .map((d) => d.trim().split(/\s+/))
      .filter((d) => d[0])
      .map(([name, ...sources]) => [name, sources]),
  );
}

function expectTightPolicy(p: Record<string, string[]>, host: string) {
  expect(p['default-src']).toEqual(["'self'"]);
  expect(p['script-src']).toEqual(["'self'"]);
  expect(p['connect-src']).toEqual(["'self'", `ws://${host}`, `wss://${host}`]);
  expect(p['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  expect(p['frame-src']).toEqual(["'self'"]);
  expect(p['frame-ancestors']).toEqual(["'self'"]);
  expect(p['base-uri']).toEqual(["'none'"]);
  expect(p['form-action']).toEqual(["'self'"]);
  expect(p['object-src']).toEqual(["'none'"]);
  // No scheme-wide wildcard anywhere: every host a page may reach is named.
  for (const sources of Object.values(p)) {
    for (const s of sources) expect(s).not.toMatch(/^(?:https?|wss?):$|^\*$/);
  }
}

describe('Content-Security-Policy', () => {
  it.each(['/home', '/user/login', '/static/css/site.css'])('is tight on %s', async (path) => {
    const res = await t.request(path);
    expect(res.status).toBe(200);
    expectTightPolicy(policy(res), '127.0.0.1');
  });

  it('is tight on the logged-in shell', async () => {
    const cookie = `xt_token=${(await createSession(t.db, await t.userId('admin'))).token}`;
    const res = await t.request('/dashboard/index', { headers: { Cookie: cookie } });
    expect(res.status).toBe(200);
    expectTightPolicy(policy(res), '127.0.0.1');
  });

  it('is tight on API answers, errors included', async () => {
    for (const path of ['/api/sys/config/getCurrentConfig', '/api/no/such/route']) {
      expectTightPolicy(policy(await t.request(path)), '127.0.0.1');
    }
  });

  it('names the websocket of the host the browser used, port included', async () => {
    const res = await t.app.request('http://school.example:8080/user/login', {}, { incoming: { socket: { remoteAddress: '127.0.0.1' } } } as never);
    expectTightPolicy(policy(res), 'school.example:8080');
  });
});

describe('iframe menu items of another site', () => {
  const now = '2026-01-01 00:00:00';
  let cookie: string;
  beforeAll(async () => {
    cookie = `xt_token=${(await createSession(t.db, await t.userId('admin'))).token}`;
    const role = await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'admin').executeTakeFirstOrThrow();
    for (const [id, name, url] of [
      ['csp-own', '本站文档', "{{ window._CONFIG['domianURL'] }}/sys/common/static/doc.html"],
      ['csp-other', '外部文档', 'https://docs.example.org/guide'],
    ]) {
      await t.db
        .insertInto('sys_permission')
        .values({ id, name, url, parent_id: '', component: 'layouts/IframePageView', internal_or_external: 0, sort_no: 95, menu_type: 0, is_leaf: 1, is_route: 1, hidden: 0, create_by: 'admin', create_time: now })
        .execute();
      await t.db.insertInto('sys_role_permission').values({ id: `rp-${id}`, role_id: role.id, permission_id: id }).execute();
    }
  });

  const pageOf = async (name: string) => {
    // The item's route is derived from its url; find it in the rendered menu.
    const shell = await (await t.request('/dashboard/index', { headers: { Cookie: cookie } })).text();
    const href = new RegExp(`href="([^"]+)"[^>]*>(?:(?!</a>).)*${name}`, 's').exec(shell)?.[1];
    expect(href, name).toBeTruthy();
    return (await t.request(href!, { headers: { Cookie: cookie } })).text();
  };

  it('frames a page of this site, and offers another site in a new window (the policy would blank its frame)', async () => {
    expect(await pageOf('本站文档')).toContain('<iframe class="xt-iframe" src="http://127.0.0.1/api/sys/common/static/doc.html"');
    const other = await pageOf('外部文档');
    expect(other).not.toContain('<iframe');
    expect(other).toContain('<a href="https://docs.example.org/guide" target="_blank" rel="noopener noreferrer">在新窗口中打开</a>');
  });
});
