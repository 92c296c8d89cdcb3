// /scratch3/player.html on the server side: which works it plays for whom (the API's studentWorkInfo rule),
// that `workUrl` plays only files stored on this site, and that a page that cannot play loads no engine.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { storedFilePath } from './player-source.js';

const ORIGINS = ['http://127.0.0.1', 'https://school.example'];
const FILE = '/api/sys/common/static/works/2026/ab12cd.sb3';

describe('storedFilePath (workUrl)', () => {
  it('keeps files stored on this site, as a path or an absolute URL of one of our origins', () => {
    expect(storedFilePath(FILE, ORIGINS)).toBe(FILE);
    expect(storedFilePath(`http://127.0.0.1${FILE}`, ORIGINS)).toBe(FILE);
    expect(storedFilePath(`https://school.example${FILE}`, ORIGINS)).toBe(FILE);
    expect(storedFilePath('/api/sys/common/static/%E4%BD%9C%E5%93%81.sb3', ORIGINS)).toBe('/api/sys/common/static/%E4%BD%9C%E5%93%81.sb3');
  });

  it('refuses other origins, other endpoints and every way out of the stored files', () => {
    for (const bad of [
      '',
      'https://evil.example/api/sys/common/static/x.sb3',
      'http://127.0.0.1:9999/api/sys/common/static/x.sb3', // another port is another origin
      'https://user:pw@school.example/api/sys/common/static/x.sb3',
      '//evil.example/api/sys/common/static/x.sb3',
      '/\\evil.example/x.sb3',
      'javascript:alert(1)',
      'data:application/zip;base64,UEsFBg==',
      '/api/sys/user/list',
      '/api/sys/common/static/',
      '/api/sys/common/static/../../sys/user/list',
      '/api/sys/common/static/a/%2e%2e/%2e%2e/b.sb3',
      '/api/sys/common/static/a%2F..%2F..%2Fb.sb3',
      '/api/sys/common/static/a%5C..%5Cb.sb3',
      '/api/sys/common/static/a//b.sb3',
      '/api/sys/common/static/x.sb3?download=1',
      '/api/sys/common/static/x.sb3#x',
      '/api/sys/common/static/%zz.sb3',
      `/api/sys/common/static/${'a'.repeat(1100)}.sb3`,
    ]) {
      expect(storedFilePath(bad, ORIGINS), bad).toBeNull();
    }
  });
});

describe.each(dialects)('/scratch3/player.html (%s)', (dialect) => {
  let t: TestApp;
  const works: Record<string, { id: string; status: number; type: string }> = {};
  beforeAll(async () => {
    t = await startTestApp({ dialect });
    const rows = await t.db.selectFrom('teaching_work').select(['id', 'work_name', 'work_status', 'work_type']).execute();
    for (const r of rows) works[r.work_name] = { id: r.id, status: r.work_status, type: r.work_type };
  });
  afterAll(async () => {
    await t?.close();
  });

  const page = async (query: string, token?: string) => {
    const res = await t.request(`/scratch3/player.html?${query}`, token ? { headers: { Cookie: `xt_token=${token}` } } : {});
    return { status: res.status, html: await res.text(), res };
  };
  const engine = /\/static\/vendor\/scaffolding@[^"]+\/scaffolding-min\.js/;

  it('plays a public work for a visitor: the engine, the host script and the stored file, nothing from elsewhere', async () => {
    const { status, html, res } = await page(`workId=${works['小猫跳舞'].id}`);
    expect(status).toBe(200);
    expect(html).toMatch(engine);
    expect(html).toContain('/static/build/scratch/player.js');
    expect(html).toMatch(/data-src="\/api\/sys\/common\/static\/[^"]+\.sb3"/);
    expect(html).toContain('小猫跳舞');
    for (const label of ['绿旗开始', '停止', '全屏', '屏幕按键', '左键', '空格键']) expect(html).toContain(label);
    expect(res.headers.get('cache-control')).toBe('private, no-store');
    const csp = res.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("'unsafe-eval'");
    expect(csp).not.toMatch(/https?:\/\//);
    // The file it names is there and is a zip.
    const src = /data-src="([^"]+)"/.exec(html)![1].replace(/&amp;/g, '&');
    const file = await t.request(src);
    expect(file.status).toBe(200);
    expect(Buffer.from(await file.arrayBuffer()).subarray(0, 2).toString()).toBe('PK');
  });

  it('refuses a draft to a visitor and to another student, with a message and without the engine; plays it for its author and an admin', async () => {
    const draft = works['打地鼠（未完成）'];
    expect(draft.status).toBe(0);
    for (const token of [undefined, await t.login('student2')]) {
      const { status, html } = await page(`workId=${draft.id}`, token);
      expect(status).toBe(404);
      expect(html).toContain('作品不存在或未公开');
      expect(html).not.toMatch(engine);
      expect(html).not.toContain('<script');
    }
    for (const who of ['student1', 'admin']) {
      const { status, html } = await page(`workId=${draft.id}&autoplay=1`, await t.login(who));
      expect(status, who).toBe(200);
      expect(html).toMatch(engine);
      expect(html).toContain('data-autoplay="1"');
    }
  });

  it('connects works with cloud variables to the cloud websocket, keyed by the work id, as the logged-in user', async () => {
    const w = works['迷宫探险'];
    await t.db.updateTable('teaching_work').set({ has_cloud_data: 1 }).where('id', '=', w.id).execute();
    try {
      const visitor = await page(`workId=${w.id}`);
      expect(visitor.html).toContain('data-cloud="1"');
      expect(visitor.html).toContain(`data-work-id="${w.id}"`);
      expect(visitor.html).toContain('data-username=""');
      const student = await page(`workId=${w.id}`, await t.login('student2'));
      expect(student.html).toContain('data-username="student2"');
      // Works without cloud data connect nowhere.
      expect((await page(`workId=${works['小猫跳舞'].id}`)).html).toContain('data-cloud="0"');
    } finally {
      await t.db.updateTable('teaching_work').set({ has_cloud_data: 0 }).where('id', '=', w.id).execute();
    }
  });

  it('says so for unknown ids, works that are not Scratch, and a missing parameter', async () => {
    expect((await page('workId=doesnotexist')).html).toContain('作品不存在或未公开');
    const fileWork = works['校园一角']; // a picture handed in for a file homework
    const { status, html } = await page(`workId=${fileWork.id}`, await t.login('admin'));
    expect(status).toBe(404);
    expect(html).toContain('这个作品不是 Scratch 作品');
    const none = await page('');
    expect(none.status).toBe(400);
    expect(none.html).toContain('没有指定要播放的作品');
  });

  it('workUrl plays a file stored here and refuses any other address', async () => {
    const { html: pub } = await page(`workId=${works['小猫跳舞'].id}`);
    const src = /data-src="([^"]+)"/.exec(pub)![1];
    const ok = await page(`workUrl=${encodeURIComponent(`http://127.0.0.1${src}`)}&workName=${encodeURIComponent('案例：小猫')}`);
    expect(ok.status).toBe(200);
    expect(ok.html).toContain(`data-src="${src}"`);
    expect(ok.html).toContain('案例：小猫');
    // The title is text, never markup.
    const named = await page(`workUrl=${encodeURIComponent(src)}&workName=${encodeURIComponent('<img src=x onerror=alert(1)>"')}`);
    expect(named.html).not.toContain('<img src=x');
    expect(named.html).toContain('&lt;img src=x onerror=alert(1)&gt;');
    for (const bad of ['https://evil.example/x.sb3', '//evil.example/x.sb3', '/api/sys/user/list', '/api/sys/common/static/../../sys/user/list']) {
      const r = await page(`workUrl=${encodeURIComponent(bad)}`);
      expect(r.status, bad).toBe(400);
      expect(r.html).toContain('无法播放这个地址的作品');
      expect(r.html).not.toContain('evil.example');
      expect(r.html).not.toContain('<script');
    }
  });

  it('the unit 案例 tab plays the case file in the player, for a student of the course', async () => {
    // A case project stored with the course files (the demo work's .sb3 stands in for it).
    const { html: pub } = await page(`workId=${works['小猫跳舞'].id}`);
    const demoKey = decodeURIComponent(/data-src="\/api\/sys\/common\/static\/([^"]+)"/.exec(pub)![1]);
    await t.deps.storage.put('courseunit/case-player.sb3', (await t.deps.storage.read(demoKey))!);
    const course = await t.db.selectFrom('teaching_course').select('id').where('course_name', '=', 'Scratch入门').executeTakeFirstOrThrow();
    const unit = await t.db.selectFrom('teaching_course_unit').select('id').where('course_id', '=', course.id).orderBy('order_num').executeTakeFirstOrThrow();
    await t.db.updateTable('teaching_course_unit').set({ course_case: 'courseunit/case-player.sb3', show_course_case: 1 }).where('id', '=', unit.id).execute();
    const cookie = `xt_token=${(await createSession(t.db, await t.userId('student1'))).token}`;
    const headers = { Cookie: cookie, 'Sec-Fetch-Site': 'same-origin', 'HX-Request': 'true', 'HX-Target': 'xt-modal' };
    const view = await (await t.request(`/teaching/mineCourse/unit?id=${unit.id}`, { headers })).text();
    const src = /<iframe class="xt-unit-player" src="([^"]+)"/.exec(view)?.[1].replace(/&amp;/g, '&');
    expect(src).toBe('/scratch3/player.html?workUrl=%2Fapi%2Fsys%2Fcommon%2Fstatic%2Fcourseunit%2Fcase-player.sb3');
    expect(view).toMatch(/<iframe class="xt-unit-player"[^>]* allowfullscreen/);
    const player = await t.request(src!, { headers: { Cookie: cookie } });
    expect(player.status).toBe(200);
    const html = await player.text();
    expect(html).toContain('data-src="/api/sys/common/static/courseunit/case-player.sb3"');
    // The player's fetch of the file (same origin, the student's cookie) is allowed by the course rule.
    const file = await t.request('/api/sys/common/static/courseunit/case-player.sb3', { headers: { Cookie: cookie } });
    expect(file.status).toBe(200);
  });

  it('/work-detail shows the cover as a link to the player, with only the small cover script', async () => {
    const res = await t.request(`/work-detail?id=${works['小猫跳舞'].id}`);
    const html = await res.text();
    expect(html).toMatch(new RegExp(`href="/scratch3/player.html\\?workId=${works['小猫跳舞'].id}"`));
    expect(html).toContain(`data-player="/scratch3/player.html?workId=${works['小猫跳舞'].id}&amp;autoplay=1"`);
    expect(html).toContain('/static/build/scratch/work-cover.js');
    expect(html).not.toMatch(engine);
    expect(html).not.toContain('<iframe');
  });
});
