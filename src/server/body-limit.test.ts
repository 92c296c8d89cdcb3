// The global request body limit: a body over the limit is refused while it streams in (the server stops
// pulling it), a declared Content-Length over the limit is refused unread, for the API and for page forms;
// upload and import routes accept their larger files.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../test/harness.js';
import { DEFAULT_BODY_LIMIT } from './body-limit.js';

/** A body of `total` bytes of `fill` that counts how much of it the server pulled. */
function countingBody(total: number, fill = 0x20) {
  const chunk = new Uint8Array(64 * 1024).fill(fill);
  const seen = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(ctl) {
      if (seen.pulled >= total) return ctl.close();
      const part = chunk.subarray(0, Math.min(chunk.byteLength, total - seen.pulled));
      seen.pulled += part.byteLength;
      ctl.enqueue(part);
    },
  });
  return { stream, seen };
}

const MB = 1024 * 1024;

describe.each(dialects)('request body limit on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  beforeAll(async () => {
    t = await startTestApp({ dialect, demoContent: false });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops reading a 20 MB JSON body to the API soon after 1 MB and answers 413 in the envelope', async () => {
    const { stream, seen } = countingBody(20 * MB);
    const res = await t.request('/api/sys/role/add', {
      method: 'POST',
      headers: { 'X-Access-Token': admin, 'Content-Type': 'application/json' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ success: false, code: 413, message: '请求数据过大，不能超过1MB' });
    expect(seen.pulled).toBeLessThan(DEFAULT_BODY_LIMIT + 256 * 1024);
    expect(await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'big').executeTakeFirst()).toBeUndefined();
  });

  it('refuses a declared Content-Length over the limit without reading the body', async () => {
    const { stream, seen } = countingBody(3 * MB);
    const res = await t.request('/api/sys/role/add', {
      method: 'POST',
      headers: { 'X-Access-Token': admin, 'Content-Type': 'application/json', 'Content-Length': String(3 * MB) },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(seen.pulled).toBeLessThanOrEqual(64 * 1024);
  });

  it('limits page forms too (the login form), answering a short page', async () => {
    const { stream, seen } = countingBody(8 * MB, 0x61);
    const res = await t.request('/user/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: 'http://127.0.0.1' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    expect(await res.text()).toContain('请求数据过大');
    expect(seen.pulled).toBeLessThan(DEFAULT_BODY_LIMIT + 256 * 1024);
  });

  it('lets an announcement carry the 500,000 characters its form allows (1.5 MB of Chinese)', async () => {
    const res = await t.api('POST', '/sys/annountCement/add', {
      token: admin,
      body: { titile: '长公告', msgContent: `<p>${'长'.repeat(499_000)}</p>`, priority: 'L', msgCategory: '1', msgType: 'ALL' },
    });
    expect(res.body).toMatchObject({ success: true, message: '添加成功！' });
  });

  it('lets the upload route take files above the default limit, and stops at its own', async () => {
    const img = new PNG({ width: 2, height: 2 });
    const png = PNG.sync.write(img);
    const form = new FormData();
    form.set('file', new Blob([png as BlobPart, new Uint8Array(3 * MB)]), 'big.png');
    form.set('biz', 'avatar');
    const ok = await t.request('/api/sys/common/upload', { method: 'POST', headers: { 'X-Access-Token': admin }, body: form });
    expect((await ok.json()).success).toBe(true);

    const { stream, seen } = countingBody(40 * MB);
    const res = await t.request('/api/sys/common/upload', {
      method: 'POST',
      headers: { 'X-Access-Token': admin, 'Content-Type': 'multipart/form-data; boundary=x' },
      body: stream,
      duplex: 'half',
    } as RequestInit);
    expect(res.status).toBe(413);
    // The route's limit is the largest file it takes, a 30 MB Scratch project.
    expect((await res.json()).message).toBe('文件过大：Scratch 项目不能超过30MB，其他文件不能超过10MB');
    expect(seen.pulled).toBeLessThan(31 * MB);
  });
});
