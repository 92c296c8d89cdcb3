// Scratch素材库 pages as a browser without JavaScript uses them: the list (filters, preview image or audio,
// tags, creator), the dialog with its file field, tag groups and read-only computed JSON, saving through the
// library's own checked upload, a refused SVG leaving nothing saved, and who may open the screen.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSession } from '../../domain/sessions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { makePng, makeWav } from '../../../../test/media.js';

let t: TestApp;
let admin: string;
const cookieOf = async (username: string) => `xt_token=${(await createSession(t.db, await t.userId(username))).token}`;
const get = (p: string, cookie = admin) => t.request(p, { headers: { Cookie: cookie } });
const post = (p: string, body: FormData, cookie = admin) => t.request(p, { method: 'POST', headers: { Cookie: cookie, Origin: 'http://127.0.0.1' }, body });
const asset = (name: string) => t.db.selectFrom('teaching_scratch_assets').selectAll().where('asset_name', '=', name).executeTakeFirst();

beforeAll(async () => {
  t = await startTestApp();
  admin = await cookieOf('admin');
});
afterAll(async () => {
  await t?.close();
});

describe('Scratch素材库 pages', () => {
  it('renders the add dialog: type, name, file input (multipart), tag groups, JSON note', async () => {
    const html = await (await get('/scratch/assets/form')).text();
    expect(html).toMatch(/<form[^>]*enctype="multipart\/form-data"/);
    expect(html).toContain('name="md5Ext__file"');
    for (const s of ['素材类型', '素材名', '素材文件', '标签', '素材json数据', '背景标签', '声音标签', '造型/角色标签', '保存后由服务器根据上传的文件自动生成']) expect(html).toContain(s);
    expect(html).toMatch(/name="tags" value="underwater"/);
  });

  it('saves a backdrop from an uploaded PNG and shows it in the list with its preview', async () => {
    const f = new FormData();
    f.set('assetType', '1');
    f.set('assetName', '页面背景');
    f.append('tags', 'indoors');
    f.set('back', '/scratch/assets');
    f.set('md5Ext__file', new Blob([makePng(480, 360) as BlobPart], { type: 'image/png' }), 'room.png');
    const res = await post('/scratch/assets/save', f);
    expect(res.status).toBe(303);
    const saved = await asset('页面背景');
    expect(saved?.md5_ext).toMatch(/^internalapi\/asset\/[0-9a-f]{32}\.png$/);
    expect(JSON.parse(saved!.asset_data)).toMatchObject({ rotationCenterX: 240, rotationCenterY: 180, bitmapResolution: 2, tags: ['indoors'] });

    const list = await (await get('/scratch/assets')).text();
    expect(list).toContain('页面背景');
    expect(list).toContain('室内');
    expect(list).toMatch(new RegExp(`<img class="xt-cell-image" src="/api/sys/common/static/${saved!.md5_ext}"`));
    // The edit dialog shows the computed JSON read-only.
    const edit = await (await get(`/scratch/assets/form?id=${saved!.id}`)).text();
    expect(edit).toMatch(/<pre class="xt-asset-json"[^>]*>[\s\S]*&quot;rotationCenterX&quot;: 240/);
  });

  it('a sound shows as an audio player; a new file replaces the kept one', async () => {
    const f = new FormData();
    f.set('assetType', '2');
    f.set('assetName', '页面声音');
    f.set('back', '/scratch/assets');
    f.set('md5Ext__file', new Blob([makeWav(8000, 800) as BlobPart], { type: 'audio/wav' }), 'a.wav');
    expect((await post('/scratch/assets/save', f)).status).toBe(303);
    const first = (await asset('页面声音'))!;
    const list = await (await get('/scratch/assets?assetType=2')).text();
    expect(list).toMatch(/<audio class="xt-cell-audio" src="\/api\/sys\/common\/static\/internalapi\/asset\/[0-9a-f]{32}\.wav" controls/);
    expect(list).not.toContain('页面背景');

    const g = new FormData();
    g.set('id', first.id);
    g.set('assetType', '2');
    g.set('assetName', '页面声音');
    g.set('back', '/scratch/assets');
    g.append('md5Ext', first.md5_ext); // the kept file's box
    g.set('md5Ext__file', new Blob([makeWav(16000, 1600) as BlobPart], { type: 'audio/wav' }), 'b.wav');
    expect((await post('/scratch/assets/save', g)).status).toBe(303);
    const after = (await asset('页面声音'))!;
    expect(after.md5_ext).not.toBe(first.md5_ext);
    expect(JSON.parse(after.asset_data)).toMatchObject({ rate: 16000, sampleCount: 1600 });
    // The replaced file is gone from the store.
    expect(first.md5_ext).toMatch(/^internalapi\/asset\/[0-9a-f]{32}\.wav$/);
    expect(await t.deps.storage.stat(first.md5_ext)).toBeNull();
  });

  it('refuses an SVG with script: the message shows beside the field and nothing is saved', async () => {
    const f = new FormData();
    f.set('assetType', '3');
    f.set('assetName', '坏造型');
    f.set('back', '/scratch/assets');
    f.set('md5Ext__file', new Blob(['<svg xmlns="http://www.w3.org/2000/svg" width="9" height="9"><script>alert(1)</script></svg>'], { type: 'image/svg+xml' }), 'bad.svg');
    const res = await post('/scratch/assets/save', f);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain('SVG 文件包含脚本');
    expect(await asset('坏造型')).toBeUndefined();
  });

  it('is open to teachers and closed to students', async () => {
    expect((await get('/scratch/assets', await cookieOf('teacher'))).status).toBe(200);
    expect((await get('/scratch/assets', await cookieOf('student1'))).status).toBe(403);
  });
});
