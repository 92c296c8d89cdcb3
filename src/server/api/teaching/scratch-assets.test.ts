// Scratch素材库 API: checked uploads (type by content, size by kind, SVG with script refused — nothing stored),
// the library JSON computed on the server from a real PNG and a real WAV made here, sprites, tags from the
// allow-list, the paged list with dictionary texts, the editor's bare array, deletes that remove files no
// other item uses, and who may do what.
import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { makePng, makeWav } from '../../../../test/media.js';

const SVG = Buffer.from('<?xml version="1.0"?>\n<svg xmlns="http://www.w3.org/2000/svg" width="96" height="64" viewBox="0 0 96 64"><rect width="96" height="64" fill="#4c97ff"/></svg>');
const md5 = (b: Buffer) => createHash('md5').update(b).digest('hex');

describe.each(dialects)('Scratch素材库 API on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};
  const A = '/teaching/teachingScratchAssets';
  const PNG = makePng(120, 90);
  const WAV = makeWav(22050, 4410);

  const upload = async (data: Buffer, name: string, token = tok.admin) => {
    const form = new FormData();
    form.set('file', new Blob([data as BlobPart]), name);
    const r = await t.request(`/api${A}/upload`, { method: 'POST', body: form, headers: { 'X-Access-Token': token } });
    return { status: r.status, body: (await r.json()) as { success: boolean; message: string; result: any } };
  };
  /** The asset files in the store (local folder or bucket), by name. */
  const assetFiles = async () => {
    const names: string[] = [];
    for await (const o of t.deps.storage.list('internalapi/asset/')) names.push(o.key.slice('internalapi/asset/'.length));
    return names.sort();
  };
  const count = async () => Number((await t.db.selectFrom('teaching_scratch_assets').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n);
  const add = (body: unknown, token = tok.admin) => t.api('POST', `${A}/add`, { token, body });
  const row = (name: string) => t.db.selectFrom('teaching_scratch_assets').selectAll().where('asset_name', '=', name).executeTakeFirstOrThrow();

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    for (const u of ['admin', 'teacher', 'student1']) tok[u] = await t.login(u);
  });
  afterAll(async () => {
    await t?.close();
  });

  describe('upload', () => {
    it('stores a real PNG by its md5 and describes it', async () => {
      const res = await upload(PNG, 'cat.png');
      expect(res.status).toBe(200);
      expect(res.body.success).toBe(true);
      const id = md5(PNG);
      expect(res.body.message).toBe(`internalapi/asset/${id}.png`);
      expect(res.body.result).toMatchObject({ md5ext: `${id}.png`, assetId: id, dataFormat: 'png', rotationCenterX: 60, rotationCenterY: 45, bitmapResolution: 2 });
      expect(await assetFiles()).toContain(`${id}.png`);
      // Served by the stored-file route with its type.
      const file = await t.request(`/api/sys/common/static/internalapi/asset/${id}.png`);
      expect(file.status).toBe(200);
      expect(file.headers.get('Content-Type')).toBe('image/png');
    });

    it('reads rate and sample count from a real WAV', async () => {
      const res = await upload(WAV, 'meow.wav');
      expect(res.body.result).toMatchObject({ dataFormat: 'wav', rate: 22050, sampleCount: 4410, md5ext: `${md5(WAV)}.wav` });
    });

    it('takes an SVG at resolution 1 and serves it as an image', async () => {
      const res = await upload(SVG, 'box.svg');
      expect(res.body.result).toMatchObject({ dataFormat: 'svg', rotationCenterX: 48, rotationCenterY: 32, bitmapResolution: 1 });
      const file = await t.request(`/api/sys/common/static/internalapi/asset/${md5(SVG)}.svg`);
      expect(file.headers.get('Content-Type')).toBe('image/svg+xml');
      expect(file.headers.get('Content-Security-Policy')).toContain('sandbox');
    });

    it('refuses bad files with a clear message and stores nothing', async () => {
      const before = await assetFiles();
      const files = await t.db.selectFrom('sys_file').select('id').execute();
      const fakePng = Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), Buffer.from('not really a picture at all')]);
      const bigPng = Buffer.concat([makePng(10, 10), Buffer.alloc(5 * 1024 * 1024 + 1)]);
      const cases: [Buffer, string, RegExp][] = [
        [Buffer.from('hello, I am text pretending to be a png'), 'fake.png', /文件类型不支持/],
        [fakePng, 'broken.png', /无法读取图片尺寸/],
        [bigPng, 'big.png', /文件大小超出限制（PNG 不超过 5MB）/],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><script>alert(1)</script></svg>'), 'x.svg', /SVG 文件包含脚本/],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10" onload="alert(1)"></svg>'), 'y.svg', /事件脚本/],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><image href="https://evil.example/x.png"/></svg>'), 'z.svg', /外部资源/],
        [Buffer.from('<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY x SYSTEM "file:///etc/passwd">]><svg width="1" height="1">&x;</svg>'), 'e.svg', /DTD/],
        // Animation that sets an event handler or a link, however the attribute's name or value is written.
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect width="5" height="5"><set attributeName="onmouseover" to="alert(1)"/></rect></svg>'), 'set.svg', /动画/],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><a><animate attributeName="href" values="&#106;avascript:alert(1)"/><text>x</text></a></svg>'), 'animate.svg', /动画|脚本链接/],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><a><animate attributeName="h&#x72;ef" values="#a;#b"/></a></svg>'), 'href.svg', /动画/],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" xmlns:l="http://www.w3.org/1999/xlink" width="10" height="10"><a><animateMotion attributeName = \'l:href\' to="#a"/></a></svg>'), 'xlink.svg', /动画/],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><g><animateTransform attributeName="&#111;&#110;click" to="x"/></g></svg>'), 'onclick.svg', /动画/],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><rect><set to=">" attributeName="onclick"/></rect></svg>'), 'gt.svg', /动画/],
        [Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="10"><a href="&#106;avascript:alert(1)"><text>x</text></a></svg>'), 'js.svg', /脚本链接|外部资源/],
        [Buffer.from('RIFF\u0000\u0000\u0000\u0000WAVEjunk'), 'bad.wav', /无法读取声音/],
        [Buffer.alloc(0), 'empty.png', /文件内容为空|请选择要上传的文件/],
      ];
      for (const [data, name, message] of cases) {
        const res = await upload(data, name);
        expect(res.body.success, name).toBe(false);
        expect(res.body.message, name).toMatch(message);
      }
      expect(await assetFiles()).toEqual(before);
      expect(await t.db.selectFrom('sys_file').select('id').execute()).toHaveLength(files.length);
    });

    it('refuses a body over the upload limit before reading it', async () => {
      const res = await upload(Buffer.alloc(11 * 1024 * 1024, 1), 'huge.wav');
      expect(res.status).toBe(413);
      expect(res.body.message).toMatch(/素材文件不能超过10MB/);
    });

    it('only for those who add or edit assets', async () => {
      const res = await upload(PNG, 'cat.png', tok.student1);
      expect(res.status).toBe(403);
    });
  });

  describe('add, list, queryById', () => {
    it('computes the backdrop JSON from the file (whatever the client sends)', async () => {
      const id = md5(PNG);
      const res = await add({ assetType: 1, assetName: '橙色背景', md5Ext: `internalapi/asset/${id}.png`, tags: 'outdoors,space', assetData: '{"rotationCenterX":999}' });
      expect(res.body).toMatchObject({ success: true, message: '添加成功！' });
      const r = await row('橙色背景');
      expect(JSON.parse(r.asset_data)).toEqual({
        name: '橙色背景',
        tags: ['outdoors', 'space'],
        assetId: id,
        md5ext: `${id}.png`,
        dataFormat: 'png',
        rotationCenterX: 60,
        rotationCenterY: 45,
        bitmapResolution: 2,
      });
      expect(r.md5_ext).toBe(`internalapi/asset/${id}.png`);
      expect(r.tags).toBe('outdoors,space');
    });

    it('computes the sound JSON (rate, sample count)', async () => {
      await add({ assetType: 2, assetName: '喵', md5Ext: `${md5(WAV)}.wav`, tags: ['animals'] }, tok.teacher);
      expect(JSON.parse((await row('喵')).asset_data)).toEqual({ name: '喵', tags: ['animals'], assetId: md5(WAV), md5ext: `${md5(WAV)}.wav`, dataFormat: 'wav', rate: 22050, sampleCount: 4410 });
    });

    it('builds a sprite from several costumes and sounds', async () => {
      const res = await add({ assetType: 4, assetName: '方块', md5Ext: [`${md5(PNG)}.png`, `${md5(SVG)}.svg`, `${md5(WAV)}.wav`], tags: 'people' });
      expect(res.body.success).toBe(true);
      const item = JSON.parse((await row('方块')).asset_data);
      expect(item).toMatchObject({ name: '方块', tags: ['people'], isStage: false, variables: {}, blocks: {} });
      expect(item.costumes).toEqual([
        { name: '方块1', assetId: md5(PNG), md5ext: `${md5(PNG)}.png`, dataFormat: 'png', rotationCenterX: 60, rotationCenterY: 45, bitmapResolution: 2 },
        { name: '方块2', assetId: md5(SVG), md5ext: `${md5(SVG)}.svg`, dataFormat: 'svg', rotationCenterX: 48, rotationCenterY: 32, bitmapResolution: 1 },
      ]);
      expect(item.sounds).toEqual([{ name: '方块', assetId: md5(WAV), md5ext: `${md5(WAV)}.wav`, format: '', dataFormat: 'wav', rate: 22050, sampleCount: 4410 }]);
    });

    it('answers bad input with a clear message and saves nothing', async () => {
      const before = await count();
      const png = `${md5(PNG)}.png`;
      const cases: [unknown, RegExp][] = [
        [{ assetType: 'abc', assetName: 'x', md5Ext: png }, /素材类型/],
        [{ assetType: 7, assetName: 'x', md5Ext: png }, /素材类型只能是背景、声音、造型或角色/],
        [{ assetType: 1, assetName: '', md5Ext: png }, /请输入素材名/],
        [{ assetType: 1, assetName: 'x'.repeat(101), md5Ext: png }, /素材名不能超过100个字符/],
        [{ assetType: 1, assetName: 'x', md5Ext: '' }, /请上传素材文件/],
        [{ assetType: 1, assetName: 'x', md5Ext: '../../etc/passwd' }, /素材文件格式不正确/],
        [{ assetType: 1, assetName: 'x', md5Ext: `${'0'.repeat(32)}.png` }, /素材文件不存在/],
        [{ assetType: 2, assetName: 'x', md5Ext: png }, /声音素材需要一个 WAV 或 MP3 文件/],
        [{ assetType: 3, assetName: 'x', md5Ext: `${md5(WAV)}.wav` }, /造型素材需要一张/],
        [{ assetType: 1, assetName: 'x', md5Ext: [png, `${md5(SVG)}.svg`] }, /背景素材需要一张/],
        [{ assetType: 4, assetName: 'x', md5Ext: `${md5(WAV)}.wav` }, /角色至少需要一个造型图片/],
        [{ assetType: 1, assetName: 'x', md5Ext: png, tags: 'animals' }, /标签“animals”不是背景素材的标签/],
        [{ assetType: 1, assetName: 'x', md5Ext: png, tags: 42 }, /标签格式不正确/],
      ];
      for (const [body, message] of cases) {
        const res = await add(body);
        expect(res.body.success, JSON.stringify(body)).toBe(false);
        expect(res.body.message, JSON.stringify(body)).toMatch(message);
      }
      expect(await count()).toBe(before);
    });

    it('lists a page with type texts, tag labels, preview URLs and creators; filters by type and name', async () => {
      const res = await t.api('GET', `${A}/list?pageNo=1&pageSize=10`, { token: tok.admin });
      expect(res.body).toMatchObject({ success: true, code: 0 });
      expect(Object.keys(res.body.result)).toEqual(expect.arrayContaining(['records', 'total', 'size', 'current', 'pages']));
      expect(res.body.result.total).toBe(3);
      const bg = res.body.result.records.find((r: any) => r.assetName === '橙色背景');
      expect(bg).toMatchObject({ assetType: 1, assetType_dictText: '背景', tags: 'outdoors,space', tags_dictText: '户外,太空', createBy: 'admin', preview: `/api/sys/common/static/internalapi/asset/${md5(PNG)}.png` });
      expect(typeof bg.assetData).toBe('string');
      const sound = await t.api('GET', `${A}/list?assetType=2`, { token: tok.admin });
      expect(sound.body.result.records.map((r: any) => r.assetName)).toEqual(['喵']);
      expect(sound.body.result.records[0]).toMatchObject({ createBy: 'teacher', createBy_dictText: '王老师' });
      const named = await t.api('GET', `${A}/list?assetName=*方*`, { token: tok.teacher });
      expect(named.body.result.records.map((r: any) => r.assetName)).toEqual(['方块']);
      const one = await t.api('GET', `${A}/queryById?id=${bg.id}`, { token: tok.admin });
      expect(one.body.result).toMatchObject({ id: bg.id, assetName: '橙色背景', assetType_dictText: '背景' });
      expect((await t.api('GET', `${A}/queryById?id=nope`, { token: tok.admin })).body.message).toBe('未找到对应数据');
    });

    it('takes the tags from 分类字典 A03: a tag added there is accepted and labelled, a renamed one shows its new name', async () => {
      const group = await t.db.selectFrom('sys_category').select('id').where('code', '=', 'A03A01').executeTakeFirstOrThrow();
      const png = `${md5(PNG)}.png`;
      const refused = await add({ assetType: 1, assetName: '城市', md5Ext: png, tags: 'city' });
      expect(refused.body.message).toBe('标签“city”不是背景素材的标签');
      expect((await t.api('POST', '/sys/category/add', { token: tok.admin, body: { pid: group.id, name: '城市', itemValue: 'city' } })).body.success).toBe(true);
      expect((await add({ assetType: 1, assetName: '城市', md5Ext: png, tags: 'city,space' })).body.success).toBe(true);
      await t.db.updateTable('sys_category').set({ name: '宇宙' }).where('code', '=', 'A03A01A06').execute();
      const res = await t.api('GET', `${A}/list?assetName=城市`, { token: tok.admin });
      expect(res.body.result.records[0]).toMatchObject({ tags: 'city,space', tags_dictText: '城市,宇宙' });
      await t.db.updateTable('sys_category').set({ name: '太空' }).where('code', '=', 'A03A01A06').execute();
      await t.api('DELETE', `${A}/delete?id=${res.body.result.records[0].id}`, { token: tok.admin });
    });

    it('students cannot read or change the library screen', async () => {
      expect((await t.api('GET', `${A}/list`, { token: tok.student1 })).status).toBe(403);
      expect((await add({ assetType: 1, assetName: 'x', md5Ext: `${md5(PNG)}.png` }, tok.student1)).status).toBe(403);
    });
  });

  describe('getScratchAssets', () => {
    it('answers the bare array of library items of one type, to anyone logged in', async () => {
      const res = await t.request(`/api${A}/getScratchAssets?assetType=1`, { headers: { 'X-Access-Token': tok.student1 } });
      expect(res.status).toBe(200);
      const items = await res.json();
      expect(Array.isArray(items)).toBe(true);
      expect(items).toEqual([expect.objectContaining({ name: '橙色背景', md5ext: `${md5(PNG)}.png`, rotationCenterX: 60 })]);
      const sprites = await (await t.request(`/api${A}/getScratchAssets?assetType=4`, { headers: { 'X-Access-Token': tok.student1 } })).json();
      expect(sprites[0].costumes).toHaveLength(2);
    });

    it('refuses a bad type and anonymous callers', async () => {
      const bad = await t.api('GET', `${A}/getScratchAssets?assetType=9`, { token: tok.student1 });
      expect(bad.status).toBe(400);
      expect(bad.body.message).toMatch(/素材类型只能是1/);
      const anon = await t.api('GET', `${A}/getScratchAssets?assetType=1`);
      expect(anon.body.message).toBe('Token失效，请重新登录');
    });
  });

  describe('edit and delete', () => {
    it('a teacher edits only their own assets; the computed JSON follows the new name', async () => {
      const bg = await row('橙色背景');
      const refused = await t.api('PUT', `${A}/edit`, { token: tok.teacher, body: { id: bg.id, assetType: 1, assetName: '改名', md5Ext: bg.md5_ext } });
      expect(refused.status).toBe(403);
      expect(refused.body.message).toBe('只能修改或删除自己上传的素材');
      const mine = await row('喵');
      const res = await t.api('PUT', `${A}/edit`, { token: tok.teacher, body: { id: mine.id, assetType: 2, assetName: '小猫叫', md5Ext: mine.md5_ext, tags: 'animals,effects' } });
      expect(res.body.success).toBe(true);
      const after = await row('小猫叫');
      expect(JSON.parse(after.asset_data)).toMatchObject({ name: '小猫叫', tags: ['animals', 'effects'], rate: 22050 });
      expect(after.update_by).toBe('teacher');
    });

    it('deleting removes the files no other asset uses and keeps shared ones', async () => {
      const bg = await row('橙色背景');
      // The PNG is also a costume of the sprite: it stays.
      const del = await t.api('DELETE', `${A}/delete?id=${bg.id}`, { token: tok.admin });
      expect(del.body).toMatchObject({ success: true });
      expect(await assetFiles()).toContain(`${md5(PNG)}.png`);
      // A teacher cannot delete the admin's sprite.
      const sprite = await row('方块');
      expect((await t.api('DELETE', `${A}/deleteBatch?ids=${sprite.id},`, { token: tok.teacher })).status).toBe(403);
      expect(await count()).toBe(2);
      const batch = await t.api('DELETE', `${A}/deleteBatch?ids=${sprite.id},`, { token: tok.admin });
      expect(batch.body.success).toBe(true);
      // PNG and SVG were only the sprite's now; the WAV is still the teacher's sound.
      expect(await assetFiles()).not.toContain(`${md5(PNG)}.png`);
      expect(await assetFiles()).not.toContain(`${md5(SVG)}.svg`);
      expect(await assetFiles()).toContain(`${md5(WAV)}.wav`);
      expect(await t.db.selectFrom('sys_file').select('id').where('file_path', '=', `internalapi/asset/${md5(PNG)}.png`).execute()).toEqual([]);
      expect((await t.api('DELETE', `${A}/delete?id=gone`, { token: tok.admin })).body.message).toBe('未找到对应数据');
    });
  });
});
