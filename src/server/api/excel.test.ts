// Excel imports read the workbook as a stream and stop at the row cap: what lies beyond row 5001 is never
// parsed, the parts read whole (shared strings…) are capped however small the file, the sheet, its rows and
// cells are capped as they inflate, the file is capped, and a user runs one import at a time.
import { randomBytes } from 'node:crypto';
import zlib from 'node:zlib';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';
import { zipArchive } from '../shared/zip.js';
import { IMPORT_RUNNING, MAX_IMPORT_ROWS } from './excel.js';
import { MAX_CELL_BYTES, MAX_ROW_BYTES, MAX_SHEET_BYTES } from './excel-zip.js';

const HEADER = ['角色名称', '角色编码', '角色等级', '描述'];
const xml = (s: string) => Buffer.from(s, 'utf8');

/** A minimal .xlsx written by hand: inline strings, sheet before anything else (as some writers do). */
function handWritten(sheetXml: Buffer, extra: { sharedStrings?: Buffer; sheet?: { data: Buffer; deflated: { crc: number; size: number } } } = {}) {
  const parts = [
    { name: 'xl/worksheets/sheet1.xml', ...(extra.sheet ?? { data: zlib.deflateRawSync(sheetXml), deflated: { crc: zlib.crc32(sheetXml), size: sheetXml.length } }) },
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

/**
 * Raw-deflates `head`, then `fill` repeated `times` times, then `tail`, a piece at a time: the inflated part
 * (tens of MB) is never held, only its compression (tens of KB).
 */
async function deflatedBomb(head: string, fill: string, times: number, tail: string) {
  const deflater = zlib.createDeflateRaw({ level: 9 });
  const out: Buffer[] = [];
  deflater.on('data', (b: Buffer) => out.push(b));
  const done = new Promise((resolve) => deflater.on('end', resolve));
  let crc = 0;
  let size = 0;
  const write = async (b: Buffer) => {
    crc = zlib.crc32(b, crc);
    size += b.length;
    if (!deflater.write(b)) await new Promise((resolve) => deflater.once('drain', resolve));
  };
  await write(xml(head));
  const piece = xml(fill.repeat(Math.ceil((1024 * 1024) / fill.length)));
  for (let i = 0; i < times; i++) await write(piece);
  await write(xml(tail));
  deflater.end();
  await done;
  return { data: Buffer.concat(out), deflated: { crc, size } };
}

/** Peak resident memory above the start while `run` runs, sampled every 5 ms. */
async function peakRssGrowth<T>(run: () => Promise<T>): Promise<{ value: T; growth: number }> {
  const start = process.memoryUsage.rss();
  let peak = start;
  const timer = setInterval(() => (peak = Math.max(peak, process.memoryUsage.rss())), 5);
  try {
    const value = await run();
    peak = Math.max(peak, process.memoryUsage.rss());
    return { value, growth: peak - start };
  } finally {
    clearInterval(timer);
  }
}

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

  it('refuses a sheet whose one inline-string cell inflates to 40 MB, its memory bounded', async () => {
    // 40 MB of one cell (about 40 KB compressed): the reader used to hold it whole, several times over.
    const bomb = await deflatedBomb(
      `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${row(1, HEADER)}<row r="2"><c r="A2" t="inlineStr"><is><t>`,
      '炸弹',
      40,
      `</t></is></c><c r="B2" t="inlineStr"><is><t>cell_bomb</t></is></c><c r="C2"><v>1</v></c></row></sheetData></worksheet>`,
    );
    const file = handWritten(Buffer.alloc(0), { sheet: bomb });
    expect(file.length).toBeLessThan(1024 * 1024);
    const { value: res, growth } = await peakRssGrowth(() => upload(file));
    expect(res.body).toMatchObject({ success: false, message: `第2行有单元格内容过长（超过${MAX_CELL_BYTES / 1024}KB），请检查文件后再导入` });
    expect(growth, `${Math.round(growth / 1024 / 1024)} MB`).toBeLessThan(48 * 1024 * 1024);
    expect(await t.db.selectFrom('sys_role').select('id').where('role_code', '=', 'cell_bomb').executeTakeFirst()).toBeUndefined();
  });

  it('refuses a shared string longer than a cell may be', async () => {
    const sst = xml(`<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><si><t>${'长'.repeat(MAX_CELL_BYTES / 2)}</t></si></sst>`);
    const res = await upload(handWritten(sheet(row(1, HEADER) + '<row r="2"><c r="A2" t="s"><v>0</v></c></row>'), { sharedStrings: sst }));
    expect(res.body).toMatchObject({ success: false, message: `文件中有单元格内容过长（超过${MAX_CELL_BYTES / 1024}KB），请检查文件后再导入` });
  });

  it('refuses a row longer than its cap, a sheet that inflates past its cap and a long run outside any row', async () => {
    const head = `<?xml version="1.0" encoding="UTF-8"?><worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>${row(1, HEADER)}`;
    const refused = async (fill: string, times: number, around: [string, string]) =>
      (await upload(handWritten(Buffer.alloc(0), { sheet: await deflatedBomb(head + around[0], fill, times, around[1] + '</sheetData></worksheet>') }))).body;
    // Many short cells in one row: no cell is long, the row is.
    expect(await refused('<c r="A7"><v>1</v></c>', MAX_ROW_BYTES / 1024 / 1024 + 1, ['<row r="7">', '</row>'])).toMatchObject({
      success: false,
      message: `第7行的内容过长（超过${MAX_ROW_BYTES / 1024 / 1024}MB），请检查文件后再导入`,
    });
    // Many short rows past the sheet's cap.
    expect(await refused('<row><c t="inlineStr"><is><t>x</t></is></c></row>', MAX_SHEET_BYTES / 1024 / 1024 + 1, ['', ''])).toMatchObject({
      success: false,
      message: '文件内容过大，请删除多余的数据或拆分后再导入',
    });
    // A comment between the rows, which the XML reader would hold whole.
    expect(await refused('x', 1, ['<!--', '-->'])).toMatchObject({ success: false, message: `文件中有过长的内容（超过${MAX_CELL_BYTES / 1024}KB），请检查文件后再导入` });
  });

  it('runs one import at a time per user: a second one while the first runs is refused', async () => {
    const file = handWritten(sheet(row(1, HEADER) + row(2, ['并发角色', 'concurrent_role', 3, ''])));
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(file)]), 'roles.xlsx');
    const encoded = new Response(form);
    const bytes = new Uint8Array(await encoded.arrayBuffer());
    // The first import's body arrives in two pieces, the second only once the other import has answered: the
    // first is under way (its handler reads the body) for as long as the test wants.
    let reading!: () => void;
    const underWay = new Promise<void>((resolve) => (reading = resolve));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let pieces = 0;
    const body = new ReadableStream<Uint8Array>(
      {
        async pull(controller) {
          if (pieces++ === 0) {
            reading();
            controller.enqueue(bytes.subarray(0, 100));
            return;
          }
          await released;
          controller.enqueue(bytes.subarray(100));
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const headers = { 'X-Access-Token': admin, 'Content-Type': encoded.headers.get('content-type')!, 'Content-Length': String(bytes.length) };
    const first = t.request('/api/sys/role/importExcel', { method: 'POST', headers, body, duplex: 'half' } as RequestInit);
    await underWay;
    const second = await upload(handWritten(sheet(row(1, HEADER) + row(2, ['并发角色二', 'concurrent_role2', 3, '']))));
    expect(second).toEqual({ status: 429, body: expect.objectContaining({ success: false, code: 429, message: IMPORT_RUNNING }) });
    release();
    expect(await (await first).json()).toMatchObject({ success: true, code: 200 });
    // Once the first has answered, the user imports again.
    expect((await upload(handWritten(sheet(row(1, HEADER) + row(2, ['并发角色二', 'concurrent_role2', 3, '']))))).body).toMatchObject({ success: true, code: 200 });
    expect(await t.db.selectFrom('sys_role').select('role_code').where('role_code', 'like', 'concurrent_role%').orderBy('role_code').execute()).toEqual([
      { role_code: 'concurrent_role' },
      { role_code: 'concurrent_role2' },
    ]);
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
