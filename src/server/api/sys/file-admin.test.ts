// 文件管理 / OSS文件 API: administrators only; where each file is used (every kind of reference); delete refused
// while used and allowed (file gone from the store) when nothing uses it; the orphans tab (the store listed, on a
// bucket too); OSS upload checked by content.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fileUsages } from '../../domain/file-usages.js';
import { newId } from '../../domain/ids.js';
import { storeUpload } from '../../domain/uploads.js';
import { expectFailure, expectNoPermission, expectPage } from '../../../../test/assertions.js';
import { startTestApp, type TestApp } from '../../../../test/harness.js';
import { makePng } from '../../../../test/media.js';

let t: TestApp;
let admin: string;
let teacher: string;

beforeAll(async () => {
  t = await startTestApp();
  admin = await t.login('admin');
  teacher = await t.login('teacher');
});
afterAll(async () => {
  await t?.close();
});

let shade = 0;
/** A fresh stored PNG (row and file), as an upload to `biz` would leave it. */
async function stored(biz = 'common', name = 'pic.png') {
  shade += 1;
  const data = makePng(4, 4, [shade % 256, 10, 20]);
  return storeUpload(t.db, t.deps.storage, { biz, data, kind: 'png', originalName: name, by: 'admin' });
}
/** Whether the store (local folder or bucket) holds `key`. */
const inStore = async (key: string) => !!(await t.deps.storage.stat(key));
const kinds = async (f: { id: string; key: string }) => (await fileUsages(t.db, { id: f.id, path: f.key })).map((u) => `${u.kind}:${u.field}`);

describe('who may see and change the stored files', () => {
  it('lists every user’s files to the administrator only, with type, size and where each is used', async () => {
    const res = await t.api('GET', '/system/sysFile/list?pageNo=1&pageSize=50', { token: admin });
    expect(res.body.success, res.body.message).toBe(true);
    expectPage(res.body.result, 50, 1);
    const records = res.body.result.records as Record<string, any>[];
    expect(records.length).toBeGreaterThan(0);
    // A Scratch work (demo works of other kinds keep other files; ids are random, so pick by the stored file).
    const work = await t.db
      .selectFrom('teaching_work as w')
      .innerJoin('sys_file as f', 'f.id', 'w.work_file')
      .select(['w.work_file', 'w.work_name'])
      .where('f.file_path', 'like', '%.sb3')
      .orderBy('w.id')
      .executeTakeFirstOrThrow();
    const all = (await t.api('GET', '/system/sysFile/list?pageSize=500', { token: admin })).body.result.records as Record<string, any>[];
    const row = all.find((r) => r.id === work.work_file)!;
    expect(row).toBeTruthy();
    expect(row.kindText).toBe('Scratch 项目');
    expect(row.usageText).toContain(`作品「${work.work_name}」的作品文件`);
    expect(row.url).toMatch(/^\/api\/sys\/common\/static\//);

    for (const p of ['/system/sysFile/list', '/system/sysFile/queryById?id=x', '/oss/file/list', '/system/sysFile/unregistered']) expectNoPermission(await t.api('GET', p, { token: teacher }));
    expectNoPermission(await t.api('DELETE', `/system/sysFile/delete?id=${row.id}`, { token: teacher }));
    expect(await t.db.selectFrom('sys_file').select('id').where('id', '=', row.id).executeTakeFirst()).toBeTruthy();
  });
});

describe('where a file is used', () => {
  it('finds each kind of reference: works and versions by id; courses, units, homework, avatars, Scratch素材, site config, notices and news by key', async () => {
    const work = await t.db.selectFrom('teaching_work').selectAll().orderBy('id').executeTakeFirstOrThrow();
    const course = await t.db.selectFrom('teaching_course').select(['id', 'course_name']).orderBy('id').executeTakeFirstOrThrow();
    const unit = await t.db.selectFrom('teaching_course_unit').select(['id', 'unit_name']).orderBy('id').executeTakeFirstOrThrow();

    const cover = await stored('project3');
    await t.db.updateTable('teaching_work').set({ work_cover: cover.id }).where('id', '=', work.id).execute();
    expect(await kinds(cover)).toEqual(['work:封面']);

    const old = await stored('project3');
    await t.db.insertInto('teaching_work_version').values({ id: newId(), work_id: work.id, version_no: 99, work_name: work.work_name, work_type: work.work_type, work_file: old.id, work_status: 1, has_cloud_data: 0, create_time: '2026-01-01 00:00:00' }).execute();
    expect(await kinds(old)).toEqual(['workVersion:作品文件']);

    const icon = await stored('course');
    const inDesc = await stored('jeditor');
    await t.db.updateTable('teaching_course').set({ course_icon: icon.key, course_desc: `<p><img src="/api/sys/common/static/${inDesc.key}"></p>` }).where('id', '=', course.id).execute();
    expect(await kinds(icon)).toEqual(['course:图标']);
    expect(await kinds(inDesc)).toEqual(['course:介绍']);

    const material = await stored('courseunit');
    const linked = await stored('courseunit');
    await t.db.updateTable('teaching_course_unit').set({ course_ppt: `common/other.pdf,${material.key}`, course_video_source: 2, course_video: `https://example.com/${linked.key}` }).where('id', '=', unit.id).execute();
    expect(await kinds(material)).toEqual(['unit:课件']);
    // A video given as a link names no stored file, even when the link contains a key.
    expect(await kinds(linked)).toEqual([]);

    const doc = await stored('additional');
    const homework = newId();
    await t.db.insertInto('teaching_additional_work').values({ id: homework, work_name: '第一次作业', work_document_url: doc.key, create_by: 'admin', create_time: '2026-01-01 00:00:00' }).execute();
    expect(await kinds(doc)).toEqual(['additional:作业资料']);

    const avatar = await stored('avatar');
    await t.db.updateTable('sys_user').set({ avatar: avatar.key }).where('username', '=', 'teacher').execute();
    const avatarUses = await fileUsages(t.db, { id: avatar.id, path: avatar.key });
    expect(avatarUses.map((u) => `${u.kind}:${u.field}`)).toEqual(['avatar:头像']);

    const md5 = 'ab'.repeat(16);
    const assetKey = `internalapi/asset/${md5}.png`;
    const assetFile = newId();
    await t.db.insertInto('sys_file').values({ id: assetFile, file_name: 'cat.png', file_path: assetKey, file_tag: 'scratchasset', create_by: 'admin', create_time: '2026-01-01 00:00:00' }).execute();
    await t.db.insertInto('teaching_scratch_assets').values({ id: newId(), asset_type: 3, asset_name: '小猫', asset_data: '{}', md5_ext: assetKey, create_by: 'admin', create_time: '2026-01-01 00:00:00', update_by: null, update_time: null }).execute();
    expect(await kinds({ id: assetFile, key: assetKey })).toEqual(['asset:素材文件']);

    const logo = await stored('sysconfig');
    await t.db.updateTable('sys_config').set({ config_value: `/api/sys/common/static/${logo.key}` }).where('config_key', '=', 'logo').execute();
    expect(await kinds(logo)).toEqual(['config:logo']);

    const noticePic = await stored('jeditor');
    await t.db.updateTable('sys_announcement').set({ msg_content: `<p><img src="/api/sys/common/static/${noticePic.key}"></p>` }).where('titile', '=', '欢迎使用学堂').execute();
    expect(await kinds(noticePic)).toEqual(['announcement:内容']);

    const newsPic = await stored('jeditor');
    await t.db.insertInto('teaching_news').values({ id: newId(), news_title: '图片资讯', news_content: `<img src="/api/sys/common/static/${newsPic.key}">`, news_status: 1, create_by: 'admin', create_time: '2026-01-01 00:00:00' }).execute();
    expect(await kinds(newsPic)).toEqual(['news:内容']);

    // The list and the detail say the same, in words.
    const detail = await t.api('GET', `/system/sysFile/queryById?id=${icon.id}`, { token: admin });
    expect(detail.body.result.usageText).toBe(`课程「${course.course_name}」的图标`);

    // 仅显示孤立文件: none of the used files, and a file nothing names.
    const orphan = await stored('common', '没人用.png');
    const orphanRes = await t.api('GET', '/system/sysFile/list?scope=orphan&pageSize=500', { token: admin });
    expect(orphanRes.body.success, orphanRes.body.message).toBe(true);
    const orphans = orphanRes.body.result.records as { id: string; usageText: string }[];
    const ids = new Set(orphans.map((r) => r.id));
    expect(ids.has(orphan.id)).toBe(true);
    expect(ids.has(linked.id)).toBe(true);
    for (const used of [cover, old, icon, inDesc, material, doc, avatar, logo, noticePic, newsPic]) expect(ids.has(used.id), used.key).toBe(false);
    expect(ids.has(assetFile)).toBe(false);
    expect(orphans.every((r) => r.usageText === '未使用')).toBe(true);
  });
});

describe('deleting a file', () => {
  it('is refused while a record uses it, naming where, and changes nothing', async () => {
    const icon = await stored('course');
    const course = await t.db.selectFrom('teaching_course').select(['id', 'course_name']).orderBy('id', 'desc').executeTakeFirstOrThrow();
    await t.db.updateTable('teaching_course').set({ course_cover: icon.key }).where('id', '=', course.id).execute();
    const res = await t.api('DELETE', `/system/sysFile/delete?id=${icon.id}`, { token: admin });
    expectFailure(res, /^文件正在使用中，不能删除。/);
    expect(res.body.message).toContain(`课程「${course.course_name}」的封面`);
    expect(await inStore(icon.key)).toBe(true);
    expect(await t.db.selectFrom('sys_file').select('id').where('id', '=', icon.id).executeTakeFirst()).toBeTruthy();

    // A batch with one used file deletes none.
    const free = await stored();
    expectFailure(await t.api('DELETE', `/system/sysFile/deleteBatch?ids=${free.id},${icon.id},`, { token: admin }), /正在使用中/);
    expect(await inStore(free.key)).toBe(true);
    expect(await inStore(icon.key)).toBe(true);
  });

  it('removes an unused file: its row and its content in the store (文件管理 and OSS文件)', async () => {
    const a = await stored();
    const b = await stored();
    const res = await t.api('DELETE', `/system/sysFile/delete?id=${a.id}`, { token: admin });
    expect(res.body).toMatchObject({ success: true, message: '删除成功!' });
    expect(await inStore(a.key)).toBe(false);
    expect(await t.db.selectFrom('sys_file').select('id').where('id', '=', a.id).executeTakeFirst()).toBeUndefined();
    expect((await t.api('DELETE', `/oss/file/delete?id=${b.id}`, { token: admin })).body.success).toBe(true);
    expect(await inStore(b.key)).toBe(false);
  });

  it('lists stored files that no row registers (never backpacks nor backups), and removes one by path once nothing uses it', async () => {
    await t.deps.storage.put('common/stray.png', makePng(2, 2));
    await t.deps.storage.put('backups/xuetang-20260101-020000.db', Buffer.from('SQLite format 3\0'));
    await t.deps.storage.put('backpack/u1/x.png', makePng(2, 2));
    const list = await t.api('GET', '/system/sysFile/unregistered', { token: admin });
    const listed = list.body.result.map((f: { filePath: string }) => f.filePath);
    expect(listed).toContain('common/stray.png');
    expect(listed.filter((k: string) => k.startsWith('backups/') || k.startsWith('backpack/'))).toEqual([]);
    const res = await t.api('DELETE', '/system/sysFile/deleteByPath?filePath=common/stray.png', { token: admin });
    expect(res.body.success, res.body.message).toBe(true);
    expect(await inStore('common/stray.png')).toBe(false);
  });

  it('refuses bad input and changes nothing', async () => {
    const f = await stored();
    expect((await t.api('GET', '/system/sysFile/list?scope=everything', { token: admin })).status).toBe(400);
    expectFailure(await t.api('DELETE', '/system/sysFile/delete', { token: admin }), '请选择要删除的文件');
    expectFailure(await t.api('DELETE', '/system/sysFile/delete?id=no-such-file', { token: admin }), '未找到对应文件');
    expectFailure(await t.api('GET', '/system/sysFile/queryById?id=no-such-file', { token: admin }), '未找到对应文件');
    for (const p of ['../outside.png', 'common/../../x', 'backpack/u/x.png', 'backups/xuetang-20260101-020000.db', '']) {
      expectFailure(await t.api('DELETE', `/system/sysFile/deleteByPath?filePath=${encodeURIComponent(p)}`, { token: admin }), '文件路径不正确', { status: 400, code: 400 });
    }
    expect(await inStore(f.key)).toBe(true);
  });
});

describe('OSS文件', () => {
  const upload = (token: string, data: Buffer, name: string) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), name);
    return t.request('/api/oss/file/upload', { method: 'POST', headers: { 'X-Access-Token': token }, body: form }).then(async (r) => ({ status: r.status, body: await r.json() }));
  };

  it('uploads a file checked by its content, into the 通用 folder, and lists it by storage location', async () => {
    const res = await upload(admin, makePng(3, 3), '横幅.png');
    expect(res.body).toMatchObject({ success: true, message: '上传成功！' });
    expect(res.body.result).toMatchObject({ fileName: '横幅.png', fileLocation: 1, fileTag: 'common', kindText: '图片' });
    expect(await inStore(res.body.result.filePath)).toBe(true);
    const list = await t.api('GET', '/oss/file/list?fileName=*横幅*', { token: admin });
    expect(list.body.result.records.map((r: { id: string }) => r.id)).toContain(res.body.result.id);
    const folders = await t.api('GET', '/oss/file/folders', { token: admin });
    expect(folders.body.result).toContainEqual({ value: 'common', label: '通用（common）' });
  });

  it('refuses a file whose bytes are not an image, and a caller without the button', async () => {
    const before = (await t.db.selectFrom('sys_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n;
    const res = await upload(admin, Buffer.from('<html><script>alert(1)</script></html>'), 'evil.png');
    expect(res.status).toBe(415);
    expect(res.body.success).toBe(false);
    expect((await upload(teacher, makePng(2, 2), 'x.png')).status).toBe(403);
    expect((await t.db.selectFrom('sys_file').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow()).n).toEqual(before);
  });
});
