// The request's Host header never reaches what other visitors get (issue 18, item 3): /work-detail is cached and
// shared between anonymous visitors, so a share link or QR code built from one request's Host would send every
// later visitor to that host. Without PUBLIC_URL the page carries a relative link and a QR image drawn for each
// visitor from the address their own browser used (never shared); with PUBLIC_URL both come from it.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { qrSvg } from '../../templates/qr.js';
import { createSession } from '../domain/sessions.js';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';

/** A request as the node server builds it from a Host header (the URL's host is the Host header). */
function fromHost(t: TestApp, host: string, path: string, headers: Record<string, string> = {}) {
  return Promise.resolve(t.app.request(`http://${host}${path}`, { headers: { Host: host, ...headers } }, { incoming: { socket: { remoteAddress: '10.7.0.1' } } } as never));
}

const publicWorkId = async (t: TestApp) =>
  (await t.db.selectFrom('teaching_work').select('id').where('work_status', '>=', 3).where('del_flag', '=', 0).orderBy('id').executeTakeFirstOrThrow()).id;

describe.each(dialects)('a forged Host header on %s', (dialect) => {
  describe('without PUBLIC_URL', () => {
    let t: TestApp;
    let id: string;
    beforeAll(async () => {
      // The page cache on, as in production: the first anonymous render is what the next visitors get.
      t = await startTestApp({ dialect, config: { pageCacheTtlMs: 60_000, publicUrl: undefined } });
      id = await publicWorkId(t);
    });
    afterAll(() => t.close());

    it('leaves no trace in /work-detail, for the forger or the next visitor; the QR image is drawn for each visitor', async () => {
      const forged = await fromHost(t, 'evil.example', `/work-detail?id=${id}`);
      expect(forged.status).toBe(200);
      const forgedHtml = await forged.text();
      expect(forgedHtml).not.toContain('evil.example');
      const next = await fromHost(t, 'school.example.cn', `/work-detail?id=${id}`);
      const html = await next.text();
      expect(html).not.toContain('evil.example');
      expect(next.headers.get('Cache-Control')).toBe('public, no-cache');
      // The share link is relative; the QR is an image of this site, fetched by each visitor's own browser.
      expect(html).toContain(`href="/work-detail?id=${id}"`);
      const src = /<img[^>]+src="(\/work-detail\/qr\.svg\?id=[^"]+)"/.exec(html)?.[1];
      expect(src).toBeTruthy();
      const own = await fromHost(t, 'school.example.cn', src!.replace(/&amp;/g, '&'));
      expect(own.status).toBe(200);
      expect(own.headers.get('Content-Type')).toMatch(/^image\/svg\+xml/);
      expect(own.headers.get('Cache-Control')).toMatch(/^private/);
      expect(await own.text()).toBe(await qrSvg(`http://school.example.cn/work-detail?id=${id}`));
      // The forger's QR answers the forger alone: private, and the next visitor's is their own again.
      const evilQr = await fromHost(t, 'evil.example', src!);
      expect(evilQr.headers.get('Cache-Control')).toMatch(/^private/);
      expect(await (await fromHost(t, 'school.example.cn', src!)).text()).toBe(await qrSvg(`http://school.example.cn/work-detail?id=${id}`));
    });

    it('the QR image refuses an id that is not one', async () => {
      expect((await fromHost(t, 'school.example.cn', '/work-detail/qr.svg?id=%3Cx%3E')).status).toBe(400);
    });

    it('the Scratch editor’s share QR is private to the one who asked', async () => {
      const student = await t.db.selectFrom('sys_user').select('id').where('username', '=', 'student1').executeTakeFirstOrThrow();
      const cookie = `xt_token=${(await createSession(t.db, student.id)).token}`;
      const res = await fromHost(t, 'evil.example', `/scratch3/qr.svg?id=${id}`, { Cookie: cookie });
      expect(res.status).toBe(200);
      expect(res.headers.get('Cache-Control')).toMatch(/^private/);
    });
  });

  describe('with PUBLIC_URL', () => {
    let t: TestApp;
    let id: string;
    beforeAll(async () => {
      t = await startTestApp({ dialect, config: { pageCacheTtlMs: 60_000, publicUrl: 'https://school.example.cn' } });
      id = await publicWorkId(t);
    });
    afterAll(() => t.close());

    it('builds the share link and QR code from PUBLIC_URL whatever the Host', async () => {
      const link = `https://school.example.cn/work-detail?id=${id}`;
      for (const host of ['evil.example', '127.0.0.1']) {
        const html = await (await fromHost(t, host, `/work-detail?id=${id}`)).text();
        expect(html).not.toContain('evil.example');
        expect(html).toContain(`href="${link}"`);
        expect(html).toContain(await qrSvg(link));
      }
      const qr = await fromHost(t, 'evil.example', `/work-detail/qr.svg?id=${id}`);
      expect(await qr.text()).toBe(await qrSvg(link));
      expect(qr.headers.get('Cache-Control')).toMatch(/^public/);
    });
  });
});
