// The code editors' projects (积木编程 type 10, 图形化Python type 4) through POST /sys/common/upload (folders
// `blockly` and `python`) and teachingWork/submit: a project that is not the format, oversized or malformed is
// refused with a Chinese message and nothing is stored; a good one is stored and saved as a work; a work's file must
// be its type's project; a student cannot overwrite another's work of these types.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { uploadAs } from '../../../../test/upload-client.js';
import { storedKeys } from '../../../../test/stored-files.js';
import { makePng } from '../../../../test/media.js';
import { validSb3 } from '../../../../test/sb3-files.js';
import { CODE_PROJECT_LIMITS } from '../../shared/code-projects.js';

const enc = (s: string) => new TextEncoder().encode(s);
const turtleBlocks = { blocks: { languageVersion: 0, blocks: [{ type: 'turtle_forward', x: 20, y: 20, inputs: { DISTANCE: { shadow: { type: 'math_number', fields: { NUM: 100 } } } } }] } };
const blocklyProject = (workspace: unknown = turtleBlocks) => enc(JSON.stringify({ format: 'xuetang-blockly', version: 1, workspace }));
const pythonProject = (code = 'import turtle\nturtle.forward(100)\n') => enc(JSON.stringify({ format: 'xuetang-python', version: 1, mode: 'text', code }));
const b64 = (v: unknown) => Buffer.from(JSON.stringify(v)).toString('base64');

describe.each(dialects)('code projects (积木编程, 图形化Python) on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};

  const upload = (data: Uint8Array, name: string, biz: string, who = 'student1') => uploadAs(t, tok[who], data, name, biz);
  const count = async (table: 'sys_file' | 'teaching_work') => Number((await t.db.selectFrom(table).select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  const stored = async (data: Uint8Array, name: string, biz: string, who = 'student1') => {
    const res = await upload(data, name, biz, who);
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    return res.body.result as { id: string; key: string };
  };

  /** A bad file is refused with `message`, leaving no file and no row. */
  const refused = async (data: Uint8Array, name: string, biz: string, message: string | RegExp, status?: number, who = 'student1') => {
    const files = await storedKeys(t.deps.storage);
    const rows = await count('sys_file');
    const res = await upload(data, name, biz, who);
    expect(res.body.success, `${name}: ${JSON.stringify(res.body)}`).toBe(false);
    expect(res.body.message).toMatch(message);
    if (status) expect(res.status).toBe(status);
    expect(await storedKeys(t.deps.storage)).toEqual(files);
    expect(await count('sys_file')).toBe(rows);
  };

  const submit = (body: Record<string, unknown>, who = 'student1') => t.api('POST', '/teaching/teachingWork/submit', { token: tok[who], body });

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    for (const u of ['student1', 'student2', 'student3']) tok[u] = await t.login(u);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('refuses each bad Blockly project (not the format, oversized, malformed) and stores nothing', async () => {
    await refused(enc('print("hi")'), 'a.json', 'blockly', /^积木编程作品文件已损坏（不是有效的 JSON）$/, 415);
    await refused(pythonProject(), 'a.json', 'blockly', /^文件不是积木编程作品/, 415);
    await refused(validSb3(), 'a.sb3', 'blockly', /^文件类型不支持，仅支持积木编程作品文件和 PNG、JPEG 封面图片$/, 415);
    await refused(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), 'a.pdf', 'blockly', /仅支持积木编程作品文件和 PNG、JPEG 封面图片/, 415);
    // Only the editors' folders take a project.
    await refused(blocklyProject(), 'a.json', 'common', /^文件类型不支持/, 415);
    await refused(enc('{"format":"xuetang-blockly","version":1,"workspace":{"blocks":{"blocks":[{"type":"x y"}]}}}'), 'a.json', 'blockly', /^积木编程作品文件格式不正确：积木格式不正确$/);
    await refused(enc('{"format":"xuetang-blockly","version":1,"workspace":'), 'a.json', 'blockly', /不是有效的 JSON/);
    await refused(enc('{"format":"xuetang-blockly","version":7,"workspace":{}}'), 'a.json', 'blockly', /版本不受支持/);
    const big = blocklyProject({ blocks: { blocks: [] }, comment: 'x'.repeat(CODE_PROJECT_LIMITS.maxFileBytes) });
    await refused(big, 'big.json', 'blockly', /^作品文件不能超过2MB$/, 413);
    // A cover in the editor's folder stays an image within 1 MB.
    const hugePng = new Uint8Array(1024 * 1024 + 10);
    hugePng.set(makePng(4, 4).subarray(0, 8));
    await refused(hugePng, 'cover.png', 'blockly', /^作品封面图片不能超过1MB$/, 413);
  });

  it('refuses each bad Python project (binary, NUL bytes, not UTF-8, oversized, bad blocks) and stores nothing', async () => {
    // As another student: each may upload UPLOADS_PER_MINUTE files a minute.
    const refusedPy = (data: Uint8Array, name: string, message: string | RegExp, status?: number) => refused(data, name, 'python', message, status, 'student2');
    await refusedPy(enc('print(1)\u0000'), 'a.py', /含有空字符（NUL）/, 415);
    await refusedPy(new Uint8Array([0x70, 0x72, 0xff, 0xfe, 0x0a]), 'a.py', /不是 UTF-8 编码的 Python 代码/, 415);
    await refusedPy(enc('x = 1\n'.repeat(CODE_PROJECT_LIMITS.maxCodeChars / 6 + 10)), 'long.py', /^Python 代码不能超过200000个字符$/);
    await refusedPy(enc(`x=1\n${'#'.repeat(CODE_PROJECT_LIMITS.maxFileBytes)}`), 'big.py', /^作品文件不能超过2MB$/, 413);
    await refusedPy(enc(`print(1)\n# xuetang-blocks: ${b64({ blocks: { blocks: [{ type: 7 }] } })}\n`), 'a.py', /末尾的积木数据格式不正确/);
    await refusedPy(enc('print(1)\n# xuetang-blocks: !!!notjson\n'), 'a.py', /末尾的积木数据/);
    await refusedPy(blocklyProject(), 'a.json', /^文件不是图形化Python作品/);
    await refusedPy(enc('{"format":"xuetang-python","version":1,"mode":"both","code":""}'), 'a.json', /^图形化Python作品文件格式不正确$/);
    // Not a Python project at all: another editor's file, a document, an envelope past the size limit.
    await refusedPy(validSb3(), 'a.sb3', /^文件类型不支持/, 415);
    await refusedPy(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), 'a.pdf', /^文件类型不支持/, 415);
    await refusedPy(pythonProject(`x = 1\n# ${'y'.repeat(CODE_PROJECT_LIMITS.maxFileBytes)}\n`), 'big.json', /^作品文件不能超过2MB$/, 413);
  });

  it('stores good projects (.json envelope, .py source with its blocks) and saves them as works', async () => {
    const b = await stored(blocklyProject(), '画正方形.json', 'blockly');
    expect(b.key).toMatch(/^blockly\/[0-9a-f]{32}\.json$/);
    const row = await t.db.selectFrom('sys_file').select(['file_tag', 'mime_type']).where('id', '=', b.id).executeTakeFirstOrThrow();
    expect(row).toEqual({ file_tag: 'blockly', mime_type: 'application/json' });
    const cover = await stored(makePng(8, 6), 'cover.png', 'blockly');
    const p = await stored(enc(`import turtle\nturtle.forward(50)\n# xuetang-blocks: ${b64(turtleBlocks)}\n`), '乌龟.py', 'python');
    expect(p.key).toMatch(/^python\/[0-9a-f]{32}\.py$/);
    const pj = await stored(pythonProject(), '乌龟.json', 'python');
    expect(pj.key).toMatch(/\.json$/);

    const served = await t.request(`/api/sys/common/static/${p.key}`);
    expect(served.headers.get('Content-Type')).toBe('text/x-python; charset=utf-8');
    expect(await served.text()).toContain('turtle.forward(50)');

    const rb = await submit({ workName: '画正方形', workType: '10', workStatus: 1, workFile: b.id, workCover: cover.id });
    expect(rb.body).toMatchObject({ success: true, message: '添加成功！', result: { workType: '10', workStatus: 1 } });
    const rp = await submit({ workName: '乌龟', workType: 4, workStatus: 0, workFile: p.id });
    expect(rp.body).toMatchObject({ success: true, result: { workType: '4' } });
    expect((await submit({ workName: '乌龟2', workType: '4', workFile: pj.id })).body.success).toBe(true);
  });

  it('refuses a work whose file is not its type’s project, and saves nothing', async () => {
    const works = await count('teaching_work');
    const b = await stored(blocklyProject(), 'b.json', 'blockly');
    const p = await stored(pythonProject(), 'p.json', 'python');
    const png = await stored(makePng(4, 4), 'c.png', 'python');
    const sb3 = await stored(validSb3(), 'x.sb3', 'project3');
    expect((await submit({ workName: '错的', workType: '4', workFile: b.id })).body).toMatchObject({ success: false, message: expect.stringMatching(/^文件不是图形化Python作品/) });
    expect((await submit({ workName: '错的', workType: '10', workFile: p.id })).body).toMatchObject({ success: false, message: expect.stringMatching(/^文件不是积木编程作品/) });
    expect((await submit({ workName: '错的', workType: '10', workFile: sb3.id })).body).toMatchObject({ success: false, message: '作品文件不是积木编程作品，请在编辑器中保存后再提交' });
    expect((await submit({ workName: '错的', workType: '4', workFile: png.id })).body).toMatchObject({ success: false, message: '作品文件不是图形化Python作品，请在编辑器中保存后再提交' });
    expect((await submit({ workName: '错的', workType: '10', workFile: b.id, workCover: p.id })).body).toMatchObject({ success: false, message: '作品封面必须是图片（PNG 或 JPEG）' });
    // A file changed in the store after its upload is read back and refused too.
    await t.deps.storage.put(b.key, Buffer.from('{"format":"xuetang-blockly"'));
    expect((await submit({ workName: '错的', workType: '10', workFile: b.id })).body).toMatchObject({ success: false, message: expect.stringContaining('不是有效的 JSON') });
    expect(await count('teaching_work')).toBe(works);
  });

  it('keeps a saved work as it was when it is saved again with a bad file', async () => {
    for (const [type, biz, data, bad] of [
      ['10', 'blockly', blocklyProject(), pythonProject()],
      ['4', 'python', pythonProject(), blocklyProject()],
    ] as const) {
      const good = await stored(data, 'g.json', biz, 'student3');
      const saved = await submit({ workName: `留着${type}`, workType: type, workStatus: 0, workFile: good.id }, 'student3');
      expect(saved.body.success).toBe(true);
      const before = await t.db.selectFrom('teaching_work').selectAll().where('id', '=', saved.body.result.id).executeTakeFirstOrThrow();
      // Another type's project, uploaded to the other editor's folder (where it is valid), then named by this work.
      const other = await stored(bad, 'o.json', biz === 'blockly' ? 'python' : 'blockly', 'student3');
      const res = await submit({ id: before.id, workName: '改坏', workType: type, workStatus: 1, workFile: other.id }, 'student3');
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(/^文件不是(积木编程|图形化Python)作品/);
      expect(await t.db.selectFrom('teaching_work').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow()).toEqual(before);
    }
  });

  it('never lets a student overwrite another’s work of these types', async () => {
    for (const [type, biz, data] of [
      ['10', 'blockly', blocklyProject()],
      ['4', 'python', pythonProject()],
    ] as const) {
      const mine = await stored(data, 'm.json', biz, 'student1');
      const saved = await submit({ workName: `我的${type}`, workType: type, workStatus: 1, workFile: mine.id });
      expect(saved.body.success).toBe(true);
      const before = await t.db.selectFrom('teaching_work').selectAll().where('id', '=', saved.body.result.id).executeTakeFirstOrThrow();
      const theirs = await stored(data, 't.json', biz, 'student2');
      const res = await submit({ id: saved.body.result.id, workName: '改掉', workType: type, workStatus: 1, workFile: theirs.id }, 'student2');
      expect(res.body).toMatchObject({ success: false, message: '只能修改自己的作品' });
      // Nor by naming the author's file in a new work of their own.
      expect((await submit({ workName: '偷来', workType: type, workFile: mine.id }, 'student2')).body).toMatchObject({ success: false, message: '作品文件不存在，请重新上传' });
      expect(await t.db.selectFrom('teaching_work').selectAll().where('id', '=', before.id).executeTakeFirstOrThrow()).toEqual(before);
    }
  });
});
