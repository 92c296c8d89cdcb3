// The seeded menu never offers a screen that answers 404 (or fails): for the seeded admin, teacher and
// student, every entry of their menu (getUserPermissionByToken) that opens a page is requested with their
// session, following redirects, and must answer 200 with the page, every island's props parsing as JSON.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { badIslandProps } from '../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';
import type { MenuItem } from '../upstream/client.js';

/** The entries that open a page of this server: routed items except route containers, at internal paths. */
function pageEntries(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => {
    if (item.route === '0') return [];
    const self = item.component === 'layouts/RouteView' ? [] : [item];
    return [...self, ...pageEntries(item.children ?? [])];
  });
}

/** Where an entry leads: its url when it opens in a new window (editors), else its route. */
const hrefOf = (item: MenuItem) => (item.meta.internalOrExternal ? (item.meta.url ?? item.path) : item.path);

describe.each(dialects)('menu walk on %s', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ dialect });
  });
  afterAll(async () => {
    await t?.close();
  });

  /** GET with the session cookie, following same-site redirects; returns the last answer and the path it came from. */
  async function open(path: string, cookie: string): Promise<{ status: number; path: string; html: string }> {
    let current = path;
    for (let hops = 0; hops < 5; hops++) {
      const res = await t.request(current, { headers: { Cookie: cookie } });
      const location = res.headers.get('location');
      if (res.status >= 300 && res.status < 400 && location?.startsWith('/')) {
        current = location;
        continue;
      }
      return { status: res.status, path: current, html: await res.text() };
    }
    throw new Error(`too many redirects from ${path}`);
  }

  it.each(['admin', 'teacher', 'student1'])('every page in the menu of %s opens', async (username) => {
    const token = await t.login(username);
    const res = await t.api<{ menu: MenuItem[] }>('GET', '/sys/permission/getUserPermissionByToken', { token });
    expect(res.body.success).toBe(true);
    const entries = pageEntries(res.body.result.menu).filter((i) => hrefOf(i).startsWith('/'));
    expect(entries.length).toBeGreaterThan(0);
    const failures: string[] = [];
    for (const item of entries) {
      const href = hrefOf(item);
      const answer = await open(href, `xt_token=${token}`);
      if (answer.status !== 200 || answer.path === '/404' || answer.path.startsWith('/user/login')) {
        failures.push(`${item.meta.title} ${href} → ${answer.status} at ${answer.path}`);
      }
      for (const bad of badIslandProps(answer.html)) failures.push(`${item.meta.title} ${href}: island ${bad}`);
    }
    expect(failures).toEqual([]);
    // A page per menu entry, and the admin's menu grows with every screen: more time than one page needs.
  }, 120_000);

  it('sends students, in the welcome notice, only to pages that exist', async () => {
    const token = await t.login('student1');
    const cookie = `xt_token=${token}`;
    const notice = await t.db.selectFrom('sys_announcement').select('msg_content').where('titile', '=', '欢迎使用学堂').executeTakeFirstOrThrow();
    const html = notice.msg_content ?? '';
    const menu = (await t.api<{ menu: MenuItem[] }>('GET', '/sys/permission/getUserPermissionByToken', { token })).body.result.menu;
    const all = (items: MenuItem[]): MenuItem[] => items.flatMap((i) => [i, ...all(i.children ?? [])]);
    // Every “名称” it quotes is an entry of the student's menu whose pages open; every link opens.
    const targets: string[] = [];
    for (const [, quoted] of html.replace(/<[^>]+>/g, '').matchAll(/“([^”]+)”/g)) {
      const entry = all(menu).find((i) => i.meta.title === quoted);
      expect(entry, quoted).toBeTruthy();
      const pages = pageEntries([entry!]).map(hrefOf);
      expect(pages.length, quoted).toBeGreaterThan(0);
      targets.push(...pages);
    }
    targets.push(...[...html.matchAll(/href="([^"]+)"/g)].map((m) => m[1]));
    expect(targets.length).toBeGreaterThan(0);
    for (const href of targets) {
      const answer = await open(href, cookie);
      expect(answer.status, href).toBe(200);
      expect(answer.path, href).not.toBe('/404');
    }
  });
});
