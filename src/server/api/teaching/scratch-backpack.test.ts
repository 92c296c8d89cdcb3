// The Scratch backpack API: a user saves a costume, a sound, a script and a sprite and gets them back (newest
// first, files readable through getFile with the session cookie as the editor reads them); nobody else can
// list, read or delete them, nor reach them through the public stored-file route; bad base64, a wrong MIME,
// content that does not match its MIME, a thumbnail that is no image and oversized content are refused with
// nothing stored; a full backpack says so; deleting removes the files.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { makePng, makeWav } from '../../../../test/media.js';
import { zipArchive } from '../../shared/zip.js';
import { MAX_ITEMS } from '../../domain/backpack.js';

const B = '/teaching/scratch/backpack';
const SVG = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="20" height="20"><circle r="9" cx="10" cy="10" fill="#f00"/></svg>');
/** JPEG thumbnails are checked by their first bytes (the editor makes real ones with a canvas). */
const JPEG = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10]), Buffer.from('JFIF\0'), Buffer.alloc(64, 7), Buffer.from([0xff, 0xd9])]);
const b64 = (b: Buffer) => b.toString('base64');
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe.each(dialects)('Scratch backpack on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const uid: Record<string, string> = {};

  const save = (token: string, body: Record<string, unknown>) => t.api('POST', `${B}/save`, { token, body });
  const costume = (token: string, name = '小猫') => save(token, { type: 'costume', mime: 'image/svg+xml', name, body: b64(SVG), thumbnail: b64(JPEG) });
  const list = (token: string, q = '') => t.api('GET', `${B}/content${q}`, { token });
  const get = (url: string, headers: Record<string, string>) => t.request(url, { headers });
  /** The user's backpack files in the store (local folder or bucket), by name. */
  const userFiles = async (who: string) => {
    const prefix = `backpack/${uid[who]}/`;
    const names: string[] = [];
    for await (const o of t.deps.storage.list(prefix)) names.push(o.key.slice(prefix.length));
    return names.sort();
  };
  const rows = async (who: string) =>
    Number((await t.db.selectFrom('teaching_scratch_backpack').select((eb) => eb.fn.countAll<number>().as('n')).where('user_id', '=', uid[who]).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    for (const u of ['student1', 'student2', 'teacher', 'admin']) {
      tok[u] = await t.login(u);
      uid[u] = await t.userId(u);
    }
  });
  afterAll(async () => {
    await t?.close();
  });

  it('needs a login', async () => {
    const res = await t.api('GET', `${B}/content`);
    expect(res.body).toMatchObject({ success: false, message: 'Token失效，请重新登录' });
  });

  it('saves four kinds of items and lists them newest first, each readable by its owner', async () => {
    const wav = makeWav(22050, 2205);
    const script = Buffer.from(JSON.stringify([{ id: 'a', opcode: 'motion_movesteps', inputs: {}, fields: {}, topLevel: true }]));
    const sprite = zipArchive([
      { name: 'sprite.json', data: Buffer.from(JSON.stringify({ isStage: false, name: '小球', costumes: [], sounds: [], blocks: {} })) },
      { name: `${md5(SVG)}.svg`, data: SVG },
    ]);
    const c = await costume(tok.student1);
    expect(c.body.success, c.body.message).toBe(true);
    expect(c.body.result).toMatchObject({ name: '小猫', type: 'costume', mime: 'image/svg+xml', md5ext: `${md5(SVG)}.svg` });
    expect(c.body.result.body).toBe(`/api${B}/getFile/${md5(SVG)}.svg`);
    const s = await save(tok.student1, { type: 'sound', mime: 'audio/x-wav', name: '喵', body: b64(wav), thumbnail: b64(makePng(8, 8)) });
    expect(s.body.success, s.body.message).toBe(true);
    const code = await save(tok.student1, { type: 'script', mime: 'application/json', name: 'code', body: b64(script), thumbnail: b64(JPEG) });
    expect(code.body.success, code.body.message).toBe(true);
    expect(code.body.result.md5ext).toBeNull();
    const sp = await save(tok.student1, { type: 'sprite', mime: 'application/zip', name: '小球', body: b64(sprite), thumbnail: b64(JPEG) });
    expect(sp.body.success, sp.body.message).toBe(true);

    const all = await list(tok.student1);
    expect(all.body.success).toBe(true);
    expect(all.body.result.map((i: any) => i.name)).toEqual(['小球', 'code', '喵', '小猫']);
    expect((await list(tok.student1, '?limit=2&offset=1')).body.result.map((i: any) => i.name)).toEqual(['code', '喵']);

    // The editor fetches bodies and thumbnails with the session cookie; each comes back byte for byte, typed.
    const cookie = { Cookie: `xt_token=${tok.student1}` };
    const expectFile = async (url: string, bytes: Buffer, type: string) => {
      const res = await get(url, cookie);
      expect(res.status, url).toBe(200);
      expect(res.headers.get('Content-Type')).toBe(type);
      expect(res.headers.get('X-Content-Type-Options')).toBe('nosniff');
      expect(res.headers.get('Cache-Control')).toBe('private, no-store');
      expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    };
    await expectFile(c.body.result.body, SVG, 'image/svg+xml');
    await expectFile(c.body.result.thumbnail, JPEG, 'image/jpeg');
    await expectFile(s.body.result.body, wav, 'audio/wav');
    await expectFile(code.body.result.body, script, 'application/json; charset=utf-8');
    await expectFile(sp.body.result.body, sprite, 'application/zip');
    // An SVG from the backpack cannot run script in our origin when opened directly.
    expect((await get(c.body.result.body, cookie)).headers.get('Content-Security-Policy')).toBe("default-src 'none'; sandbox");
    expect(await userFiles('student1')).toHaveLength(8);
  });

  it('another user cannot list, read or delete them, nor reach the files by their stored path', async () => {
    const mine = (await list(tok.student1)).body.result as any[];
    expect(mine.length).toBeGreaterThan(0);
    expect((await list(tok.student2)).body.result).toEqual([]);
    expect((await list(tok.admin)).body.result).toEqual([]);
    for (const item of mine) {
      for (const url of [item.body, item.thumbnail]) {
        expect((await get(url, { Cookie: `xt_token=${tok.student2}` })).status).toBe(404);
        expect((await get(url, { 'X-Access-Token': tok.admin })).status).toBe(404);
        expect((await get(url, {})).status).toBe(500); // not logged in: the login-expired answer
      }
      const del = await t.api('DELETE', `${B}/delete?id=${item.id}`, { token: tok.student2 });
      expect(del.body).toMatchObject({ success: false, message: '未找到对应数据' });
    }
    expect((await list(tok.student1)).body.result).toHaveLength(mine.length);
    // The files are in the store, but the public stored-file route refuses that folder.
    for (const f of await userFiles('student1')) {
      const res = await t.request(`/api/sys/common/static/backpack/${uid.student1}/${f}`);
      expect(res.status).toBe(404);
    }
  });

  it('refuses bad base64, a wrong type or MIME, content unlike its MIME, a thumbnail that is no image and oversized content, storing nothing', async () => {
    const before = { rows: await rows('student2'), files: (await userFiles('student2')).length };
    const base = { type: 'costume', mime: 'image/svg+xml', name: 'x', body: b64(SVG), thumbnail: b64(JPEG) };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, body: 'not base64!!' }, '内容不是有效的 base64 编码'],
      [{ ...base, thumbnail: 'YWJj=' }, '缩略图不是有效的 base64 编码'],
      [{ ...base, type: 'backdrop' }, '类型只能是代码（script）、造型（costume）、声音（sound）或角色（sprite）'],
      [{ ...base, mime: 'text/html' }, '造型不支持 text/html 格式'],
      [{ ...base, type: 'sound' }, '声音不支持 image/svg+xml 格式'],
      [{ ...base, mime: 'image/png' }, '内容与格式 image/png 不符'],
      [{ ...base, body: b64(Buffer.from('<html><script>alert(1)</script></html>')) }, '内容与格式 image/svg+xml 不符'],
      // The same SVG check as the asset library (domain/scratch-assets.ts svgProblem).
      [{ ...base, body: b64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><rect><set attributeName="onmouseover" to="alert(1)"/></rect></svg>')) }, 'SVG 文件包含改写事件或链接的动画（<set>），已拒绝'],
      [{ ...base, body: b64(Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><circle r="9" onload="alert(1)"/></svg>')) }, 'SVG 文件包含事件脚本（on… 属性），已拒绝'],
      [{ ...base, type: 'script', mime: 'application/json', body: b64(Buffer.from('{not json')) }, '内容与格式 application/json 不符'],
      [{ ...base, type: 'sprite', mime: 'application/zip', body: b64(zipArchive([{ name: 'project.json', data: Buffer.from('{}') }])) }, '角色文件缺少 sprite.json'],
      [{ ...base, type: 'sprite', mime: 'application/zip', body: b64(SVG) }, '角色文件不是有效的 sprite3 压缩包'],
      [{ ...base, thumbnail: b64(SVG) }, '缩略图必须是 JPEG 或 PNG 图片'],
      [{ ...base, body: '' }, '内容不能为空'],
      [{ ...base, name: '名'.repeat(101) }, '名称不能超过100个字符'],
      [{ ...base, type: 'script', mime: 'application/json', body: b64(Buffer.from(JSON.stringify(['x'.repeat(5 * 1024 * 1024)]))) }, '内容不能超过5MB'],
    ];
    for (const [body, message] of cases) {
      const res = await save(tok.student2, body);
      expect(res.body, message).toMatchObject({ success: false, message });
    }
    // Beyond the request limit the body is not even read.
    const huge = await save(tok.student2, { ...base, body: 'A'.repeat(8 * 1024 * 1024) });
    expect(huge.status).toBe(413);
    expect(huge.body.success).toBe(false);
    expect(await rows('student2')).toBe(before.rows);
    expect(await userFiles('student2')).toHaveLength(before.files);
  });

  it(`holds at most ${MAX_ITEMS} items per user and says so`, async () => {
    // Fill the teacher's backpack directly (the save route limits saves per minute), then save once more.
    const values = Array.from({ length: MAX_ITEMS }, (_, i) => ({
      id: `fill${String(i).padStart(28, '0')}`,
      user_id: uid.teacher,
      order_no: i + 1,
      type: 'costume',
      mime: 'image/svg+xml',
      name: `造型${i}`,
      body_name: `${md5(SVG)}.svg`,
      body_key: `backpack/${uid.teacher}/fill${i}.svg`,
      body_size: SVG.length,
      thumbnail_name: `fill${i}.jpg`,
      thumbnail_key: `backpack/${uid.teacher}/fill${i}-thumb.jpg`,
      thumbnail_size: JPEG.length,
      create_time: '2026-01-01 00:00:00',
    }));
    await t.db.insertInto('teaching_scratch_backpack').values(values).execute();
    const res = await costume(tok.teacher);
    expect(res.body).toMatchObject({ success: false, message: `书包已满（最多${MAX_ITEMS}项），请先删除一些再放入` });
    expect(await rows('teacher')).toBe(MAX_ITEMS);
    await t.db.deleteFrom('teaching_scratch_backpack').where('user_id', '=', uid.teacher).execute();
    expect((await costume(tok.teacher)).body.success).toBe(true);
  });

  it('deleting an item removes its row and both files; the owner can no longer read them', async () => {
    const saved = await costume(tok.student2, '要删除的');
    expect(saved.body.success).toBe(true);
    const item = saved.body.result;
    expect(await userFiles('student2')).toHaveLength(2);
    const del = await t.api('DELETE', `${B}/delete?id=${item.id}`, { token: tok.student2 });
    expect(del.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await userFiles('student2')).toEqual([]);
    expect((await list(tok.student2)).body.result).toEqual([]);
    expect((await get(item.thumbnail, { 'X-Access-Token': tok.student2 })).status).toBe(404);
    expect((await t.api('DELETE', `${B}/delete?id=${item.id}`, { token: tok.student2 })).body.message).toBe('未找到对应数据');
    // A cookie-authenticated delete from another site is refused (CSRF).
    const other = (await costume(tok.student2)).body.result;
    const res = await t.request(`/api${B}/delete?id=${other.id}`, { method: 'DELETE', headers: { Cookie: `xt_token=${tok.student2}`, Origin: 'https://evil.example' } });
    expect(res.status).toBe(403);
    expect((await list(tok.student2)).body.result).toHaveLength(1);
  });

  it('an account purged from the recycle bin takes its backpack (rows and files) with it', async () => {
    const token = await t.login('student3');
    uid.student3 = await t.userId('student3');
    expect((await costume(token, '带走的')).body.success).toBe(true);
    expect(await userFiles('student3')).toHaveLength(2);
    expect((await t.api('DELETE', `/sys/user/delete?id=${uid.student3}`, { token: tok.admin })).body.success).toBe(true);
    const purged = await t.api('DELETE', `/sys/user/deleteRecycleBin?userIds=${uid.student3}`, { token: tok.admin });
    expect(purged.body, purged.body.message).toMatchObject({ success: true });
    expect(await rows('student3')).toBe(0);
    expect(await userFiles('student3')).toEqual([]);
  });
});
