// Excel imports read the workbook as a stream and stop at the row cap: what lies beyond row 5001 is never
// parsed, the parts read whole (shared strings…) are capped however small the file, and the file is capped.
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';
import { zipArchive } from '../shared/zip.js';
import { MAX_IMPORT_ROWS } from './excel.js';

const HEADER = ['角色名称', '角色编码', '角色等级', '描述'];
const xml = (s: string) => Buffer.from(s, 'utf8');

/** A minimal .xlsx written by hand: inline strings, sheet before anything else (as some writers do). */
function handWritten(sheetXml: Buffer, extra: { sharedStrings?: Buffer } = {}) {
  const parts = [
    { name: 'xl/worksheets/sheet1.xml', data: zlib.deflateRawSync(sheetXml), deflated: { crc: zlib.crc32(sheetXml), size: sheetXml.length } },
    {
      name: '[Content_Types].xml',
      data: xml(
        '<?xml version="1.0" encoding="UTF-8"?><Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      name: '_rels/.rels',
      data: xml(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      name: 'xl/workbook.xml',
      data: xml(
        '<?xml version="1.0" encoding="UTF-8"?><workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="角色" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      name: 'xl/_rels/workbook.xml.rels',
      data: xml(
        '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
  ];
  if (extra.sharedStrings) {
    const s = extra.sharedStrings;
    parts.push({ name: 'xl/sharedStrings.xml', data: zlib.deflateRawSync(s), deflated: { crc: zlib.crc32(s), size: s.length } });
  }
  return zipArchive(parts);
}

const cell = (ref: string, v: string | number) =>
  typeof v === 'number' ? `<c r="${ref}"><v>${v}</v></c>` : `<c r="${ref}" t="inlineStr"><is><t>${v}</t></is></c>`;
const row = (n: number, values: (string | number)[]) => `<row r="${n}">${values.map((v, i) => cell(`${String.fromCharCode(65 + i)}${n}`, v)).join('')}</row>`;
const sheet = (rows: string) =>
  xml(`<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${rows}</sheetData></worksheet>`);

describe.each(dialects)('Excel import limits on %s', (dialect) => {
  let t: TestApp;
  let admin: string;

  const upload = async (data: Buffer) => {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(data)]), 'roles.xlsx');
    const res = await t.request('/api/sys/role/importExcel', { method: 'POST', headers: { 'X-Access-Token': admin }, body: form });
    return { status: res.status, body: (await res.json()) as { success: boolean; message: string; code: number; result: any } };
  };
  const roleCount = async () => Number((await t.db.selectFrom('sys_role').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);

  beforeAll(async () => {
    t = await startTestApp({ dialect, demoContent: false });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it('stops reading at the row cap: what lies beyond it is never parsed', async () => {
    // Rows up to the cap are fine (an invalid level, so nothing is written); a few thousand rows past the cap
    // the XML is broken, which a reader that loads the whole sheet trips over.
    let rows = row(1, HEADER);
    for (let n = 2; n <= MAX_IMPORT_ROWS + 3000; n++) rows += row(n, [`角色${n}`, `cap_${n}`, 100, '']);
    rows += '<row r="99999"><c r="A99999" t="inlineStr"><is><t>broken</t></is></c><c><<<<</row>';
    const before = await roleCount();
    const res = await upload(handWritten(sheet(rows)));
    expect(res.body, JSON.stringify(res.body).slice(0, 300)).toMatchObject({ success: true, code: 201 });
    expect(res.body.result.msg).toBe(`总上传行数：${MAX_IMPORT_ROWS + 1}，已导入行数：0，错误行数：${MAX_IMPORT_ROWS + 1}`);
    expect(res.body.result.errors.at(-1)).toEqual({ row: MAX_IMPORT_ROWS + 2, message: `一次最多导入${MAX_IMPORT_ROWS}行` });
    expect(res.body.result.errors[0]).toEqual({ row: 2, message: '角色等级在0到99之间' });
    expect(await roleCount()).toBe(before);
  });

  it('imports a hand-written workbook whose sheet comes first and that has no shared strings', async () => {
    const res = await upload(handWritten(sheet(row(1, HEADER) + row(2, ['流式角色', 'streamed_role', 3, '描述']))));
    expect(res.body).toMatchObject({ success: true, code: 200, message: '共1行数据全部导入成功！' });
    expect(await t.db.selectFrom('sys_role').select(['role_name', 'role_level']).where('role_code', '=', 'streamed_role').executeTakeFirst()).toEqual({
      role_name: '流式角色',
      role_level: 3,
    });
  });

  it('refuses shared strings that inflate past their cap, however small the file', async () => {
    // 40 MB of XML that deflates to a few tens of KB.
    const filler = `<si><t>${'x'.repeat(1000)}</t></si>`.repeat(40_000);
    const sst = xml(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">${filler}</sst>`);
    const file = handWritten(sheet(row(1, HEADER) + row(2, ['炸弹', 'zip_bomb', 1, ''])), { sharedStrings: sst });
    expect(file.length).toBeLessThan(1024 * 1024);
    const res = await upload(file);
    expect(res.body).toMatchObject({ success: false, message: '文件内容过大，请删除多余的数据或拆分后再导入' });
    expect(await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'zip_bomb').executeTakeFirst()).toBeUndefined();
  });

  it('refuses a file over 5 MB', async () => {
    const wb = new ExcelJS.Workbook();
    wb.addWorksheet('角色').addRow(HEADER);
    // A real workbook followed by 6 MB of noise: the size alone decides.
    const file = Buffer.concat([Buffer.from(await wb.xlsx.writeBuffer()), randomBytes(6 * 1024 * 1024)]);
    const res = await upload(file);
    expect(res.body).toMatchObject({ success: false, message: '文件大小超出5MB限制，一次最多导入5000行' });
  });
});
