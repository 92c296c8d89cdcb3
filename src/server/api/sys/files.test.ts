// GET /sys/common/static/<key>: stored files, read from the file store (local folder or bucket); no key leaves it.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
let cover: { file_path: string; file_size: number };
let project: { file_path: string; file_size: number };
const SECRET = 'top-secret-outside-the-files-dir';
let secretName: string;

beforeAll(async () => {
  t = await startTestApp();
  cover = await t.db
    .selectFrom('sys_file')
    .select(['file_path', 'file_size'])
    .where('mime_type', '=', 'image/png')
    .orderBy('file_path')
    .executeTakeFirstOrThrow();
  // A public work's project: course files (starter projects, examples) may be hidden from students.
  project = await t.db
    .selectFrom('sys_file as f')
    .innerJoin('teaching_work as w', 'w.work_file', 'f.id')
    .select(['f.file_path', 'f.file_size'])
    .where('f.file_path', 'like', '%.sb3')
    .where('w.work_status', '>=', 3)
    .orderBy('f.file_path')
    .executeTakeFirstOrThrow();
  // A file beside the local files folder that no URL may reach.
  secretName = `secret-${path.basename(t.filesDir)}.txt`;
  fs.writeFileSync(path.join(path.dirname(t.filesDir), secretName), SECRET);
});
afterAll(async () => {
  if (t) fs.rmSync(path.join(path.dirname(t.filesDir), secretName), { force: true });
  await t?.close();
});

const get = (p: string, init?: RequestInit) => t.request(p, init);

describe('serving stored files', () => {
  it('serves a seeded cover as a PNG with nosniff', async () => {
    const res = await get(`/api/sys/common/static/${cover.file_path}?_t=1700000000`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    // Stored files are sandboxed: an uploaded HTML or SVG file cannot run script in our origin.
    expect(res.headers.get('content-security-policy')).toBe("default-src 'none'; sandbox");
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.length).toBe(Number(cover.file_size));
    expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
    expect(bytes.equals((await t.deps.storage.read(cover.file_path))!)).toBe(true);
  });

  it('serves a Scratch project as a download with nosniff', async () => {
    const res = await get(`/api/sys/common/static/${project.file_path}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
    const bytes = Buffer.from(await res.arrayBuffer());
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    expect(bytes.length).toBe(Number(project.file_size));
  });

  it('answers a byte range with 206 (a video seeks only then), the whole file for anything else, 416 past the end', async () => {
    // A download (streamed from every store, also a bucket; videos on a bucket go to a signed address instead).
    const key = 'common/range-test.pdf';
    await t.deps.storage.put(key, Buffer.from('%PDF-0123456789'));
    const ask = (range?: string) => get(`/api/sys/common/static/${key}`, range ? { headers: { Range: range } } : undefined);
    const whole = await ask();
    expect(whole.status).toBe(200);
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(await whole.text()).toBe('%PDF-0123456789');
    const part = await ask('bytes=5-8');
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe('bytes 5-8/15');
    expect(part.headers.get('content-length')).toBe('4');
    expect(await part.text()).toBe('0123');
    const open = await ask('bytes=12-');
    expect([open.status, open.headers.get('content-range'), await open.text()]).toEqual([206, 'bytes 12-14/15', '789']);
    const suffix = await ask('bytes=-2');
    expect([suffix.status, await suffix.text()]).toEqual([206, '89']);
    const beyond = await ask('bytes=40-50');
    expect([beyond.status, beyond.headers.get('content-range')]).toEqual([416, 'bytes */15']);
    // Several ranges, or nonsense: the whole file.
    for (const range of ['bytes=0-1,4-5', 'items=0-1', 'bytes=9-3']) {
      const res = await ask(range);
      expect([res.status, await res.text()]).toEqual([200, '%PDF-0123456789']);
    }
    await t.deps.storage.remove(key);
  });

  it('needs no login', async () => {
    const res = await get(`/api/sys/common/static/${cover.file_path}`, { headers: { 'X-Access-Token': 'not-a-session' } });
    expect(res.status).toBe(200);
  });

  it('never serves HTML as HTML: an unknown extension is an octet-stream attachment', async () => {
    const key = 'demo/evil.html';
    await t.deps.storage.put(key, Buffer.from('<script>alert(1)</script>'));
    const res = await get(`/api/sys/common/static/${key}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).not.toContain('html');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment/);
  });

  it('answers 404 for the private prefixes: backpacks and database backups', async () => {
    for (const key of ['backpack/u1/item.json', 'backups/xuetang-20260302.db']) {
      await t.deps.storage.put(key, Buffer.from('private'));
      const res = await get(`/api/sys/common/static/${key}`);
      expect(res.status, key).toBe(404);
      expect(await res.text(), key).not.toContain('private');
    }
  });

  it('answers 404 for a missing file and for a directory', async () => {
    for (const p of ['/api/sys/common/static/demo/no-such-file.png', '/api/sys/common/static/demo', '/api/sys/common/static/demo/', '/api/sys/common/static/']) {
      const res = await get(p);
      expect(res.status, p).toBe(404);
    }
  });
});

describe('path traversal', () => {
  const attempts = () => [
    '/api/sys/common/static/../../etc/passwd',
    '/api/sys/common/static/%2e%2e/%2e%2e/etc/passwd',
    '/api/sys/common/static/%2E%2E/%2E%2E/%2E%2E/etc/passwd',
    '/api/sys/common/static/..%2f..%2f..%2f..%2fetc%2fpasswd',
    '/api/sys/common/static/%2e%2e%2f%2e%2e%2f%2e%2e%2fetc%2fpasswd',
    '/api/sys/common/static/demo/..%2f..%2f' + secretName,
    '/api/sys/common/static/..%2f' + secretName,
    '/api/sys/common/static/%2e%2e%2f' + secretName,
    '/api/sys/common/static/%252e%252e%252f' + secretName,
    '/api/sys/common/static/..%5c' + secretName,
    '/api/sys/common/static/demo%5c..%5c..%5c' + secretName,
    '/api/sys/common/static/%2fetc%2fpasswd',
    '/api/sys/common/static//etc/passwd',
    `/api/sys/common/static/${encodeURIComponent(path.join(path.dirname(t.filesDir), secretName))}`,
    `/api/sys/common/static/${cover.file_path}%00.txt`,
    '/api/sys/common/static/%E0%A4%A',
  ];

  it('answers 404 and reveals nothing for every escape attempt', async () => {
    for (const p of attempts()) {
      const res = await get(p);
      const text = await res.text();
      // A NUL byte is refused before any route (400 参数包含非法字符), every other attempt finds nothing.
      expect(res.status, p).toBe(p.includes('%00') ? 400 : 404);
      expect(text, p).not.toContain(SECRET);
      expect(text, p).not.toContain('root:');
    }
  });

  it('still serves the secret’s neighbour inside the store (the 404s above are not blanket refusals)', async () => {
    await t.deps.storage.put('demo/inside.txt', Buffer.from('inside'));
    const res = await get('/api/sys/common/static/demo/inside.txt');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe('inside');
  });
});
