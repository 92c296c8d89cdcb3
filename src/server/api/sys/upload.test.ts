// POST /sys/common/upload: logged in only, ≤ 10 MB, type from the content's magic bytes, server-made names
// under <biz>/ in the file store, a sys_file row per stored file; and serving the stored file back.
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { storedKeys } from '../../../../test/stored-files.js';
import { newId } from '../../domain/ids.js';
import { daysAgo, today } from '../../domain/time.js';
import { DAILY_UPLOAD_BYTES, uploadedToday, UPLOADS_PER_MINUTE } from '../../domain/uploads.js';

const png = () => {
  const img = new PNG({ width: 2, height: 2 });
  img.data.fill(200);
  return PNG.sync.write(img);
};
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);
const gif = Buffer.from('GIF89a\x01\x00\x01\x00\x00\x00\x00;', 'latin1');
const webp = Buffer.concat([Buffer.from('RIFF'), Buffer.from([0x1a, 0, 0, 0]), Buffer.from('WEBPVP8 '), Buffer.alloc(14)]);

describe.each(dialects)('upload on %s', (dialect) => {
  let t: TestApp;
  let student: string;

  const upload = (data: Uint8Array | string, o: { name?: string; biz?: string; type?: string; token?: string | null } = {}) => {
    const form = new FormData();
    form.set('file', new Blob([data as BlobPart], { type: o.type ?? 'image/png' }), o.name ?? 'a.png');
    if (o.biz !== undefined) form.set('biz', o.biz);
    const headers: Record<string, string> = {};
    const token = o.token === undefined ? student : o.token;
    if (token) headers['X-Access-Token'] = token;
    return t.request('/api/sys/common/upload', { method: 'POST', body: form, headers }).then(async (r) => ({ status: r.status, body: await r.json() }));
  };

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    student = await t.login('student1');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stores an image under a server-made name, registers it and returns the key in message', async () => {
    for (const [data, ext] of [[png(), 'png'], [jpeg, 'jpg'], [gif, 'gif'], [webp, 'webp']] as const) {
      const res = await upload(data, { biz: 'avatar', name: '../../../etc/passwd.png' });
      expect(res.body.success, JSON.stringify(res.body)).toBe(true);
      const key = res.body.message as string;
      expect(key).toMatch(new RegExp(`^avatar/[0-9a-f]{32}\\.${ext}$`));
      expect(await t.deps.storage.read(key)).toEqual(Buffer.from(data));
      const row = await t.db.selectFrom('sys_file').selectAll().where('file_path', '=', key).executeTakeFirstOrThrow();
      expect(row).toMatchObject({ file_tag: 'avatar', create_by: 'student1', file_size: data.length, del_flag: 0 });
      expect(row.file_name).not.toContain('/');
      const served = await t.request(`/api/sys/common/static/${key}`);
      expect(served.status).toBe(200);
      expect(served.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(Buffer.from(await served.arrayBuffer())).toEqual(Buffer.from(data));
    }
  });

  it('judges the type by content, not by name or declared type', async () => {
    const html = await upload('<html><script>alert(1)</script></html>', { name: 'x.png', type: 'image/png', biz: 'avatar' });
    expect(html.body).toMatchObject({ success: false, message: '文件类型不支持，仅支持 PNG、JPEG、GIF、WEBP 图片' });
    expect(html.status).toBe(415);
    const zip = await upload(Buffer.from([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]), { name: 'a.png', biz: 'avatar' });
    expect(zip.body.success).toBe(false);
    // A real PNG named .exe is still a PNG, stored as .png.
    const renamed = await upload(png(), { name: 'evil.exe', type: 'application/octet-stream', biz: 'avatar' });
    expect(renamed.body.message).toMatch(/\.png$/);
  });

  it('refuses more than 10 MB with 文件大小超出10MB限制 and stores nothing', async () => {
    const before = Number((await t.db.selectFrom('sys_file').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    const big = Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024 + 1)]);
    const res = await upload(big, { biz: 'avatar' });
    expect(res.body).toMatchObject({ success: false, message: '文件大小超出10MB限制' });
    const after = Number((await t.db.selectFrom('sys_file').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
    expect(after).toBe(before);
    // Exactly 10 MB is fine.
    const max = Buffer.concat([png(), Buffer.alloc(10 * 1024 * 1024 - png().length)]);
    expect((await upload(max, { biz: 'avatar' })).body.success).toBe(true);
  });

  it('restricts biz to [a-z0-9_-]{1,32}, defaults it, and needs a session and a file', async () => {
    for (const biz of ['../etc', 'A', 'a/b', 'x'.repeat(33), '..']) {
      const res = await upload(png(), { biz });
      expect(res.body.success, biz).toBe(false);
      expect(res.body.message).toMatch(/上传目录名称不合法/);
    }
    expect((await upload(png(), {})).body.message).toMatch(/^common\//);
    const anon = await upload(png(), { token: null });
    expect(anon.status).toBe(500);
    expect(anon.body.message).toBe('Token失效，请重新登录');
    const none = await t.request('/api/sys/common/upload', { method: 'POST', body: new FormData(), headers: { 'X-Access-Token': student } });
    expect((await none.json()).message).toBe('请选择要上传的文件');
  });

  it('accepts only the known folders', async () => {
    for (const biz of ['scripts', 'etc', 'x1']) {
      const res = await upload(png(), { biz });
      expect(res.body, biz).toMatchObject({ success: false, message: `不支持的上传目录：${biz}` });
      expect(await storedKeys(t.deps.storage, `${biz}/`)).toEqual([]);
    }
    for (const biz of ['temp', 'jeditor', 'sysconfig']) expect((await upload(png(), { biz })).body.success, biz).toBe(true);
  });

  it(`allows ${UPLOADS_PER_MINUTE} uploads a minute per user, then asks to wait; others are not held up`, async () => {
    const teacher = await t.login('teacher');
    const files = async () => (await t.db.selectFrom('sys_file').select('id').where('create_by', '=', 'teacher').execute()).length;
    const before = await files();
    const results = await Promise.all(Array.from({ length: UPLOADS_PER_MINUTE + 5 }, () => upload(png(), { biz: 'avatar', token: teacher })));
    expect(results.filter((r) => r.body.success)).toHaveLength(UPLOADS_PER_MINUTE);
    const refused = results.filter((r) => !r.body.success);
    expect(refused).toHaveLength(5);
    for (const r of refused) expect(r.body).toMatchObject({ message: '上传过于频繁，请稍后再试', code: 429 });
    expect(await files()).toBe(before + UPLOADS_PER_MINUTE);
    expect((await upload(png(), { biz: 'avatar', token: await t.login('student2') })).body.success).toBe(true);
  });

  it('keeps each user within a daily byte quota; yesterday’s uploads do not count', async () => {
    const token = await t.login('student3');
    const row = (bytes: number, day: string) => ({
      id: newId(),
      file_type: 1,
      file_name: 'earlier.png',
      file_path: `avatar/${newId()}.png`,
      file_location: 1,
      file_tag: 'avatar',
      mime_type: 'image/png',
      file_size: bytes,
      del_flag: 0,
      create_by: 'student3',
      create_time: `${day} 08:00:00`,
    });
    // Whatever the seed gave student3 today, plus enough to leave 100 bytes of the quota.
    const seeded = await uploadedToday(t.db, 'student3');
    await t.db.insertInto('sys_file').values([row(DAILY_UPLOAD_BYTES, daysAgo(1)), row(DAILY_UPLOAD_BYTES - seeded - 100, today())]).execute();
    const big = await upload(Buffer.concat([png(), Buffer.alloc(200)]), { biz: 'avatar', token });
    expect(big.body).toMatchObject({ success: false, code: 429, message: `超出今日上传额度（每人每天${DAILY_UPLOAD_BYTES / 1024 / 1024}MB），请明天再试` });
    const small = Buffer.from(png().subarray(0, 80));
    const fits = await upload(small, { biz: 'avatar', token });
    expect(fits.body.success, fits.body.message).toBe(true);
    const full = await upload(png(), { biz: 'avatar', token });
    expect(full.body.message).toMatch(/超出今日上传额度/);
    expect(await uploadedToday(t.db, 'student3')).toBe(DAILY_UPLOAD_BYTES - 100 + small.length);
  });
});
