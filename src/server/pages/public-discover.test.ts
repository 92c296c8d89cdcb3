// 发现 (/workList) and the author page (/friend-detail) as browsers without JavaScript use them: each tab's order,
// plain-link paging, the ?userId= filter, only public works (never a draft or a private one, even when it would
// top every order), the public shape of the author (never the account name), and 404 for an unknown or deleted
// author.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../domain/sessions.js';
import { newId } from '../domain/ids.js';
import { formatDateTime } from '../domain/time.js';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';

/** How many extra public works student2 gets, so that 发现 has more than one page (24 a page). */
const EXTRA = 26;

interface Card {
  id: string;
  views: number;
  stars: number;
  author: string | null;
}

/** The work cards of a page, in order. */
function cards(html: string): Card[] {
  return html
    .split('<li class="xt-card">')
    .slice(1)
    .map((rest) => rest.split('</li>')[0])
    .map((li) => ({
      id: decodeURIComponent(/href="\/work-detail\?id=([^"]+)"/.exec(li)![1]),
      views: Number(/浏览 (\d+) 次/.exec(li)![1]),
      stars: Number(/点赞 (\d+) 次/.exec(li)![1]),
      author: /href="\/friend-detail\?id=([^"]+)"/.exec(li)?.[1] ?? null,
    }));
}

describe.each(dialects)('发现 and the author page on %s', (dialect) => {
  let t: TestApp;
  let student: string;
  const privateIds: string[] = [];
  const ids: Record<string, string> = {};
  const get = (p: string, headers: Record<string, string> = {}) => t.request(p, { headers });
  const html = async (p: string, status = 200) => {
    const res = await get(p);
    expect(res.status).toBe(status);
    return res.text();
  };
  /** The public works in the database, in an order of the leaderboard. */
  const publicIds = async (order: 'view_num' | 'star_num' | 'create_time', opts: { status?: number; userId?: string } = {}) => {
    let q = t.db
      .selectFrom('teaching_work')
      .select('id')
      .where('work_status', '>=', 3)
      .where('del_flag', '=', 0)
      .orderBy(order, 'desc');
    if (order !== 'create_time') q = q.orderBy('create_time', 'desc');
    q = q.orderBy('id', 'asc');
    if (opts.status !== undefined) q = q.where('work_status', '=', opts.status);
    if (opts.userId) q = q.where('user_id', '=', opts.userId);
    return (await q.execute()).map((r) => r.id);
  };

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    for (const u of ['student1', 'student2', 'student3']) ids[u] = await t.userId(u);
    student = `xt_token=${(await createSession(t.db, ids.student1)).token}`;
    const template = await t.db.selectFrom('teaching_work').selectAll().where('work_status', '=', 3).orderBy('id').executeTakeFirstOrThrow();
    const base = Date.parse('2025-01-01T00:00:00Z');
    for (let i = 0; i < EXTRA; i++) {
      await t.db
        .insertInto('teaching_work')
        .values({ ...template, id: newId(), user_id: ids.student2, work_name: `练习作品${i + 1}`, work_status: 3, view_num: i % 7, star_num: i % 5, create_time: formatDateTime(new Date(base + i * 60_000)) })
        .execute();
    }
    // Private works of student3 that would top every order if they were listed.
    for (const status of [0, 1, 2]) {
      const id = newId();
      privateIds.push(id);
      await t.db
        .insertInto('teaching_work')
        .values({ ...template, id, user_id: ids.student3, work_name: `私密作品${status}`, work_status: status, view_num: 100_000, star_num: 100_000, create_time: formatDateTime(new Date(Date.now() + 3600_000)) })
        .execute();
    }
    for (const w of await t.db.selectFrom('teaching_work').select('id').where('work_status', '<', 3).execute()) if (!privateIds.includes(w.id)) privateIds.push(w.id);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('/workList is 最新 by default: newest first, 24 a page, highlighted as 发现 in the menu, no script', async () => {
    const page = await html('/workList');
    expect(page).toContain('<h1 class="xt-section-title">最新作品</h1>');
    expect(page).toMatch(/<a class="xt-nav-link xt-current" href="\/workList\?type=1" aria-current="page">(?:<span[^>]*><svg[^]*?<\/svg><\/span>)?发现<\/a>/);
    expect(page).toContain('<span class="xt-tab xt-tab-current" aria-current="page">最新</span>');
    expect(page).not.toContain('<script');
    const all = await publicIds('create_time');
    expect(cards(page).map((c) => c.id)).toEqual(all.slice(0, 24));
    expect(page).toContain(`第 1–24 个，共 ${all.length} 个作品`);
    expect(page).toContain('href="/workList?type=1&amp;pageNo=2"');
  });

  it('each tab lists the public works in its order', async () => {
    const hot = cards(await html('/workList?type=0'));
    expect(hot.map((c) => c.id)).toEqual((await publicIds('view_num')).slice(0, 24));
    expect(hot[0].views).toBe(356);
    const liked = cards(await html('/workList?type=2'));
    expect(liked.map((c) => c.id)).toEqual((await publicIds('star_num')).slice(0, 24));
    expect(liked.map((c) => c.stars)).toEqual([...liked.map((c) => c.stars)].sort((a, b) => b - a));
    const featured = await html('/workList?type=3');
    expect(featured).toContain('<h1 class="xt-section-title">精选作品</h1>');
    expect(new Set(cards(featured).map((c) => c.id))).toEqual(new Set(await publicIds('create_time', { status: 4 })));
    // Tabs are links that keep nothing but the tab.
    expect(featured).toContain('<a class="xt-tab" href="/workList?type=0">最火</a>');
  });

  it('pages by plain links; the last page holds the rest; an unknown type or page number falls back', async () => {
    const all = await publicIds('create_time');
    const second = await html('/workList?type=1&pageNo=2');
    expect(cards(second).map((c) => c.id)).toEqual(all.slice(24, 48));
    expect(second).toContain(`第 25–${all.length} 个，共 ${all.length} 个作品`);
    expect(second).toContain('<span class="xt-pager-item xt-pager-current" aria-current="page">2</span>');
    expect(second).toContain('href="/workList?type=1" rel="prev"');
    expect(cards(await html('/workList?type=9&pageNo=abc')).map((c) => c.id)).toEqual(all.slice(0, 24));
    const beyond = await html('/workList?pageNo=50');
    expect(cards(beyond)).toEqual([]);
    expect(beyond).toContain('这一页没有作品了。');
  });

  it('never lists a draft or a private work, in any tab or page, even to a logged-in student', async () => {
    for (const p of ['/workList?type=0', '/workList?type=1', '/workList?type=2', '/workList?type=3', '/workList?type=1&pageNo=2', `/workList?userId=${ids.student3}`, `/friend-detail?id=${ids.student3}`]) {
      for (const headers of [{}, { Cookie: student }] as Record<string, string>[]) {
        const text = await (await get(p, headers)).text();
        for (const id of privateIds) expect(text).not.toContain(id);
        expect(text).not.toContain('私密作品');
      }
    }
  });

  it('?userId= lists one author’s works in the tab’s order and names them by real name', async () => {
    const page = await html(`/workList?type=0&userId=${ids.student1}`);
    expect(cards(page).map((c) => c.id)).toEqual(await publicIds('view_num', { userId: ids.student1 }));
    expect(cards(page).every((c) => c.author === ids.student1)).toBe(true);
    expect(page).toContain(`<a href="/friend-detail?id=${ids.student1}">`);
    expect(page).toContain('<a href="/workList?type=0">查看全部作者</a>');
    // The tabs keep the filter.
    expect(page).toContain(`href="/workList?type=2&amp;userId=${ids.student1}"`);
    expect(page).not.toContain('student1<');
    // An unknown author: nobody's works.
    expect(cards(await html('/workList?userId=nobody'))).toEqual([]);
  });

  it('work cards link to the work and to its author’s page', async () => {
    const [first] = cards(await html('/workList?type=0'));
    const owner = await t.db.selectFrom('teaching_work').select('user_id').where('id', '=', first.id).executeTakeFirstOrThrow();
    expect(first.author).toBe(owner.user_id);
  });

  it('/friend-detail shows the author’s name, public work count and their works newest first, 12 a page', async () => {
    const mine = await publicIds('create_time', { userId: ids.student2 });
    expect(mine.length).toBeGreaterThan(24);
    const page = await html(`/friend-detail?id=${ids.student2}`);
    expect(page).toContain('<h1 id="author-name" class="xt-profile-name">');
    expect(page).toContain(`公开作品 ${mine.length} 个`);
    expect(cards(page).map((c) => c.id)).toEqual(mine.slice(0, 12));
    // Every card is theirs: no author line.
    expect(cards(page).every((c) => c.author === null)).toBe(true);
    expect(page).not.toContain('student2');
    expect(page).not.toContain('<script');
    const third = await html(`/friend-detail?id=${ids.student2}&pageNo=3`);
    expect(cards(third).map((c) => c.id)).toEqual(mine.slice(24, 36));
    expect(third).toContain(`第 25–${mine.length} 个，共 ${mine.length} 个作品`);
    expect(third).toContain(`href="/friend-detail?id=${ids.student2}&amp;pageNo=2" rel="prev"`);
  });

  it('names an author without a real name 匿名, never by the account name', async () => {
    const before = await t.db.selectFrom('sys_user').select('realname').where('id', '=', ids.student3).executeTakeFirstOrThrow();
    await t.db.updateTable('sys_user').set({ realname: '' }).where('id', '=', ids.student3).execute();
    try {
      const page = await html(`/friend-detail?id=${ids.student3}`);
      expect(page).toMatch(/<h1 id="author-name" class="xt-profile-name">\s*匿名\s*<\/h1>/);
      expect(page).not.toContain('student3');
    } finally {
      await t.db.updateTable('sys_user').set({ realname: before.realname }).where('id', '=', ids.student3).execute();
    }
  });

  it('answers 404 for an unknown, missing or deleted author, without their works', async () => {
    for (const p of ['/friend-detail?id=nobody', '/friend-detail', '/friend-detail?id=']) {
      const text = await html(p, 404);
      expect(text).toContain('作者不存在');
      expect(text).toContain('href="/workList?type=1"');
    }
    const theirs = await publicIds('create_time', { userId: ids.student3 });
    await t.db.updateTable('sys_user').set({ del_flag: 1 }).where('id', '=', ids.student3).execute();
    try {
      const text = await html(`/friend-detail?id=${ids.student3}`, 404);
      for (const id of theirs) expect(text).not.toContain(id);
    } finally {
      await t.db.updateTable('sys_user').set({ del_flag: 0 }).where('id', '=', ids.student3).execute();
    }
  });

  it('anonymous pages may be cached briefly; a logged-in view is private', async () => {
    expect((await get('/workList')).headers.get('cache-control')).toBe('public, max-age=30');
    expect((await get(`/friend-detail?id=${ids.student1}`)).headers.get('cache-control')).toBe('public, max-age=30');
    expect((await get('/workList', { Cookie: student })).headers.get('cache-control')).toBe('private, no-store');
  });
});
