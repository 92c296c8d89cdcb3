// /work-detail's like button, comments, share link and share text, through plain forms (no JavaScript) and
// through htmx (the changed part only).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../domain/ids.js';
import { formatDateTime } from '../domain/time.js';
import { invalidateSiteConfig } from './context.js';
import { startTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
const cookies: Record<string, string> = {};

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['student1', 'student2', 'student3', 'teacher']) cookies[u] = `xt_token=${await t.login(u)}`;
});
afterAll(async () => {
  await t?.close();
});

async function addWork(status = 3): Promise<string> {
  const template = await t.db.selectFrom('teaching_work').selectAll().where('work_status', '=', 4).orderBy('id').executeTakeFirstOrThrow();
  const id = newId();
  await t.db.insertInto('teaching_work').values({ ...template, id, user_id: await t.userId('student1'), create_by: 'student1', work_name: `页面作品${id.slice(0, 5)}`, work_status: status, view_num: 0, star_num: 0, create_time: formatDateTime() }).execute();
  return id;
}

const setConfig = async (key: string, value: string) => {
  await t.db.updateTable('sys_config').set({ config_value: value }).where('config_key', '=', key).execute();
  invalidateSiteConfig();
};

/** A page request from this site (the same-origin rule of page forms), optionally by htmx. */
function post(path: string, form: Record<string, string>, o: { cookie?: string; htmx?: boolean; ip?: string } = {}) {
  return Promise.resolve(
    t.app.request(
      `http://127.0.0.1${path}`,
      {
        method: 'POST',
        headers: {
          'Content-Type': 'application/x-www-form-urlencoded',
          'Sec-Fetch-Site': 'same-origin',
          ...(o.cookie ? { Cookie: o.cookie } : {}),
          ...(o.htmx ? { 'HX-Request': 'true' } : {}),
        },
        body: new URLSearchParams(form),
      },
      { incoming: { socket: { remoteAddress: o.ip ?? '127.0.0.1' } } } as never,
    ),
  );
}
const get = async (path: string, cookie?: string) => (await t.request(path, { headers: cookie ? { Cookie: cookie } : {} })).text();
const stars = async (id: string) => (await t.db.selectFrom('teaching_work').select('star_num').where('id', '=', id).executeTakeFirstOrThrow()).star_num;

describe('like on /work-detail', () => {
  it('works as a plain form: a redirect back with 点赞成功, then 已经点赞过了; the count moves once', async () => {
    const id = await addWork();
    const first = await post('/work-detail/like', { id }, { ip: '10.9.0.1' });
    expect(first.status).toBe(303);
    expect(first.headers.get('Location')).toBe(`/work-detail?id=${id}&msg=starred#xt-like`);
    const flashed = await t.request(`/work-detail?id=${id}&msg=starred`);
    expect(flashed.headers.get('Cache-Control')).toBe('private, no-store');
    const page = await flashed.text();
    expect(page).toContain('点赞成功');
    expect(page).toMatch(/data-stat="star">1</);
    const again = await post('/work-detail/like', { id }, { ip: '10.9.0.1' });
    expect(again.headers.get('Location')).toBe(`/work-detail?id=${id}&msg=star-again#xt-like`);
    expect(await get(`/work-detail?id=${id}&msg=star-again`)).toContain('已经点赞过了');
    expect(await stars(id)).toBe(1);
    // Only known codes are shown: any other msg shows nothing.
    expect(await get(`/work-detail?id=${id}&msg=%3Cb%3Ehi`)).not.toContain('<b>hi');
  });

  it('answers htmx with the like box alone; a logged-in visitor likes as themselves', async () => {
    const id = await addWork();
    const res = await post('/work-detail/like', { id }, { htmx: true, cookie: cookies.student2 });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toMatch(/^<div class="xt-like" id="xt-like">/);
    expect(html).toContain('点赞成功');
    expect(html).toMatch(/data-stat="star">1</);
    expect(await (await post('/work-detail/like', { id }, { htmx: true, cookie: cookies.student2, ip: '10.9.9.9' })).text()).toContain('已经点赞过了');
  });

  it('counts one browser once: liked anonymously, then again after logging in, is 已经点赞过了', async () => {
    const id = await addWork();
    const anon = await post('/work-detail/like', { id }, { ip: '10.9.1.1' });
    expect(anon.headers.get('Location')).toBe(`/work-detail?id=${id}&msg=starred#xt-like`);
    const vid = /xt_vid=([0-9a-f]{32})/.exec(anon.headers.get('Set-Cookie') ?? '')?.[1];
    expect(vid).toBeTruthy();
    const again = await post('/work-detail/like', { id }, { ip: '10.9.1.2', cookie: `xt_vid=${vid}; ${cookies.student3}` });
    expect(again.headers.get('Location')).toBe(`/work-detail?id=${id}&msg=star-again#xt-like`);
    // The browser keeps its id: no new cookie.
    expect(again.headers.get('Set-Cookie') ?? '').not.toContain('xt_vid');
    expect(await stars(id)).toBe(1);
  });

  it('is refused from another site and for a draft', async () => {
    const id = await addWork();
    const res = await t.request('/work-detail/like', { method: 'POST', headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'https://evil.example' }, body: new URLSearchParams({ id }) });
    expect(res.status).toBe(403);
    const draft = await addWork(0);
    expect((await post('/work-detail/like', { id: draft })).status).toBe(404);
    expect(await stars(id)).toBe(0);
    expect(await stars(draft)).toBe(0);
  });
});

describe('comments on /work-detail', () => {
  it('are open on a freshly seeded site: a logged-in student gets the comment box', async () => {
    const id = await addWork();
    const html = await get(`/work-detail?id=${id}`, cookies.student2);
    expect(html).toContain('placeholder="说说这个作品怎么样吧"');
    expect(html).toContain('发表评论');
  });

  it('show only when the site allows them: 暂无评论, 登录后评论 for visitors, the form for users', async () => {
    const id = await addWork();
    await setConfig('allowComment', '0');
    // Switched off, the comment area says so instead of vanishing (no form, no list, no login link).
    for (const who of [cookies.student2, undefined]) {
      const closed = await get(`/work-detail?id=${id}`, who);
      expect(closed).not.toContain('发表评论');
      expect(closed).not.toContain('登录后评论');
      expect(closed).not.toContain('暂无评论');
      expect(closed).toMatch(/<section class="xt-comments" id="xt-comments"[^>]*>\s*<h2[^>]*>评论<\/h2>\s*<p class="xt-empty">评论功能已关闭<\/p>\s*<\/section>/);
    }
    await setConfig('allowComment', '1');
    const visitor = await get(`/work-detail?id=${id}`);
    expect(visitor).toContain('暂无评论');
    expect(visitor).toContain(`href="/user/login?redirect=${encodeURIComponent(`/work-detail?id=${id}`)}"`);
    expect(visitor).toContain('登录后评论');
    expect(visitor).not.toContain('<textarea');
    const user = await get(`/work-detail?id=${id}`, cookies.student2);
    expect(user).toContain('placeholder="说说这个作品怎么样吧"');
    expect(user).toContain('maxlength="500"');
    expect(user).toContain('发表评论');
    await setConfig('allowComment', '0');
  });

  it('are written and deleted with plain forms (delete confirmed on its own page), and with htmx', async () => {
    await setConfig('allowComment', '1');
    const id = await addWork();
    const saved = await post('/work-detail/comment', { id, comment: '颜色真好看' }, { cookie: cookies.student2 });
    expect(saved.status).toBe(303);
    expect(saved.headers.get('Location')).toBe(`/work-detail?id=${id}&msg=commented#xt-comments`);
    const page = await get(`/work-detail?id=${id}&msg=commented`, cookies.student2);
    expect(page).toContain('评论成功');
    expect(page).toContain('颜色真好看');
    const row = await t.db.selectFrom('teaching_work_comment').select('id').where('work_id', '=', id).executeTakeFirstOrThrow();
    // Delete buttons only for those who may: the commenter, the author (student1), the class teacher.
    for (const who of ['student2', 'student1', 'teacher']) expect(await get(`/work-detail?id=${id}`, cookies[who]), who).toContain('hx-confirm="确定删除这条评论吗？"');
    expect(await get(`/work-detail?id=${id}`, cookies.student3)).not.toContain('/work-detail/comment/delete');
    expect(await get(`/work-detail?id=${id}`)).not.toContain('/work-detail/comment/delete');

    // Without JavaScript the delete asks first, on a page of its own.
    const ask = await post('/work-detail/comment/delete', { id: row.id, work: id }, { cookie: cookies.student2 });
    expect(ask.status).toBe(200);
    expect(await ask.text()).toContain('确定删除这条评论吗？');
    expect(await t.db.selectFrom('teaching_work_comment').select('id').where('id', '=', row.id).executeTakeFirst()).toBeTruthy();
    // Someone else's confirmed delete is refused and deletes nothing.
    const refused = await post('/work-detail/comment/delete', { id: row.id, work: id, confirmed: '1' }, { cookie: cookies.student3 });
    expect(await refused.text()).toContain('无权删除该评论');
    const done = await post('/work-detail/comment/delete', { id: row.id, work: id, confirmed: '1' }, { cookie: cookies.student2 });
    expect(done.headers.get('Location')).toBe(`/work-detail?id=${id}&msg=deleted#xt-comments`);
    expect(await t.db.selectFrom('teaching_work_comment').select('id').where('id', '=', row.id).executeTakeFirst()).toBeUndefined();

    // htmx: the comment area comes back alone, with the new comment and an empty box; a refusal keeps the text.
    const viaHtmx = await (await post('/work-detail/comment', { id, comment: '用 htmx 发的' }, { cookie: cookies.student3, htmx: true })).text();
    expect(viaHtmx).toMatch(/^<section class="xt-comments" id="xt-comments"/);
    expect(viaHtmx).toContain('用 htmx 发的');
    expect(viaHtmx).toContain('评论成功');
    const tooLong = await (await post('/work-detail/comment', { id, comment: '长'.repeat(501) }, { cookie: cookies.student3, htmx: true })).text();
    expect(tooLong).toContain('评论不能超过500个字');
    expect(tooLong).toContain('长'.repeat(501));
    const htmxRow = await t.db.selectFrom('teaching_work_comment').select('id').where('work_id', '=', id).executeTakeFirstOrThrow();
    const gone = await (await post('/work-detail/comment/delete', { id: htmxRow.id, work: id, confirmed: '1' }, { cookie: cookies.student3, htmx: true })).text();
    expect(gone).toContain('评论已删除');
    expect(gone).toContain('暂无评论');
    // Visitors are sent to log in.
    const anon = await post('/work-detail/comment', { id, comment: '匿名' });
    expect(anon.status).toBe(302);
    expect(anon.headers.get('Location')).toMatch(/^\/user\/login\?redirect=/);
    await setConfig('allowComment', '0');
  });

  it('load 10 at a time: 加载更多 links to the next page (htmx appends it), 已加载完啦！ at the end', async () => {
    await setConfig('allowComment', '1');
    const id = await addWork();
    const user = await t.userId('student3');
    for (let i = 0; i < 12; i++) {
      await t.db.insertInto('teaching_work_comment').values({ id: newId(), work_id: id, comment: `评论第${i}条`, user_id: user, create_time: formatDateTime(new Date(Date.now() - (12 - i) * 60_000)) }).execute();
    }
    const first = await get(`/work-detail?id=${id}`);
    expect(first.match(/class="xt-comment"/g)).toHaveLength(10);
    expect(first).toContain('评论第11条');
    expect(first).not.toContain('评论第1条<');
    expect(first).toContain(`href="/work-detail?id=${id}&amp;commentPage=2#xt-comments"`);
    const second = await get(`/work-detail?id=${id}&commentPage=2`);
    expect(second.match(/class="xt-comment"/g)).toHaveLength(12);
    expect(second).toContain('已加载完啦！');
    const fragment = await (await t.request(`/work-detail/comments?id=${id}&page=2`, { headers: { 'HX-Request': 'true' } })).text();
    expect(fragment.match(/class="xt-comment"/g)).toHaveLength(2);
    expect(fragment).toContain('已加载完啦！');
    await setConfig('allowComment', '0');
  });
});

describe('sharing on /work-detail', () => {
  it('shows the share link with its QR code and the site’s share text, sanitised', async () => {
    const id = await addWork();
    await setConfig('_workShareHtml', '<p class="promo">来<b>学堂</b>学编程</p><script>alert(1)</script><img src="x" onerror="alert(2)">');
    const html = await get(`/work-detail?id=${id}`);
    expect(html).toContain('微信扫一扫手机体验和分享');
    // Without PUBLIC_URL: a relative link and the QR as an image drawn for each visitor (host-header.test.ts).
    expect(html).toContain(`href="/work-detail?id=${id}"`);
    expect(html).toContain(`src="/work-detail/qr.svg?id=${id}"`);
    expect(html).toContain('来<b>学堂</b>学编程');
    expect(html).not.toContain('alert(1)');
    expect(html).not.toContain('onerror');
    await setConfig('_workShareHtml', '');
  });
});
