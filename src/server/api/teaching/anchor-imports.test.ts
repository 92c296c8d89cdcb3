// The anchor's Excel imports (and the export they read back) on screens whose own pages offer none:
// teachingNews/importExcel, teachingScratchAssets/exportXls and importExcel. Each row is checked as the form's
// save would check it; rejected rows are reported with their row numbers and change nothing.
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectNoPermission, expectTokenRefusal } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { makePng, makeWav } from '../../../../test/media.js';

describe.each(dialects)('the anchor’s imports on %s', (dialect) => {
  let t: TestApp;
  const tok: Record<string, string> = {};

  const sheet = async (rows: (string | number)[][]) => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('导入');
    for (const r of rows) ws.addRow(r);
    const form = new FormData();
    form.set('file', new Blob([(await wb.xlsx.writeBuffer()) as ArrayBuffer]), 'import.xlsx');
    return form;
  };
  const post = async (path: string, body: FormData | null, token?: string) => {
    const res = await t.request(`/api${path}`, { method: 'POST', body: body ?? undefined, headers: token ? { 'X-Access-Token': token } : {} });
    return { status: res.status, body: (await res.json()) as { success: boolean; message: string; code: number; result: any; timestamp: number } };
  };
  const upload = async (data: Buffer, name: string) => {
    const form = new FormData();
    form.set('file', new Blob([data as BlobPart]), name);
    return (await post('/teaching/teachingScratchAssets/upload', form, tok.admin)).body.result.md5ext as string;
  };

  beforeAll(async () => {
    t = await startTestApp({ dialect });
    for (const u of ['admin', 'teacher', 'student1']) tok[u] = await t.login(u);
  });
  afterAll(async () => {
    await t?.close();
  });

  it('teachingNews/importExcel adds the valid rows, sanitised, and reports the others', async () => {
    const form = await sheet([
      ['标题', '内容', '状态'],
      ['开学通知', '<p>九月一日<script>x()</script></p>', '已发布'],
      ['草稿一篇', '', 0],
      ['', '没有标题', 1],
      ['坏状态', '', 7],
    ]);
    const res = await post('/teaching/teachingNews/importExcel', form, tok.admin);
    expect(res.body).toMatchObject({ success: true, code: 201, message: '文件导入成功，但有错误。' });
    expect(res.body.result.msg).toBe('总上传行数：4，已导入行数：2，错误行数：2');
    expect(res.body.result.errors).toEqual([
      { row: 4, message: '请输入标题' },
      { row: 5, message: '状态只能是 0（草稿）或 1（已发布）' },
    ]);
    const rows = await t.db.selectFrom('teaching_news').selectAll().where('news_title', 'in', ['开学通知', '草稿一篇']).orderBy('news_title').execute();
    expect(rows.map((r) => [r.news_title, r.news_status, r.news_content, r.create_by])).toEqual([
      ['开学通知', 1, '<p>九月一日</p>', 'admin'],
      ['草稿一篇', 0, null, 'admin'],
    ]);
    expectNoPermission(await post('/teaching/teachingNews/importExcel', await sheet([['标题'], ['x']]), tok.student1));
    expectTokenRefusal(await post('/teaching/teachingNews/importExcel', await sheet([['标题'], ['x']])));
    expect((await post('/teaching/teachingNews/importExcel', null, tok.admin)).body.message).toBe('请上传Excel文件');
  });

  it('teachingScratchAssets exports its rows with files and tag values, and imports them back checked as 新增', async () => {
    const png = await upload(makePng(40, 30), 'bg.png');
    const wav = await upload(makeWav(22050, 2205), 'pop.wav');
    const form = await sheet([
      ['素材类型', '素材名', '素材文件', '标签值'],
      ['背景', '导入的背景', png, ''],
      [2, '导入的声音', wav, ''],
      ['声音', '图不是声音', png, ''],
      ['背景', '缺文件', `${'0'.repeat(32)}.png`, ''],
      ['背景', '坏标签', png, 'nope'],
      ['火箭', '坏类型', png, ''],
    ]);
    const res = await post('/teaching/teachingScratchAssets/importExcel', form, tok.admin);
    expect(res.body).toMatchObject({ success: true, code: 201 });
    expect(res.body.result.errors).toEqual([
      { row: 4, message: '声音素材需要一个 WAV 或 MP3 文件' },
      { row: 5, message: '素材文件不存在，请重新上传' },
      { row: 6, message: '标签“nope”不是背景素材的标签' },
      { row: 7, message: '素材类型只能是背景、声音、造型或角色' },
    ]);
    const bg = await t.db.selectFrom('teaching_scratch_assets').selectAll().where('asset_name', '=', '导入的背景').executeTakeFirstOrThrow();
    expect(bg).toMatchObject({ asset_type: 1, md5_ext: `internalapi/asset/${png}`, create_by: 'admin' });
    expect(JSON.parse(bg.asset_data ?? '{}')).toMatchObject({ name: '导入的背景' });

    // The export carries what the import reads, so a sheet goes back in as it came out.
    const exp = await t.request('/api/teaching/teachingScratchAssets/exportXls?assetName=*导入的*', { headers: { 'X-Access-Token': tok.teacher } });
    expect(exp.status).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await exp.arrayBuffer()) as ArrayBuffer);
    const out: string[][] = [];
    wb.worksheets[0].eachRow((r) => out.push(Array.from((r.values as unknown[]).slice(1), (v) => (v == null ? '' : String(v)))));
    const header = out.findIndex((r) => r.includes('素材文件'));
    const col = (title: string) => out[header].indexOf(title);
    const exported = out.slice(header + 1).map((r) => [r[col('素材类型')], r[col('素材名')], r[col('素材文件')]]);
    expect(exported).toEqual(expect.arrayContaining([['背景', '导入的背景', `internalapi/asset/${png}`], ['声音', '导入的声音', `internalapi/asset/${wav}`]]));
    expect(exported).toHaveLength(2);

    expectNoPermission(await post('/teaching/teachingScratchAssets/importExcel', form, tok.student1));
    expectNoPermission(await t.api('GET', '/teaching/teachingScratchAssets/exportXls', { token: tok.student1 }));
  });
});
