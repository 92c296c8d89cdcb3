// The shared cache of anonymous public pages (page-cache.ts), through the real app: what a visitor with a session
// sees is never stored nor served to anyone else; an anonymous page is shared within its TTL (same ETag, 304 on
// revalidation, the page's own query parameters only) and dropped at once by the API writes that change it
// (a work published, unpublished or deleted, the site config saved); a work page served from the cache still
// counts its visitor's view. The clock is the test's: no waiting out the TTL.
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { flushWorkViews } from '../domain/works.js';
import { PageCache } from './page-cache.js';
import { createSession } from '../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';

const TTL = 5000;

describe.each(dialects)('the public page cache on %s', (dialect) => {
  let t: TestApp;
  let now = 1_000_000;
  let admin: string;
  let studentCookie: string;
  let studentName: string;
  const get = (p: string, headers: Record<string, string> = {}) => t.request(p, { headers });
  const views = async (id: string) => (await t.db.selectFrom('teaching_work').select('view_num').where('id', '=', id).executeTakeFirstOrThrow()).view_num;
  /** A public work of student1, by name. */
  const publicWork = async () =>
    t.db
      .selectFrom('teaching_work')
      .select(['id', 'work_name'])
      .where('work_status', '>=', 3)
      .where('del_flag', '=', 0)
      .where('user_id', '=', await t.userId('student1'))
      .orderBy('id')
      .executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp({ dialect, config: { pageCacheTtlMs: TTL }, pageCacheClock: () => now });
    admin = await t.login('admin');
    const student = await t.db.selectFrom('sys_user').select(['id', 'realname']).where('username', '=', 'student1').executeTakeFirstOrThrow();
    studentName = student.realname!;
    studentCookie = `xt_token=${(await createSession(t.db, student.id)).token}`;
  });
  afterAll(() => t.close());
  // Every test starts with nothing cached (a whole TTL later).
  beforeEach(() => {
    now += TTL + 1;
  });

  it('never stores or serves a logged-in view: the name in the header reaches only its user', async () => {
    const mine = await get('/home', { Cookie: studentCookie });
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('vary')).toContain('Cookie');
    expect(mine.headers.get('etag')).toBeNull();
    expect(await mine.text()).toContain(`欢迎您，${studentName}`);
    // The anonymous page after it is the anonymous one, cached from here on …
    const anon = await get('/home');
    expect(anon.headers.get('cache-control')).toBe('public, max-age=30');
    const anonHtml = await anon.text();
    expect(anonHtml).not.toContain(`欢迎您，${studentName}`);
    expect(anonHtml).toMatch(/<aside class="xt-welcome"[^]*?>登录<\/a><\/aside>/);
    // … and the logged-in visitor still gets their own page, never the cached one.
    const again = await get('/home', { Cookie: studentCookie });
    expect(again.headers.get('etag')).toBeNull();
    expect(await again.text()).toContain(`欢迎您，${studentName}`);
    expect(await (await get('/home')).text()).toBe(anonHtml);
  });

  it('shares an anonymous page within its TTL (same ETag, 304 on revalidation), then renders it anew', async () => {
    const work = await publicWork();
    const url = `/work-detail?id=${work.id}`;
    const first = await get(url);
    expect(first.status).toBe(200);
    const tag = first.headers.get('etag')!;
    expect(tag).toMatch(/^W\/"/);
    expect(first.headers.get('cache-control')).toBe('public, no-cache');
    expect(await first.text()).toContain(work.work_name);
    // A change written straight into the database (no API write, so no invalidation) is not seen within the TTL:
    // the page comes from the cache, with the same ETag; parameters the page does not read share the entry.
    await t.db.updateTable('teaching_work').set({ work_name: '改过的名字' }).where('id', '=', work.id).execute();
    try {
      now += TTL - 10;
      const hit = await get(`${url}&from=singlemessage`);
      expect(hit.headers.get('etag')).toBe(tag);
      expect(await hit.text()).toContain(work.work_name);
      const revalidated = await get(url, { 'If-None-Match': tag });
      expect(revalidated.status).toBe(304);
      expect(revalidated.headers.get('etag')).toBe(tag);
      expect(await revalidated.text()).toBe('');
      // A gzip-accepting browser gets the stored encoding of the same page.
      const zipped = await get(url, { 'Accept-Encoding': 'gzip' });
      expect(zipped.headers.get('content-encoding')).toBe('gzip');
      expect(zipped.headers.get('etag')).toBe(tag);
      // Past the TTL the page is rendered again and shows the change.
      now += 20;
      const fresh = await get(url);
      expect(fresh.headers.get('etag')).not.toBe(tag);
      expect(await fresh.text()).toContain('改过的名字');
    } finally {
      await t.db.updateTable('teaching_work').set({ work_name: work.work_name }).where('id', '=', work.id).execute();
    }
  });

  it('drops a page at once when a work on it is unpublished, published again or deleted through the API', async () => {
    const work = await publicWork();
    const status = (await t.db.selectFrom('teaching_work').select('work_status').where('id', '=', work.id).executeTakeFirstOrThrow()).work_status;
    const listed = async () => (await (await get('/workList?type=1')).text()).includes(`/work-detail?id=${work.id}`);
    expect(await listed()).toBe(true);
    expect((await get(`/work-detail?id=${work.id}`)).status).toBe(200);

    // 取消展示: back to graded (2), not public.
    expect((await t.api('PUT', '/teaching/teachingWork/edit', { token: admin, body: { id: work.id, workStatus: 2 } })).body.success).toBe(true);
    expect(await listed()).toBe(false);
    expect((await get(`/work-detail?id=${work.id}`)).status).toBe(404);

    expect((await t.api('PUT', '/teaching/teachingWork/edit', { token: admin, body: { id: work.id, workStatus: status } })).body.success).toBe(true);
    expect(await listed()).toBe(true);
    expect((await get(`/work-detail?id=${work.id}`)).status).toBe(200);

    // A failed write changes nothing and drops nothing: the page stays the cached one.
    const tag = (await get('/workList?type=1')).headers.get('etag');
    expect((await t.api('PUT', '/teaching/teachingWork/edit', { token: admin, body: { id: work.id, workStatus: 9 } })).body.success).toBe(false);
    expect((await get('/workList?type=1')).headers.get('etag')).toBe(tag);

    const deleted = await t.api('DELETE', `/teaching/teachingWork/delete?id=${work.id}`, { token: admin });
    expect(deleted.body.success).toBe(true);
    try {
      expect(await listed()).toBe(false);
      expect((await get(`/work-detail?id=${work.id}`)).status).toBe(404);
    } finally {
      await t.db.updateTable('teaching_work').set({ del_flag: 0, work_status: status }).where('id', '=', work.id).execute();
    }
  });

  it('drops every page at once when the site config is saved', async () => {
    const before = await (await get('/home')).text();
    expect(before).toContain('<title>学堂</title>');
    const saved = await t.api('POST', '/sys/config/saveTenantConfig', { token: admin, body: { brandName: '新名字学堂' } });
    expect(saved.body.success).toBe(true);
    try {
      for (const p of ['/home', '/index', '/workList', '/newsList']) expect(await (await get(p)).text(), p).toContain('新名字学堂');
    } finally {
      await t.api('POST', '/sys/config/saveTenantConfig', { token: admin, body: { brandName: '学堂' } });
    }
    expect(await (await get('/home')).text()).toContain('<title>学堂</title>');
  });

  it('counts each visitor of a cached work page once a day, revalidations included', async () => {
    const work = await publicWork();
    const url = `/work-detail?id=${work.id}`;
    /** A visit from a given client address (the socket peer). */
    const from = (ip: string, headers: Record<string, string> = {}) =>
      Promise.resolve(t.app.request(`http://127.0.0.1${url}`, { headers }, { incoming: { socket: { remoteAddress: ip } } } as never));
    const start = await views(work.id);
    const first = await from('10.0.0.1'); // rendered: studentWorkInfo counts it
    expect(await views(work.id)).toBe(start + 1);
    const tag = first.headers.get('etag')!;
    await from('10.0.0.2'); // from the cache
    await from('10.0.0.3', { 'Accept-Encoding': 'gzip' }); // from the cache
    expect((await from('10.0.0.4', { 'If-None-Match': tag })).status).toBe(304); // revalidated
    await from('10.0.0.2'); // a repeat within the window
    await flushWorkViews(t.db); // (the server writes queued views within a second)
    expect(await views(work.id)).toBe(start + 4);
    await from('10.0.0.1'); // a repeat on another flush: counted already today
    await flushWorkViews(t.db);
    expect(await views(work.id)).toBe(start + 4);
    // A logged-in visit renders its own page and counts; a missing work counts nothing anywhere.
    await get(url, { Cookie: studentCookie });
    await get('/work-detail?id=nope');
    await get('/work-detail?id=nope');
    await flushWorkViews(t.db);
    expect(await views(work.id)).toBe(start + 5);
  });
});

describe('PageCache', () => {
  const html = (body: string, status = 200) => new Response(body, { status, headers: { 'Content-Type': 'text/html; charset=UTF-8', 'Cache-Control': 'public, max-age=30' } });
  const page = (r: Awaited<ReturnType<PageCache['lookup']>>) => ('page' in r ? r.page.body.toString() : null);

  it('renders once for concurrent misses of one key; the others get that render', async () => {
    const cache = new PageCache({ ttlMs: 1000, now: () => 0 });
    let renders = 0;
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const render = async () => {
      renders++;
      await gate;
      return html(`第${renders}次`);
    };
    const all = Promise.all([1, 2, 3].map(() => cache.lookup('/home', '/home', render)));
    release();
    const answers = await all;
    expect(renders).toBe(1);
    expect(answers.map(page)).toEqual(['第1次', '第1次', '第1次']);
    expect(answers.map((a) => 'page' in a && a.rendered)).toEqual([true, false, false]);
  });

  it('keeps no render that a change overtook, and drops only the pages that show what changed', async () => {
    const cache = new PageCache({ ttlMs: 1000, now: () => 0 });
    let release!: () => void;
    const gate = new Promise<void>((r) => (release = r));
    const slow = cache.lookup('/home', '/home', async () => {
      await gate;
      return html('旧的');
    });
    cache.invalidate('work');
    release();
    expect(page(await slow)).toBe('旧的'); // its own visitor gets it …
    expect(page(await cache.lookup('/home', '/home', async () => html('新的')))).toBe('新的'); // … nobody after
    await cache.lookup('/newsList', '/newsList', async () => html('资讯'));
    cache.invalidate('work');
    expect(page(await cache.lookup('/newsList', '/newsList', async () => html('不该渲染')))).toBe('资讯');
    expect(page(await cache.lookup('/home', '/home', async () => html('再新的')))).toBe('再新的');
    cache.invalidate('news');
    expect(page(await cache.lookup('/newsList', '/newsList', async () => html('新资讯')))).toBe('新资讯');
  });

  it('holds at most maxEntries pages, dropping the least recently used; never shares an error or a private page', async () => {
    const cache = new PageCache({ ttlMs: 1000, maxEntries: 2, now: () => 0 });
    for (const k of ['a', 'b']) await cache.lookup(`/workList?type=${k}`, '/workList', async () => html(k));
    await cache.lookup('/workList?type=a', '/workList', async () => html('不该渲染')); // a is used again
    await cache.lookup('/workList?type=c', '/workList', async () => html('c'));
    expect(cache.size).toBe(2);
    expect(page(await cache.lookup('/workList?type=a', '/workList', async () => html('a2')))).toBe('a');
    expect(page(await cache.lookup('/workList?type=b', '/workList', async () => html('b2')))).toBe('b2');

    const failed = await cache.lookup('/home', '/home', async () => html('出错了', 500));
    expect('response' in failed && failed.response.status).toBe(500);
    const mine = await cache.lookup('/home', '/home', async () => new Response('我的', { headers: { 'Content-Type': 'text/html', 'Cache-Control': 'private, no-store' } }));
    expect('response' in mine).toBe(true);
    expect(page(await cache.lookup('/home', '/home', async () => html('公开的')))).toBe('公开的');
  });
});
