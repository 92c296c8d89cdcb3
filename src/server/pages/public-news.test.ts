// The news pages as browsers without JavaScript use them: /newsList (published only, 10 a page, 共N篇, plain
// links), /news-detail (title, 本文发布于, sanitised content; 404 for drafts and unknown ids), caching that never
// shares a logged-in view, and 资讯管理 (/news/list) saving a published item and deleting after confirmation.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';

const PUBLISHED = '学堂教学平台正式上线';
const DRAFT = '编程创作比赛通知（草稿）';

describe.each(dialects)('news pages on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let student: string;
  let publishedId: string;
  let draftId: string;
  const get = (p: string, headers: Record<string, string> = {}) => t.request(p, { headers });
  const post = (p: string, form: Record<string, string>, cookie = admin) =>
    t.request(p, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1', 'Content-Type': 'application/x-www-form-urlencoded' }, body: new URLSearchParams(form).toString() });

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = `xt_token=${(await createSession(t.db, await t.userId('admin'))).token}`;
    student = `xt_token=${(await createSession(t.db, await t.userId('student1'))).token}`;
    const rows = await t.db.selectFrom('teaching_news').select(['id', 'news_status']).execute();
    publishedId = rows.find((r) => r.news_status === 1)!.id;
    draftId = rows.find((r) => r.news_status === 0)!.id;
  });
  afterAll(async () => {
    await t?.close();
  });

  it('/newsList shows published news to anonymous visitors, never drafts, with the front menu entry', async () => {
    const res = await get('/newsList');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<h1 class="xt-section-title">资讯</h1>');
    expect(html).toContain(`href="/news-detail?id=${publishedId}"`);
    expect(html).toContain(PUBLISHED);
    expect(html).not.toContain(DRAFT);
    expect(html).not.toContain(draftId);
    expect(html).toContain('共1篇');
    expect(html).toMatch(/<a class="xt-nav-link xt-current" href="\/newsList" aria-current="page">(?:<span[^>]*>.*?<\/span>)?资讯<\/a>/);
    expect(html).not.toContain('<script');
  });

  it('/news-detail shows a published item; a draft or unknown id answers 404 without its text', async () => {
    const res = await get(`/news-detail?id=${publishedId}`);
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain(`<h1 class="xt-news-article-title">${PUBLISHED}</h1>`);
    expect(html).toMatch(/本文发布于：<time datetime="\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\+08:00">/);
    expect(html).toContain('<strong>祝大家创作愉快！</strong>');
    for (const id of [draftId, 'nope', '']) {
      const miss = await get(`/news-detail?id=${id}`);
      expect(miss.status).toBe(404);
      const text = await miss.text();
      expect(text).toContain('资讯不存在或未发布');
      expect(text).not.toContain('比赛');
    }
    // Not even a logged-in student sees a draft.
    const asStudent = await get(`/news-detail?id=${draftId}`, { Cookie: student });
    expect(asStudent.status).toBe(404);
  });

  it('anonymous pages are cacheable with an ETag; a logged-in view is private and never revalidated as shared', async () => {
    const first = await get('/newsList');
    expect(first.headers.get('cache-control')).toBe('public, max-age=30');
    expect(first.headers.get('vary')).toContain('Cookie');
    const tag = first.headers.get('etag');
    expect(tag).toMatch(/^W\/".+"$/);
    const again = await get('/newsList', { 'If-None-Match': tag! });
    expect(again.status).toBe(304);
    expect(await again.text()).toBe('');

    const mine = await get('/newsList', { Cookie: student, 'If-None-Match': tag! });
    expect(mine.status).toBe(200);
    expect(mine.headers.get('cache-control')).toBe('private, no-store');
    expect(mine.headers.get('etag')).toBeNull();
    const detail = await get(`/news-detail?id=${publishedId}`, { Cookie: student });
    expect(detail.headers.get('cache-control')).toBe('private, no-store');
  });

  it('pages the list 10 at a time with plain links', async () => {
    const rows = Array.from({ length: 11 }, (_, i) => ({
      id: `page-news-${i}`,
      news_title: `分页资讯${String(i).padStart(2, '0')}`,
      news_content: '<p>x</p>',
      news_status: 1,
      create_by: 'admin',
      create_time: `2030-01-01 00:00:${String(i).padStart(2, '0')}`,
    }));
    await t.db.insertInto('teaching_news').values(rows).execute();
    try {
      const one = await (await get('/newsList')).text();
      expect(one).toContain('共12篇');
      expect(one.match(/class="xt-news-item"/g)).toHaveLength(10);
      expect(one).toContain('分页资讯10');
      expect(one).not.toContain(PUBLISHED);
      expect(one).toContain('href="/newsList?pageNo=2" rel="next"');
      const two = await (await get('/newsList?pageNo=2')).text();
      expect(two.match(/class="xt-news-item"/g)).toHaveLength(2);
      expect(two).toContain(PUBLISHED);
      expect(two).toContain('href="/newsList" rel="prev"');
      // Nonsense page numbers show the first page.
      expect(await (await get('/newsList?pageNo=-3')).text()).toContain('分页资讯10');
    } finally {
      await t.db.deleteFrom('teaching_news').where('id', 'like', 'page-news-%').execute();
    }
  });

  it('资讯管理 lists every status, saves a published item (sanitised) and deletes after confirmation', async () => {
    const list = await (await get('/news/list', { Cookie: admin })).text();
    for (const s of ['资讯管理', '标题', '状态', '创建人', '创建日期', '更新人', '更新日期', PUBLISHED, DRAFT, '草稿', '已发布']) expect(list).toContain(s);

    const form = await (await get('/news/list/form', { Cookie: admin })).text();
    expect(form).toMatch(/<input class="ant-radio-input" type="radio" name="newsStatus" value="0" checked/);
    expect(form).toContain('name="newsContent"');

    const saved = await post('/news/list/save', { newsStatus: '1', newsTitle: '页面发布的资讯', newsContent: '<p>页面正文</p><img src="x" onerror="alert(1)">', back: '/news/list' });
    expect(saved.status).toBe(303);
    const row = await t.db.selectFrom('teaching_news').selectAll().where('news_title', '=', '页面发布的资讯').executeTakeFirstOrThrow();
    expect(row.news_status).toBe(1);
    expect(row.news_content).toContain('<p>页面正文</p>');
    expect(row.news_content).not.toContain('onerror');
    expect(await (await get('/newsList')).text()).toContain('页面发布的资讯');

    // Without JavaScript the delete link asks first; only the confirmed post deletes.
    const ask = await (await get(`/news/list/delete?id=${row.id}&back=/news/list`, { Cookie: admin })).text();
    expect(ask).toContain('确定删除吗?');
    expect(await t.db.selectFrom('teaching_news').select('id').where('id', '=', row.id).executeTakeFirst()).toBeTruthy();
    const unconfirmed = await post('/news/list/delete', { ids: row.id, back: '/news/list' });
    expect(unconfirmed.status).toBe(200);
    expect(await t.db.selectFrom('teaching_news').select('id').where('id', '=', row.id).executeTakeFirst()).toBeTruthy();
    const confirmed = await post('/news/list/delete', { ids: row.id, back: '/news/list', confirmed: '1' });
    expect(confirmed.status).toBe(303);
    expect(await t.db.selectFrom('teaching_news').select('id').where('id', '=', row.id).executeTakeFirst()).toBeUndefined();
  });

  it('students and teachers cannot open 资讯管理', async () => {
    const teacher = `xt_token=${(await createSession(t.db, await t.userId('teacher'))).token}`;
    for (const cookie of [student, teacher]) {
      const res = await get('/news/list', { Cookie: cookie });
      expect(res.status).toBe(403);
      expect(await res.text()).not.toContain(DRAFT);
    }
  });
});
