// Scratch projects through POST /sys/common/upload: every .sb3 passes the Scratch checks wherever it goes; a bad
// one gets a clear message and leaves no file and no sys_file row. The editor's folder (project3) takes .sb3 up
// to 30 MB and PNG/JPEG covers up to 1 MB. Then the anchor's POST /system/sysFile/add, serving the stored
// project, and submitting a Scratch work (own files only, never another's work).
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectFailure } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { uploadAs } from '../../../../test/upload-client.js';
import { storedKeys } from '../../../../test/stored-files.js';
import { makePng } from '../../../../test/media.js';
import { badJson, deflatedZeros, lyingSizes, missingAsset, notZip, projectJson, rawZip, sb3With, scratch2, stageTarget, traversal, validSb3, zipBomb } from '../../../../test/sb3-files.js';
import { SB2_MESSAGE } from '../../domain/sb3.js';

const MB = 1024 * 1024;
const jpeg = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46, 0x00, 0x01, 0xff, 0xd9]);

/** Every file under a directory (relative paths). */
describe.each(dialects)('Scratch projects through the upload on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};

  const upload = (data: Uint8Array, name: string, biz: string, who = 'student1') => uploadAs(t, tok[who], data, name, biz);
  const rowCount = async () => Number((await t.db.selectFrom('sys_file').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  /** Uploads a bad file and checks the refusal left nothing behind. */
  const refusedUpload = async (data: Uint8Array, name: string, biz: string, message: string | RegExp, who = 'student1') => {
    const files = await storedKeys(t.deps.storage);
    const rows = await rowCount();
    const res = await upload(data, name, biz, who);
    expect(res.body.success, `${name}: ${JSON.stringify(res.body)}`).toBe(false);
    if (typeof message === 'string') expect(res.body.message).toBe(message);
    else expect(res.body.message).toMatch(message);
    expect(await storedKeys(t.deps.storage)).toEqual(files);
    expect(await rowCount()).toBe(rows);
    return res;
  };

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    for (const u of ['student1', 'student2', 'student3', 'admin']) tok[u] = await t.login(u);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses each bad project with a clear message and stores nothing', async () => {
    await refusedUpload(zipBomb(), '炸弹.sb3', 'project3', /^Scratch 项目中的文件“0{32}\.wav”解压后过大（超过20MB），已拒绝$/);
    await refusedUpload(lyingSizes(), '谎报.sb3', 'project3', /^Scratch 项目中.*实际大小与声明不符/);
    await refusedUpload(traversal(), '穿越.sb3', 'project3', 'Scratch 项目中含有非法的文件路径（../x.png），已拒绝');
    await refusedUpload(badJson(), '坏.sb3', 'project3', 'Scratch 项目中的 project.json 不是有效的 JSON，文件可能已损坏');
    await refusedUpload(scratch2(), '旧版.sb3', 'project3', SB2_MESSAGE);
    const notAZip = await refusedUpload(notZip(), '假的.sb3', 'project3', '文件类型不支持，仅支持 Scratch 3 项目（.sb3）和 PNG、JPEG 封面图片');
    expect(notAZip.status).toBe(415);
    // A file that starts like a zip but is none.
    await refusedUpload(Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.from('junk'.repeat(100))]), '假的.sb3', 'project3', '文件不是有效的 Scratch 3 项目（.sb3）');
  });

  it('refuses a project over 30 MB and a body over the route\'s limit', async () => {
    const big = Buffer.concat([Buffer.from('PK\u0003\u0004'), Buffer.alloc(30 * MB - 3)]);
    const res = await refusedUpload(big, '大作品.sb3', 'project3', 'Scratch 项目文件不能超过30MB');
    expect(res.status).toBe(413);
    await refusedUpload(Buffer.alloc(31 * MB, 1), '太大.sb3', 'project3', '文件过大：Scratch 项目不能超过30MB，其他文件不能超过10MB');
  });

  it('applies the same checks in every folder that takes projects', async () => {
    await refusedUpload(zipBomb(), 'a.sb3', 'workfile', /解压后过大/, 'student2');
    await refusedUpload(traversal(), 'a.sb3', 'courseunit', /非法的文件路径/, 'admin');
    await refusedUpload(scratch2(), 'a.sb3', 'additional', SB2_MESSAGE, 'admin');
    // Other archives get the general check: a bomb or a traversal inside a .zip or .docx is refused too.
    const zeros = deflatedZeros(300);
    await refusedUpload(rawZip([{ name: 'zeros.bin', data: zeros.data, deflated: { size: zeros.size, crc: zeros.crc } }]), '资料.zip', 'workfile', /^压缩文件中的文件“zeros\.bin”(解压后过大|压缩比异常)/, 'student2');
    await refusedUpload(rawZip([{ name: '../../evil.xml', data: Buffer.from('<x/>') }]), '报告.docx', 'workfile', '压缩文件中含有非法的文件路径（../../evil.xml），已拒绝', 'student2');
    // A zip that is not a project keeps the 10 MB limit.
    const bigZip = rawZip([{ name: 'a.bin', data: Buffer.alloc(10 * MB + 10, 7), method: 'store' }]);
    await refusedUpload(bigZip, '资料.zip', 'workfile', '文件大小超出10MB限制', 'student2');
    // A good .docx still goes in.
    const docx = await upload(rawZip([{ name: '[Content_Types].xml', data: Buffer.from('<Types/>') }, { name: 'word/document.xml', data: Buffer.from('<w:document/>') }]), '报告.docx', 'workfile', 'student2');
    expect(docx.body.success, docx.body.message).toBe(true);
    expect(docx.body.message).toMatch(/^workfile\/[0-9a-f]{32}\.docx$/);
  });

  it('takes only .sb3 and PNG/JPEG covers up to 1 MB in the editor\'s folder', async () => {
    for (const [data, name] of [[makePng(40, 30), '封面.png'], [jpeg, '封面.jpg']] as const) {
      const res = await upload(data, name, 'project3', 'student3');
      expect(res.body.success, res.body.message).toBe(true);
      // Shown inline; a download on request, under its own name.
      const shown = await t.request(`/api/sys/common/static/${res.body.message}`);
      expect(shown.headers.get('content-disposition')).toBeNull();
      await shown.arrayBuffer();
      const saved = await t.request(`/api/sys/common/static/${res.body.message}?download=1`);
      expect(saved.headers.get('content-disposition')).toContain(`filename*=UTF-8''${encodeURIComponent(name)}`);
      await saved.arrayBuffer();
    }
    await refusedUpload(Buffer.from('GIF89a\u0001\u0000\u0001\u0000\u0000\u0000\u0000;', 'latin1'), 'a.gif', 'project3', /^文件类型不支持/, 'student3');
    await refusedUpload(rawZip([{ name: 'a.txt', data: Buffer.from('a') }]), '资料.zip', 'project3', /^文件类型不支持/, 'student3');
    await refusedUpload(Buffer.concat([makePng(2, 2), Buffer.alloc(MB)]), '大封面.png', 'project3', '作品封面图片不能超过1MB', 'student3');
  });

  it('stores a valid project as <id>.sb3, reports what it holds, and serves it as a Scratch project', async () => {
    const file = validSb3();
    const res = await upload(file, '我的作品.sb3', 'project3');
    expect(res.body.success, res.body.message).toBe(true);
    const key = res.body.message as string;
    expect(key).toMatch(/^project3\/[0-9a-f]{32}\.sb3$/);
    expect(res.body.result).toMatchObject({ key, scratch: { targets: 2, blocks: 6, hasCloudData: false, missingAssets: [] } });
    expect((await t.deps.storage.read(key))!.equals(file)).toBe(true);
    const row = await t.db.selectFrom('sys_file').selectAll().where('file_path', '=', key).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ id: res.body.result.id, create_by: 'student1', file_name: '我的作品.sb3', mime_type: 'application/x.scratch.sb3', file_size: file.length });

    const served = await t.request(`/api/sys/common/static/${key}`);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/x.scratch.sb3');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(Buffer.from(await served.arrayBuffer()).equals(file)).toBe(true);
    const download = await t.request(`/api/sys/common/static/${key}?download=1`);
    expect(download.headers.get('content-disposition')).toBe(`attachment; filename="${path.basename(key)}"; filename*=UTF-8''${encodeURIComponent('我的作品.sb3')}`);
    await download.arrayBuffer();
  });

  it('accepts a project with a missing asset and reports it', async () => {
    const { file, missing } = missingAsset();
    const res = await upload(file, '缺素材.sb3', 'project3', 'student2');
    expect(res.body.success, res.body.message).toBe(true);
    expect(res.body.result.scratch.missingAssets).toEqual([missing]);
  });

  describe('POST /system/sysFile/add', () => {
    it('answers the caller\'s own row for a path they uploaded (key or URL), recording the file type', async () => {
      const up = await upload(validSb3(), '小猫.sb3', 'project3', 'student2');
      const key = up.body.message as string;
      for (const filePath of [key, `/api/sys/common/static/${key}`, `http://localhost/api/sys/common/static/${key}?t=1`]) {
        const res = await t.api('POST', '/system/sysFile/add', { token: tok.student2, body: { fileType: 2, fileName: key, filePath, fileLocation: 1, fileTag: '学生作业-sb3' } });
        expect(res.body).toMatchObject({ success: true, code: 200, result: { id: up.body.result.id, filePath: key, fileType: 2, fileLocation: 1, createBy: 'student2' } });
      }
    });

    it('refuses a path the caller did not upload, changing nothing', async () => {
      const up = await upload(validSb3(), '别人的.sb3', 'project3', 'student3');
      const key = up.body.message as string;
      const before = await t.db.selectFrom('sys_file').selectAll().where('file_path', '=', key).executeTakeFirstOrThrow();
      expectFailure(await t.api('POST', '/system/sysFile/add', { token: tok.student2, body: { fileType: 5, fileName: 'x', filePath: key, fileLocation: 1, fileTag: '学生作业-sb3' } }), '文件不存在或不是你上传的，请先上传文件');
      expectFailure(await t.api('POST', '/system/sysFile/add', { token: tok.student2, body: { filePath: 'project3/nothing.sb3' } }), '文件不存在或不是你上传的，请先上传文件');
      expect(await t.db.selectFrom('sys_file').selectAll().where('file_path', '=', key).executeTakeFirstOrThrow()).toEqual(before);
      const anon = await t.api('POST', '/system/sysFile/add', { body: { filePath: key } });
      expect(anon.body.success).toBe(false);
    });
  });

  describe('submitting a Scratch work', () => {
    /** Uploads a project and a cover the way the editor does and registers both; returns their ids. */
    const saveFiles = async (who: string) => {
      const sb3 = await upload(validSb3(), '作品.sb3', 'project3', who);
      const cover = await upload(makePng(48, 36), '作品.png', 'project3', who);
      const ids: string[] = [];
      for (const [res, tag] of [[sb3, '学生作业-sb3'], [cover, '学生作业-封面']] as const) {
        const reg = await t.api('POST', '/system/sysFile/add', { token: tok[who], body: { fileType: 2, fileName: res.body.message, filePath: res.body.message, fileLocation: 1, fileTag: tag } });
        ids.push(reg.body.result.id);
      }
      return { file: ids[0], cover: ids[1], fileKey: sb3.body.message as string, coverKey: cover.body.message as string };
    };

    it('needs a Scratch project as the file and an image as the cover', async () => {
      const f = await saveFiles('student3');
      const post = (body: Record<string, unknown>) => t.api('POST', '/teaching/teachingWork/submit', { token: tok.student3, body: { workName: '跳舞', workType: 2, workStatus: 0, ...body } });
      expectFailure(await post({ workFile: f.cover, workCover: f.cover }), '作品文件不是 Scratch 项目（.sb3），请在编辑器中保存后再提交');
      expectFailure(await post({ workFile: f.file, workCover: f.file }), '作品封面必须是图片（PNG 或 JPEG）');
      const okRes = await post({ workFile: f.file, workCover: f.cover });
      expect(okRes.body).toMatchObject({ success: true, message: '添加成功！', result: { workFile: f.file, workCover: f.cover, workType: '2' } });
      // A work of type 文件 (0) may be anything the folder took.
      expect((await post({ workName: '文件作业', workType: 0, workFile: f.cover })).body.success).toBe(true);
    });

    it('takes cloud variables from the project itself, and declares them for the work', async () => {
      const cloudy = sb3With(projectJson({ targets: [stageTarget({ variables: { v1: ['☁ 最高分', 42, true], v2: ['本地变量', 7] } })] }));
      const sb3 = await upload(cloudy, '云变量.sb3', 'project3', 'student3');
      expect(sb3.body.success, sb3.body.message).toBe(true);
      // The client says no cloud data; the project says otherwise.
      const made = await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student3, body: { workName: '云变量', workType: 2, workStatus: 0, workFile: sb3.body.result.id, hasCloudData: false } });
      expect(made.body.success, made.body.message).toBe(true);
      expect(made.body.result.hasCloudData).toBe(1);
      const vars = await t.db.selectFrom('teaching_scratch_cloud_var').select(['name', 'value']).where('work_id', '=', made.body.result.id).execute();
      expect(vars).toEqual([{ name: '☁ 最高分', value: '42' }]);
      // And a project without them is not marked, whatever the client says.
      const plain = await upload(validSb3(), '普通.sb3', 'project3', 'student3');
      const other = await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student3, body: { workName: '普通', workType: 2, workStatus: 0, workFile: plain.body.result.id, hasCloudData: true } });
      expect(other.body.result.hasCloudData).toBe(0);
    });

    it('never lets a student overwrite another student\'s work by sending its id', async () => {
      const victim = await saveFiles('student1');
      const made = await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student1, body: { workName: '我的小猫', workType: 2, workStatus: 1, workFile: victim.file, workCover: victim.cover } });
      expect(made.body.success, made.body.message).toBe(true);
      const id = made.body.result.id as string;
      const rowBefore = await t.db.selectFrom('teaching_work').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
      const filesBefore = await t.db.selectFrom('sys_file').selectAll().where('id', 'in', [victim.file, victim.cover]).orderBy('id').execute();
      const bytesBefore = (await t.deps.storage.read(victim.fileKey))!;

      const attacker = await saveFiles('student2');
      const attempts = [
        { id, workName: '我的小猫', workType: 2, workStatus: 1, workFile: attacker.file, workCover: attacker.cover },
        // The victim's own files under the victim's id: still not the caller's work (nor files).
        { id, workName: '改名', workType: 2, workStatus: 0, workFile: victim.file, workCover: victim.cover },
      ];
      expectFailure(await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student2, body: attempts[0] }), '只能修改自己的作品');
      expectFailure(await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student2, body: attempts[1] }), '只能修改自己的作品');
      // Without the id, the victim's files are still not the caller's to use.
      expectFailure(await t.api('POST', '/teaching/teachingWork/submit', { token: tok.student2, body: { workName: '抄的', workType: 2, workFile: victim.file } }), '作品文件不存在，请重新上传');

      expect(await t.db.selectFrom('teaching_work').selectAll().where('id', '=', id).executeTakeFirstOrThrow()).toEqual(rowBefore);
      expect(await t.db.selectFrom('sys_file').selectAll().where('id', 'in', [victim.file, victim.cover]).orderBy('id').execute()).toEqual(filesBefore);
      expect((await t.deps.storage.read(victim.fileKey))!.equals(bytesBefore)).toBe(true);
      expect(await t.db.selectFrom('teaching_work_version').select('id').where('work_id', '=', id).execute()).toEqual([]);
    });
  });
});
