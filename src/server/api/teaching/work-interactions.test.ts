// Views, likes and comments of public works: counted once per visitor per day (user, or address), drafts never
// reachable by visitors through any public endpoint or page, comments sanitised, switched and rate-limited on
// the server, and deletable only by the commenter, the author or staff managing the author.
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { TeachingWork } from '../../db/schema.js';
import { newId } from '../../domain/ids.js';
import { COMMENTS_PER_DAY, COMMENTS_PER_MINUTE } from '../../domain/work-comments.js';
import { purgeWorkVisits } from '../../domain/work-visits.js';
import { formatDateTime } from '../../domain/time.js';
import { invalidateSiteConfig } from '../../pages/context.js';
import { expectFailure } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
const tokens: Record<string, string> = {};
let template: TeachingWork;

beforeAll(async () => {
  t = await startTestApp();
  for (const u of ['admin', 'teacher', 'student1', 'student2', 'student3']) tokens[u] = await t.login(u);
  template = await t.db.selectFrom('teaching_work').selectAll().where('work_status', '=', 4).orderBy('id').executeTakeFirstOrThrow();
});
afterAll(async () => {
  await t?.close();
});
afterEach(() => {
  vi.useRealTimers();
});

/** A new work of `username` with the given status and zero counts. */
async function addWork(username: string, status: number, name = `作品${newId().slice(0, 6)}`): Promise<string> {
  const id = newId();
  await t.db
    .insertInto('teaching_work')
    .values({ ...template, id, user_id: await t.userId(username), create_by: username, work_name: name, work_status: status, view_num: 0, star_num: 0, create_time: formatDateTime() })
    .execute();
  return id;
}

const counts = async (id: string) => t.db.selectFrom('teaching_work').select(['view_num', 'star_num']).where('id', '=', id).executeTakeFirstOrThrow();

/** A request from a given client address (the socket peer). */
function from(ip: string, path: string, init: RequestInit = {}) {
  return Promise.resolve(t.app.request(`http://127.0.0.1${path}`, init, { incoming: { socket: { remoteAddress: ip } } } as never));
}
async function apiFrom(ip: string, path: string, token?: string) {
  const res = await from(ip, `/api${path}`, { headers: token ? { 'X-Access-Token': token } : {} });
  return (await res.json()) as { success: boolean; message: string; result: any };
}

const setAllowComment = async (value: '0' | '1') => {
  await t.db.updateTable('sys_config').set({ config_value: value }).where('config_key', '=', 'allowComment').execute();
  invalidateSiteConfig();
};

function atDay(iso: string) {
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date(iso));
}

describe('views', () => {
  it('count once per visitor per day: repeats, the page and its player together, two addresses, two users, the next day', async () => {
    atDay('2026-03-02T10:00:00');
    const id = await addWork('student1', 3);
    for (let i = 0; i < 3; i++) expect((await apiFrom('10.0.0.1', `/teaching/teachingWork/studentWorkInfo?workId=${id}`)).success).toBe(true);
    // The page and the player it opens both read studentWorkInfo: still one view.
    expect((await from('10.0.0.1', `/work-detail?id=${id}`)).status).toBe(200);
    expect((await counts(id)).view_num).toBe(1);
    await apiFrom('10.0.0.2', `/teaching/teachingWork/studentWorkInfo?workId=${id}`);
    expect((await from('10.0.0.2', `/work-detail?id=${id}`)).status).toBe(200);
    expect((await counts(id)).view_num).toBe(2);
    // Logged-in visitors count as themselves, whatever address they come from.
    await apiFrom('10.0.0.1', `/teaching/teachingWork/studentWorkInfo?workId=${id}`, tokens.student2);
    await apiFrom('10.0.0.9', `/teaching/teachingWork/studentWorkInfo?workId=${id}`, tokens.student2);
    await apiFrom('10.0.0.1', `/teaching/teachingWork/studentWorkInfo?workId=${id}`, tokens.student3);
    expect((await counts(id)).view_num).toBe(4);
    // HEAD reads count nothing.
    await from('10.0.0.7', `/api/teaching/teachingWork/studentWorkInfo?workId=${id}`, { method: 'HEAD' });
    expect((await counts(id)).view_num).toBe(4);
    atDay('2026-03-03T09:00:00');
    await apiFrom('10.0.0.1', `/teaching/teachingWork/studentWorkInfo?workId=${id}`);
    await apiFrom('10.0.0.1', `/teaching/teachingWork/studentWorkInfo?workId=${id}`, tokens.student2);
    expect((await counts(id)).view_num).toBe(6);
  });

  it('stores no address, and the day after next purges the old days and their salts', async () => {
    atDay('2026-04-10T08:00:00');
    const id = await addWork('student1', 3);
    await apiFrom('192.168.77.5', `/teaching/teachingWork/studentWorkInfo?workId=${id}`);
    const rows = await t.db.selectFrom('teaching_work_visit').selectAll().where('work_id', '=', id).execute();
    expect(rows).toHaveLength(1);
    expect(rows[0].visitor_key).toMatch(/^a:[0-9a-f]{40}$/);
    expect(JSON.stringify(rows)).not.toContain('192.168');
    // The first visit of a later day creates that day's salt and drops what is older than yesterday.
    atDay('2026-04-12T08:00:00');
    await apiFrom('192.168.77.5', `/teaching/teachingWork/studentWorkInfo?workId=${id}`);
    const days = (await t.db.selectFrom('teaching_work_visit').select('day').where('work_id', '=', id).execute()).map((r) => r.day);
    expect(days).toEqual(['2026-04-12']);
    expect(await t.db.selectFrom('teaching_visit_salt').select('day').where('day', '=', '2026-04-10').executeTakeFirst()).toBeUndefined();
    // The job-callable purge answers how many rows it removed.
    atDay('2026-04-20T08:00:00');
    expect(await purgeWorkVisits(t.db)).toBeGreaterThan(0);
  });
});

/** A like through the API: POST from a page of this site (Sec-Fetch-Site), optionally with the token header or cookies. */
async function likeFrom(ip: string, id: string, o: { token?: string; cookie?: string; site?: string } = {}) {
  const headers: Record<string, string> = { 'Sec-Fetch-Site': o.site ?? 'same-origin' };
  if (o.token) headers['X-Access-Token'] = o.token;
  if (o.cookie) headers.Cookie = o.cookie;
  const res = await from(ip, `/api/teaching/teachingWork/starWork?workId=${id}`, { method: 'POST', headers });
  return { status: res.status, setCookie: res.headers.get('Set-Cookie') ?? '', body: (await res.json()) as { success: boolean; message: string; result: any } };
}

describe('POST /teaching/teachingWork/starWork', () => {
  it('likes once per visitor per work per day: 点赞成功, then 已经点赞过了; two addresses and two users count twice; the next day again', async () => {
    atDay('2026-05-01T12:00:00');
    const id = await addWork('student1', 4);
    const like = async (ip: string, token?: string) => (await likeFrom(ip, id, { token })).body;
    expect(await like('10.1.0.1')).toMatchObject({ success: true, message: '点赞成功', result: { starNum: 1 } });
    expect(await like('10.1.0.1')).toMatchObject({ success: false, message: '已经点赞过了', result: { starNum: 1 } });
    expect((await like('10.1.0.2')).message).toBe('点赞成功');
    expect((await like('10.1.0.1', tokens.student2)).message).toBe('点赞成功');
    expect((await like('10.1.0.3', tokens.student2)).message).toBe('已经点赞过了');
    expect((await like('10.1.0.1', tokens.student3)).message).toBe('点赞成功');
    expect((await counts(id)).star_num).toBe(4);
    atDay('2026-05-02T08:00:00');
    expect((await like('10.1.0.1')).message).toBe('点赞成功');
    expect((await counts(id)).star_num).toBe(5);
  });

  it('is a same-origin POST: GET and HEAD are refused (an <img> on another site must not like), and so is a cross-site POST', async () => {
    const id = await addWork('student1', 3);
    for (const headers of [{}, { 'X-Access-Token': tokens.student2 }, { Cookie: `xt_token=${tokens.student2}`, 'Sec-Fetch-Site': 'cross-site' }] as Record<string, string>[]) {
      const res = await from('10.2.0.1', `/api/teaching/teachingWork/starWork?workId=${id}`, { headers });
      expect(res.status).toBe(405);
      expect(((await res.json()) as { message: string }).message).toBe('不支持通过GET请求修改数据');
    }
    expect((await t.request(`/api/teaching/teachingWork/starWork?workId=${id}`, { method: 'HEAD' })).status).toBe(405);
    // A form posted from another site, with or without the visitor's session cookie; or a client naming no page.
    expect((await likeFrom('10.2.0.2', id, { site: 'cross-site' })).status).toBe(403);
    expect((await likeFrom('10.2.0.3', id, { site: 'cross-site', cookie: `xt_token=${tokens.student2}` })).status).toBe(403);
    const bare = await from('10.2.0.4', `/api/teaching/teachingWork/starWork?workId=${id}`, { method: 'POST' });
    expect(bare.status).toBe(403);
    expect((await counts(id)).star_num).toBe(0);
    // The token header (the anchor's clients) is not something another site can send: it likes from anywhere.
    expect((await likeFrom('10.2.0.5', id, { site: 'cross-site', token: tokens.student3 })).body.message).toBe('点赞成功');
    // The work id may also come in a JSON body.
    const json = await from('10.2.0.6', '/api/teaching/teachingWork/starWork', { method: 'POST', headers: { 'Sec-Fetch-Site': 'same-origin', 'Content-Type': 'application/json' }, body: JSON.stringify({ workId: id }) });
    expect(((await json.json()) as { message: string }).message).toBe('点赞成功');
    expect((await counts(id)).star_num).toBe(2);
  });

  it('counts one person once: a browser that liked anonymously does not like again once logged in, nor the reverse', async () => {
    atDay('2026-05-03T10:00:00');
    const id = await addWork('student1', 3);
    // Anonymous first: the answer gives the browser its visitor cookie.
    const anon = await likeFrom('10.3.0.1', id);
    expect(anon.body.message).toBe('点赞成功');
    const vid = /xt_vid=([0-9a-f]{32})/.exec(anon.setCookie)?.[1];
    expect(vid).toBeTruthy();
    expect(anon.setCookie).toMatch(/HttpOnly/i);
    // The same browser, now logged in (from another address too): already liked.
    expect((await likeFrom('10.3.0.2', id, { cookie: `xt_vid=${vid}; xt_token=${tokens.student2}` })).body.message).toBe('已经点赞过了');
    expect((await counts(id)).star_num).toBe(1);
    // That anonymous like was theirs: another student logging in on the same (shared) computer likes normally.
    expect((await likeFrom('10.3.0.2', id, { cookie: `xt_vid=${vid}; xt_token=${tokens.student3}` })).body.message).toBe('点赞成功');
    expect((await counts(id)).star_num).toBe(2);
    // Logged in first, then logged out on that browser from another network: already liked.
    const other = 'a'.repeat(32);
    expect((await likeFrom('10.3.0.5', id, { cookie: `xt_vid=${other}; xt_token=${tokens.admin}` })).body.message).toBe('点赞成功');
    expect((await likeFrom('10.3.0.6', id, { cookie: `xt_vid=${other}` })).body.message).toBe('已经点赞过了');
    // One browser moving between networks anonymously likes once.
    const third = 'b'.repeat(32);
    expect((await likeFrom('10.3.0.7', id, { cookie: `xt_vid=${third}` })).body.message).toBe('点赞成功');
    expect((await likeFrom('10.3.0.8', id, { cookie: `xt_vid=${third}` })).body.message).toBe('已经点赞过了');
    expect((await counts(id)).star_num).toBe(4);
    // No visitor id, address or user id is stored as such.
    const keys = (await t.db.selectFrom('teaching_work_visit').select('visitor_key').where('work_id', '=', id).execute()).map((r) => r.visitor_key);
    expect(keys.join(' ')).not.toContain(vid!);
    expect(keys.join(' ')).not.toContain('10.3.0');
  });
});

describe('GET /teaching/teachingWork/greatWork', () => {
  it('pages the 精选 works (status 4) newest first', async () => {
    const res = await t.api('GET', '/teaching/teachingWork/greatWork?pageNo=1&pageSize=100');
    expect(res.body.success).toBe(true);
    const records = res.body.result.records as { workStatus: string; createTime: string }[];
    const featured = await t.db.selectFrom('teaching_work as w').innerJoin('sys_user as u', 'u.id', 'w.user_id').select('w.id').where('w.work_status', '=', 4).where('w.del_flag', '=', 0).where('u.del_flag', '=', 0).execute();
    expect(res.body.result.total).toBe(featured.length);
    expect(records.length).toBeGreaterThan(0);
    for (const w of records) expect(w.workStatus).toBe('4');
    const times = records.map((w) => w.createTime);
    expect(times).toEqual([...times].sort().reverse());
  });
});

describe('a work that is not public', () => {
  it('is reachable by no visitor through any public endpoint or page', async () => {
    const author = await t.userId('student1');
    for (const status of [0, 1, 2]) {
      const name = `不公开草稿${status}${newId().slice(0, 4)}`;
      const id = await addWork('student1', status, name);
      await t.db.insertInto('teaching_work_comment').values({ id: newId(), work_id: id, comment: `草稿评论${status}`, user_id: author, create_time: formatDateTime() }).execute();
      // The name, the comment, or a link or reference to the work (a login link's encoded redirect is neither).
      const leak = (text: string) => text.includes(name) || text.includes(`草稿评论${status}`) || text.includes(`"${id}"`) || text.includes(`id=${id}`);
      type Check = [label: string, run: (token?: string) => Promise<{ status: number; text: string }>, refusal?: RegExp];
      const api = (method: string, path: string, body?: unknown) => async (token?: string) => {
        const res = await t.api(method, path, { token, body });
        return { status: res.status, text: JSON.stringify(res.body) };
      };
      const page = (path: string) => async (token?: string) => {
        const res = await t.request(path, { headers: token ? { Cookie: `xt_token=${token}` } : {} });
        return { status: res.status, text: await res.text() };
      };
      const checks: Check[] = [
        ['studentWorkInfo', api('GET', `/teaching/teachingWork/studentWorkInfo?workId=${id}`), /作品不存在/],
        [
          'starWork',
          async (token?: string) => {
            const res = await t.api('POST', `/teaching/teachingWork/starWork?workId=${id}`, { token, headers: { 'Sec-Fetch-Site': 'same-origin' } });
            return { status: res.status, text: JSON.stringify(res.body) };
          },
          /作品不存在/,
        ],
        ['getWorkComments', api('GET', `/teaching/teachingWork/getWorkComments?workId=${id}`), /作品不存在/],
        ['saveComment', api('POST', '/teaching/teachingWork/saveComment', { workId: id, comment: '你好' }), /作品不存在|Token失效|评论功能未开放/],
        ...(['view', 'time', 'star'] as const).map((o): Check => [`leaderboard ${o}`, api('GET', `/teaching/teachingWork/leaderboard?pageSize=100&orderBy=${o}`)]),
        ['leaderboard of the author', api('GET', `/teaching/teachingWork/leaderboard?pageSize=100&userId=${author}`)],
        ['leaderboard with the status', api('GET', `/teaching/teachingWork/leaderboard?pageSize=100&workStatus=${status}`)],
        ['greatWork', api('GET', '/teaching/teachingWork/greatWork?pageSize=100')],
        ['userInfo', api('GET', `/teaching/teachingWork/userInfo?userId=${author}`)],
        ['/work-detail', page(`/work-detail?id=${id}`), /作品不存在或未公开/],
        ['/work-detail comments', page(`/work-detail?id=${id}&commentPage=2`), /作品不存在或未公开/],
        ...[0, 1, 2, 3].map((type): Check => [`/workList?type=${type}`, page(`/workList?type=${type}`)]),
        ['/workList of the author', page(`/workList?type=1&userId=${author}`)],
        ['/home', page('/home')],
        ['/friend-detail', page(`/friend-detail?id=${author}`)],
        ['player', page(`/scratch3/player.html?workId=${id}`)],
      ];
      await setAllowComment('1');
      for (const [label, run, refusal] of checks) {
        for (const who of [undefined, 'student2'] as const) {
          const res = await run(who && tokens[who]);
          const where = `${label} (status ${status}, ${who ?? 'visitor'})`;
          expect(leak(res.text), where).toBe(false);
          if (refusal) expect(res.text, where).toMatch(refusal);
        }
      }
      await setAllowComment('0');
      expect(await counts(id), `status ${status}`).toEqual({ view_num: 0, star_num: 0 });
      expect((await t.db.selectFrom('teaching_work_comment').select('id').where('work_id', '=', id).execute()).length).toBe(1);
    }
  });
});

describe('comments', () => {
  const save = (token: string, workId: string, comment: string) => t.api('POST', '/teaching/teachingWork/saveComment', { token, body: { workId, comment } });
  const list = async (workId: string, token?: string, q = '') => (await t.api('GET', `/teaching/teachingWork/getWorkComments?workId=${workId}${q}`, { token })).body;

  it('are refused while the site does not allow comments, whatever the client sends', async () => {
    await setAllowComment('0');
    const id = await addWork('student1', 3);
    expectFailure(await save(tokens.student2, id, '写得真好'), '评论功能未开放');
    expect(await t.db.selectFrom('teaching_work_comment').select('id').where('work_id', '=', id).execute()).toHaveLength(0);
    await setAllowComment('1');
    expect((await save(tokens.student2, id, '写得真好')).body).toMatchObject({ success: true, message: '评论成功', result: { comment: '写得真好', realname: '小红' } });
    await setAllowComment('0');
  });

  it('need a login, a text of at most 500 characters, and are stored as plain text (HTML stripped) and shown escaped', async () => {
    await setAllowComment('1');
    const id = await addWork('student1', 3);
    expect((await t.api('POST', '/teaching/teachingWork/saveComment', { body: { workId: id, comment: '匿名' } })).status).toBe(500);
    expectFailure(await save(tokens.student2, id, '   '), '请输入评论内容');
    expectFailure(await save(tokens.student2, id, '<img src=x onerror=alert(1)>'), '请输入评论内容');
    expect((await save(tokens.student2, id, '长'.repeat(501))).body).toMatchObject({ success: false, message: '评论不能超过500个字' });
    expect((await save(tokens.student2, id, '好'.repeat(500))).body.success).toBe(true);
    const evil = '<script>alert(1)</script>真棒<img src=x onerror="alert(2)"> &lt;script&gt;alert(3)&lt;/script&gt; 1 & 2 <b>粗</b>';
    expect((await save(tokens.student2, id, evil)).body.success).toBe(true);
    const stored = (await t.db.selectFrom('teaching_work_comment').select('comment').where('work_id', '=', id).orderBy('create_time', 'desc').orderBy('id', 'desc').execute()).map((r) => r.comment);
    const text = stored.find((c) => c.includes('真棒'))!;
    expect(text).toBe('真棒 1 & 2 粗');
    expect(text).not.toMatch(/[<>]/);
    // The page prints it escaped (the & as &amp;), in the comment area.
    const html = await (await t.request(`/work-detail?id=${id}`)).text();
    expect(html).toContain('真棒 1 &amp; 2 粗');
    expect(html).not.toContain('onerror');
    expect(html).not.toContain('<script>alert');
    await setAllowComment('0');
  });

  it('are listed newest first with the author’s display name, paged, only for public works', async () => {
    await setAllowComment('1');
    const id = await addWork('student1', 4);
    for (let i = 1; i <= 3; i++) {
      atDay(`2026-06-01T10:0${i}:00`);
      expect((await save(tokens.student3, id, `第${i}条`)).body.success).toBe(true);
    }
    vi.useRealTimers();
    const all = await list(id);
    expect(all.success).toBe(true);
    expect(all.result.map((m: { comment: string }) => m.comment)).toEqual(['第3条', '第2条', '第1条']);
    expect(all.result[0]).toMatchObject({ realname: '小刚', username: '', canDelete: false });
    expect(all.result[0]).not.toHaveProperty('password');
    expect((await list(id, undefined, '&page=2&pageSize=2')).result.map((m: { comment: string }) => m.comment)).toEqual(['第1条']);
    await setAllowComment('0');
  });

  it('are limited per user: 5 a minute, 30 a day, with a Chinese message', async () => {
    await setAllowComment('1');
    const id = await addWork('student1', 3);
    atDay('2026-07-01T08:00:00');
    for (let i = 0; i < COMMENTS_PER_MINUTE; i++) expect((await save(tokens.student3, id, `刷屏${i}`)).body.success).toBe(true);
    expectFailure(await save(tokens.student3, id, '第六条'), '评论太频繁了，请一分钟后再试');
    // Another user is not affected.
    expect((await save(tokens.student2, id, '我也来')).body.success).toBe(true);
    let minute = 1;
    while ((await t.db.selectFrom('teaching_work_comment').select('id').where('user_id', '=', await t.userId('student3')).where('create_time', '>=', '2026-07-01 00:00:00').execute()).length < COMMENTS_PER_DAY) {
      atDay(`2026-07-01T${String(8 + Math.floor(minute / 60)).padStart(2, '0')}:${String(minute % 60).padStart(2, '0')}:30`);
      minute += 2;
      for (let i = 0; i < COMMENTS_PER_MINUTE; i++) await save(tokens.student3, id, `第${minute}分钟${i}`);
    }
    atDay('2026-07-01T20:00:00');
    expectFailure(await save(tokens.student3, id, '今天第31条'), `今天的评论已达上限（${COMMENTS_PER_DAY}条），明天再来吧`);
    atDay('2026-07-02T08:00:00');
    expect((await save(tokens.student3, id, '新的一天')).body.success).toBe(true);
    await setAllowComment('0');
  });

  it('limits hold for simultaneous posts: exactly 5 of 8 parallel posts pass, and exactly the day’s remainder', async () => {
    await setAllowComment('1');
    const id = await addWork('student1', 3);
    const userId = await t.userId('student2');
    // Tomorrow (sessions still valid): after every other comment of the file, as the counts take create_time ≥ a moment.
    const day = formatDateTime(new Date(Date.now() + 86_400_000)).slice(0, 10);
    atDay(`${day}T09:00:00`);
    const burst = async (n: number, label: string) => {
      const results = await Promise.all(Array.from({ length: n }, (_, i) => save(tokens.student2, id, `${label}${i}`)));
      return { passed: results.filter((r) => r.body.success).length, refusals: results.filter((r) => !r.body.success).map((r) => r.body.message) };
    };
    try {
      const minute = await burst(8, '同时');
      expect(minute.passed).toBe(COMMENTS_PER_MINUTE);
      expect(minute.refusals).toEqual(Array(8 - COMMENTS_PER_MINUTE).fill('评论太频繁了，请一分钟后再试'));
      // Earlier today, more of them: with the 5 above, 2 short of the day's limit.
      const rows = Array.from({ length: COMMENTS_PER_DAY - COMMENTS_PER_MINUTE - 2 }, (_, i) => ({
        id: newId(),
        work_id: id,
        comment: `早上${i}`,
        user_id: userId,
        create_by: 'student2',
        create_time: `${day} 07:${String(i).padStart(2, '0')}:00`,
      }));
      await t.db.insertInto('teaching_work_comment').values(rows).execute();
      atDay(`${day}T10:00:00`);
      const rest = await burst(5, '晚些');
      expect(rest.passed).toBe(2);
      expect(rest.refusals).toEqual(Array(3).fill(`今天的评论已达上限（${COMMENTS_PER_DAY}条），明天再来吧`));
      const stored = await t.db.selectFrom('teaching_work_comment').select('id').where('user_id', '=', userId).where('create_time', '>=', `${day} 00:00:00`).where('create_time', '<=', `${day} 23:59:59`).execute();
      expect(stored).toHaveLength(COMMENTS_PER_DAY);
    } finally {
      // Tomorrow's comments would count against the user in the tests that follow.
      await t.db.deleteFrom('teaching_work_comment').where('work_id', '=', id).execute();
    }
    await setAllowComment('0');
  });

  it('are deleted by the commenter, the work’s author or staff managing the author; anyone else is refused', async () => {
    await setAllowComment('1');
    const id = await addWork('student1', 3);
    const add = async (who: string) => (await save(tokens[who], id, `${who}的评论`)).body.result.id as string;
    const del = (token: string, commentId: string) => t.api('DELETE', `/teaching/teachingWork/deleteComment?id=${commentId}`, { token });
    const exists = async (commentId: string) => !!(await t.db.selectFrom('teaching_work_comment').select('id').where('id', '=', commentId).executeTakeFirst());

    const byStudent3 = await add('student3');
    expectFailure(await del(tokens.student2, byStudent3), '无权删除该评论');
    expect(await exists(byStudent3)).toBe(true);
    // Marked for those who may delete.
    expect((await list(id, tokens.student2)).result[0].canDelete).toBe(false);
    expect((await list(id, tokens.student3)).result[0].canDelete).toBe(true);
    expect((await list(id, tokens.student1)).result[0].canDelete).toBe(true);
    expect((await list(id, tokens.teacher)).result[0].canDelete).toBe(true);
    expect((await del(tokens.student3, byStudent3)).body).toMatchObject({ success: true, message: '删除成功' });
    expect(await exists(byStudent3)).toBe(false);

    const forAuthor = await add('student2');
    expect((await del(tokens.student1, forAuthor)).body.success).toBe(true);
    const forTeacher = await add('student2');
    expect((await del(tokens.teacher, forTeacher)).body.success).toBe(true);
    const forAdmin = await add('student3');
    expect((await del(tokens.admin, forAdmin)).body.success).toBe(true);
    expectFailure(await del(tokens.admin, forAdmin), '评论不存在');
    expect((await t.api('DELETE', `/teaching/teachingWork/deleteComment?id=${forAdmin}`)).status).toBe(500);
    await setAllowComment('0');
  });

  it('survive grading (teaching-open wiped them)', async () => {
    await setAllowComment('1');
    const id = await addWork('student1', 3);
    expect((await save(tokens.student2, id, '批改后还在')).body.success).toBe(true);
    const graded = await t.api('PUT', '/teaching/teachingWork/edit', { token: tokens.teacher, body: { id, workStatus: 4, teachingWorkCorrectList: [{ score: 5, comment: '很好' }] } });
    expect(graded.body.success).toBe(true);
    expect((await list(id)).result.map((m: { comment: string }) => m.comment)).toEqual(['批改后还在']);
    await setAllowComment('0');
  });
});
