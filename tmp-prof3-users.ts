import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
const med = async (label: string, f: () => Promise<unknown>, n = 3) => {
  const ts: number[] = [];
  await f();
  for (let i = 0; i < n; i++) { const t = performance.now(); await f(); ts.push(performance.now() - t); }
  ts.sort((a, b) => a - b);
  console.log(label.padEnd(60), ts[Math.floor(n / 2)].toFixed(2));
};
const row = ['s000123', '王小明', '男', '学生', '13000000000', '', '', '3年级2班', '学生', '正常', '2024-05-01 10:00:00'];
for (const [label, opts] of [['styles, default zip', { useStyles: true }], ['no styles', { useStyles: false }], ['styles, zlib level 1', { useStyles: true, zip: { zlib: { level: 1 } } }]] as const) {
  await med(label, async () => {
    const out = new PassThrough(); out.resume();
    const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, ...(opts as object) });
    const ws = wb.addWorksheet('x');
    for (let i = 0; i < 10000; i++) ws.addRow(row).commit();
    ws.commit(); await wb.commit();
  });
}
await med('rows only, no commit', async () => {
  const out = new PassThrough(); out.resume();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out });
  const ws = wb.addWorksheet('x');
  for (let i = 0; i < 10000; i++) ws.addRow(row);
});
