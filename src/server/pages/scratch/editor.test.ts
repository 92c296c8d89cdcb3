// The editor page and the files the unmodified Scratch GUI asks for at the site root: a visitor gets the page
// without save buttons, a student gets their name and 保存/提交; the GUI's chunks come precompressed and
// immutable, its images from the package; the share QR code is an SVG of the work's link.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { packageDir, SCRATCH_GUI, vendorFolder } from '../../vendor.js';

describe.each(dialects)('Scratch editor page (%s)', (dialect) => {
  let t: TestApp;
  beforeAll(async () => {
    // Listening: the static files' headers are checked as a browser receives them over HTTP.
    t = await startTestApp({ dialect, demoContent: true, listen: true });
  });
  afterAll(() => t.close());

  it('a visitor gets the editor with the licence link and 登录后可保存, no 保存/提交', async () => {
    const res = await t.request('/scratch3/index.html');
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain('源代码 / 许可证 (AGPL-3.0)');
    expect(html).toContain('https://github.com/scratchfoundation/scratch-editor');
    expect(html).toContain('@scratch/scratch-gui-standalone@15.1.1');
    expect(html).toContain('未登录');
    expect(html).toContain('登录后可保存');
    expect(html).not.toContain('id="xt-ed-save"');
    // The GUI and our host script are separate files.
    expect(html).toContain('/static/vendor/scratch-gui-standalone@15.1.1/scratch-gui-standalone.js');
    expect(html).toContain('/static/build/scratch/editor.js');
    const boot = JSON.parse(/<script type="application\/json" id="xt-editor-boot">(.*?)<\/script>/s.exec(html)![1]);
    expect(boot.user).toBeNull();
    // The page's policy still names this origin only.
    const csp = res.headers.get('Content-Security-Policy') ?? '';
    expect(csp).toMatch(/script-src 'self' 'unsafe-eval' 'sha256-/);
    expect(csp).not.toMatch(/https?:\/\//);
  });

  it('a student gets their name and the 保存 and 提交 buttons', async () => {
    const token = await t.login('student1');
    const res = await t.request('/scratch3/index.html?scene=create', { headers: { Cookie: `xt_token=${token}` } });
    const html = await res.text();
    expect(html).toContain('id="xt-ed-save"');
    expect(html).toContain('id="xt-ed-submit"');
    expect(html).not.toContain('登录后可保存');
    const boot = JSON.parse(/<script type="application\/json" id="xt-editor-boot">(.*?)<\/script>/s.exec(html)![1]);
    expect(boot.user).toMatchObject({ username: 'student1', realname: '小明' });
    expect(res.headers.get('Cache-Control')).toContain('private');
  });

  it('serves the GUI chunks (brotli, immutable), its images and blocks media from the site root', async () => {
    const chunk = readdirSync(path.resolve('static/vendor', vendorFolder(SCRATCH_GUI), 'chunks')).find((f) => f.startsWith('fetch-worker') && f.endsWith('.js'))!;
    const get = (p: string, headers: Record<string, string> = {}) => fetch(`${t.baseUrl}${p}`, { headers });
    const res = await get(`/chunks/${chunk}`, { 'Accept-Encoding': 'br, gzip' });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Encoding')).toBe('br');
    expect(res.headers.get('Cache-Control')).toContain('immutable');
    const asset = readdirSync(path.join(packageDir(SCRATCH_GUI), 'dist/static/assets')).find((f) => f.endsWith('.svg'))!;
    expect((await get(`/static/assets/${asset}`)).status).toBe(200);
    expect((await get('/static/blocks-media/default/green-flag.svg')).status).toBe(200);
    expect((await get('/static/assets/..%2F..%2Fpackage.json')).status).toBe(404);
    expect((await get('/chunks/nothing-here.js')).status).toBe(404);
    // The licence notices the page links to.
    const notices = await get(`/static/vendor/${vendorFolder(SCRATCH_GUI)}/scratch-gui-standalone.js.LICENSE.txt`);
    expect(notices.status).toBe(200);
    expect(await notices.text()).toMatch(/license/i);
  });

  it('draws the share link of a work as a QR code, and refuses an odd id', async () => {
    const token = await t.login('student1');
    const res = await t.request('/scratch3/qr.svg?id=abc123', { headers: { Cookie: `xt_token=${token}` } });
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toContain('image/svg+xml');
    expect(await res.text()).toMatch(/^<svg/);
    expect((await t.request('/scratch3/qr.svg?id=%3Cscript%3E', { headers: { Cookie: `xt_token=${token}` } })).status).toBe(400);
  });
});
