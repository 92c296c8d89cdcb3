// The 积木编程 page: the shared bar (a visitor gets 登录后可保存, a student 保存 / 提交), the boot data naming the
// runner worker and Blockly's media on this origin; the page's policy never allows eval, the runner's own policy
// allows only that (and no connection, not even to this origin); the media are served from our build.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';

const bootOf = (html: string) => JSON.parse(/<script type="application\/json" id="xt-editor-boot">(.*?)<\/script>/s.exec(html)![1]);

describe.each(dialects)('积木编程 page (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await startTestApp({ dialect, listen: true });
  });
  afterAll(() => t.close());

  it('a visitor gets the editor with 登录后可保存 and no 保存/提交; the policy has no eval and no other origin', async () => {
    const res = await t.request('/blockly/index.html?lang=zh-hans&scene=create');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('<title>积木编程 - ');
    expect(html).toContain('登录后可保存');
    expect(html).not.toContain('id="xt-ed-save"');
    expect(html).toContain('/static/build/blockly/editor.js');
    for (const label of ['▶ 运行', '■ 停止', '输出']) expect(html).toContain(label);
    const boot = bootOf(html);
    expect(boot.user).toBeNull();
    expect(boot.worker).toMatch(/^\/static\/build\/blockly\/run\.worker\.js\?v=/);
    expect(boot.media).toBe('/static/build/blockly-media/');
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).not.toContain('unsafe-eval');
    expect(csp).not.toMatch(/https?:\/\//);
  });

  it('a student gets their name, the title field and 保存 / 提交; the page is private', async () => {
    const token = await t.login('student1');
    const res = await t.request('/blockly/index.html?lang=zh-hans&scene=create', { headers: { Cookie: `xt_token=${token}` } });
    const html = await res.text();
    for (const id of ['xt-ed-save', 'xt-ed-submit', 'xt-ed-title']) expect(html).toContain(`id="${id}"`);
    expect(bootOf(html).user).toMatchObject({ username: 'student1', realname: '小明' });
    expect(res.headers.get('Cache-Control')).toContain('private');
  });

  it('serves the runner with a policy of its own, and Blockly\'s media from this origin', async () => {
    const worker = await fetch(`${t.baseUrl}/static/build/blockly/run.worker.js`);
    expect(worker.status).toBe(200);
    expect(worker.headers.get('Content-Security-Policy')).toBe("default-src 'none'; script-src 'self' 'unsafe-eval'");
    // Any other script keeps the page policy.
    expect((await fetch(`${t.baseUrl}/static/build/blockly/editor.js`)).headers.get('Content-Security-Policy')).not.toContain('unsafe-eval');
    const sprites = await fetch(`${t.baseUrl}/static/build/blockly-media/sprites.svg`);
    expect(sprites.status).toBe(200);
  });
});
