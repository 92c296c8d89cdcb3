// The code editors' project files through POST /sys/common/upload: the 积木编程 and 图形化Python folders take
// their JSON project (shared/code-projects.ts) and PNG/JPEG covers; a bad project gets a clear Chinese message
// and leaves no file and no sys_file row.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { makePng } from '../../../../test/media.js';

const blockly = JSON.stringify({ format: 'xuetang-blockly', version: 1, workspace: { blocks: { languageVersion: 0, blocks: [{ type: 'turtle_forward', inputs: { DISTANCE: { shadow: { type: 'math_number', fields: { NUM: 50 } } } } }] } } });

describe.each(dialects)('code projects through the upload on %s', (dialect) => {
  let t: TestApp;
  let token = '';
  const upload = async (data: string | Uint8Array, name: string, biz: string) => {
    const form = new FormData();
    form.set('file', new Blob([data as BlobPart]), name);
    form.set('biz', biz);
    const r = await t.request('/api/sys/common/upload', { method: 'POST', body: form, headers: { 'X-Access-Token': token } });
    return { status: r.status, body: await r.json() };
  };
  const rowCount = async () => Number((await t.db.selectFrom('sys_file').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    token = await t.login('student1');
  });
  afterAll(() => t?.close());

  it('stores a Blockly project and a cover in the 积木编程 folder', async () => {
    const res = await upload(blockly, '我的作品.json', 'blockly');
    expect(res.body.success, JSON.stringify(res.body)).toBe(true);
    expect(res.body.message).toMatch(/^blockly\/[0-9a-f]{32}\.json$/);
    const row = await t.db.selectFrom('sys_file').selectAll().where('file_path', '=', res.body.message).executeTakeFirstOrThrow();
    expect([row.file_tag, row.mime_type]).toEqual(['blockly', 'application/json']);
    expect(fs.readFileSync(path.join(t.filesDir, res.body.message), 'utf8')).toBe(blockly);
    expect((await upload(makePng(4, 4), '封面.png', 'blockly')).body.success).toBe(true);
  });

  it('refuses what is not the folder\'s project and stores nothing', async () => {
    const rows = await rowCount();
    for (const [data, biz, message] of [
      ['{"format":"xuetang-python","version":1,"mode":"text","code":""}', 'blockly', /文件不是积木编程作品/],
      [blockly, 'python', /文件不是图形化Python作品/],
      ['{not json', 'blockly', /不是有效的 JSON/],
      [JSON.stringify({ format: 'xuetang-blockly', version: 1, workspace: { blocks: { blocks: [{ type: 'a b' }] } } }), 'blockly', /格式不正确/],
      [blockly, 'common', /文件类型不支持/],
      [new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), 'blockly', /仅支持积木编程作品文件和 PNG、JPEG 封面图片/],
    ] as const) {
      const res = await upload(data, 'x.json', biz);
      expect(res.body.success).toBe(false);
      expect(res.body.message).toMatch(message);
    }
    const big = await upload(JSON.stringify({ format: 'xuetang-blockly', version: 1, workspace: {}, pad: 'x'.repeat(2 * 1024 * 1024) }), 'big.json', 'blockly');
    expect([big.status, big.body.message]).toEqual([413, '作品文件不能超过2MB']);
    expect(await rowCount()).toBe(rows);
  });
});
