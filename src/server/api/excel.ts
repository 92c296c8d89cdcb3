// Excel export and import for list screens (exceljs). Exports stream rows as they are written; imports stream
// the workbook's rows up to the row cap, validate each row, apply the valid ones and report the rejected ones,
// changing nothing for them.
import { PassThrough, Readable } from 'node:stream';
import type { Context, MiddlewareHandler } from 'hono';
import type * as ExcelJS from 'exceljs';
import type { z } from 'zod';
import type { ApiEnv } from '../context.js';
import { exportColumns, type ColumnSpec, type ListSpec } from '../resources/spec.js';
import { answer, fail, firstIssue, ok, streamed, type Answer } from './envelope.js';
import { MAX_CELL_BYTES, MAX_ROW_BYTES, prepareXlsx, type PreparedXlsx } from './excel-zip.js';

/** exceljs is large (about 30 MB resident): it loads on the first export or import, not at start. */
let loaded: typeof ExcelJS | undefined;
const exceljs = async (): Promise<typeof ExcelJS> => (loaded ??= ((await import('exceljs')) as unknown as { default: typeof ExcelJS }).default);

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
/** A full roster of MAX_IMPORT_ROWS rows is a few hundred KB; the cap leaves room for styles and pictures. */
export const MAX_IMPORT_BYTES = 5 * 1024 * 1024;
export const MAX_IMPORT_ROWS = 5000;
export const IMPORT_TOO_LARGE = '文件大小超出5MB限制，一次最多导入5000行';
const NOT_XLSX = '文件格式不正确，请上传 .xlsx 文件';
export const IMPORT_RUNNING = '您已有一个导入正在进行，请等它完成后再导入';

/** Users with an import under way, in this process. */
const importing = new Set<string>();

/**
 * One import at a time per user (every `…/importExcel` route): each holds its workbook, the parsed rows and its
 * writes, so a user who sends many at once gets an answer instead of multiplying the memory and the work.
 */
export const oneImportPerUser: MiddlewareHandler<ApiEnv> = async (c, next) => {
  const user = c.get('user');
  if (!user || c.req.method !== 'POST' || !c.req.path.endsWith('/importExcel')) return next();
  if (importing.has(user.id)) return fail(c, IMPORT_RUNNING, 429, 429);
  importing.add(user.id);
  try {
    await next();
  } finally {
    importing.delete(user.id);
  }
};

const kb = (n: number) => (n >= 1024 * 1024 ? `${n / 1024 / 1024}MB` : `${n / 1024}KB`);

/** Why a workbook cannot be read, in the words the import answers with. */
function refusal(p: Exclude<PreparedXlsx, { ok: true }>): string {
  switch (p.reason) {
    case 'too_large':
      return '文件内容过大，请删除多余的数据或拆分后再导入';
    case 'no_sheet':
      return '文件中没有工作表';
    case 'malformed':
      return NOT_XLSX;
    case 'overlong': {
      const { what, row } = p.at;
      if (what === 'row') return `第${row}行的内容过长（超过${kb(MAX_ROW_BYTES)}），请检查文件后再导入`;
      if (what === 'cell') return `${row ? `第${row}行` : '文件中'}有单元格内容过长（超过${kb(MAX_CELL_BYTES)}），请检查文件后再导入`;
      return `文件中有过长的内容（超过${kb(MAX_CELL_BYTES)}），请检查文件后再导入`;
    }
  }
}

const cellText = (row: object, col: ColumnSpec) => {
  const record = row as Record<string, unknown>;
  const v = col.dict ? (record[`${col.key}_dictText`] ?? record[col.key]) : record[col.key];
  const text = v === null || v === undefined ? '' : typeof v === 'object' ? JSON.stringify(v) : String(v);
  return col.options?.find((o) => o.value === text)?.label ?? text;
};

/**
 * Streams an .xlsx of the records: title row `<title>列表数据`, `导出人:<name>`, then the header row and the data
 * (the layout teaching-open's import expects back).
 */
export async function exportResponse(c: Context<ApiEnv>, spec: ListSpec, records: readonly object[], opts: { styles?: boolean } = {}) {
  const ExcelJS = await exceljs();
  const cols = exportColumns(spec);
  const out = new PassThrough();
  // `styles: false` drops the bold header but writes about 3× faster (exceljs' style bookkeeping dominates
  // large exports: ~170 ms instead of ~500 ms for 10k rows × 11 columns, measured in bench/users.ts).
  const styles = opts.styles !== false;
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: styles });
  const ws = wb.addWorksheet('导出信息');
  ws.columns = cols.map((col) => ({ key: col.key, width: Math.max(10, Math.round((col.width ?? 120) / 7)) }));
  const user = c.get('user');
  ws.addRow([`${spec.title}列表数据`]).commit();
  ws.addRow([`导出人:${user?.realname || user?.username || ''}`]).commit();
  const header = ws.addRow(cols.map((col) => col.title));
  if (styles) header.font = { bold: true };
  header.commit();
  void (async () => {
    for (const r of records) ws.addRow(cols.map((col) => cellText(r, col))).commit();
    ws.commit();
    await wb.commit();
  })().catch((err) => out.destroy(err));
  const filename = encodeURIComponent(`${spec.exportName}.xlsx`);
  return streamed(new Response(Readable.toWeb(out) as unknown as ReadableStream, {
    headers: {
      'Content-Type': XLSX,
      'Content-Disposition': `attachment; filename="export.xlsx"; filename*=UTF-8''${filename}`,
      'X-Content-Type-Options': 'nosniff',
    },
  }));
}

export interface ImportRowError {
  /** 1-based row number in the sheet. */
  row: number;
  message: string;
}

/** A row that passed the schema, with its 1-based row number in the sheet. */
interface ImportRow<T> {
  row: number;
  data: T;
}

export type ImportRead<T> = { ok: true; rows: ImportRow<T>[]; errors: ImportRowError[]; total: number } | { ok: false; response: Answer<never> };

const cellValueText = (v: ExcelJS.CellValue): string => {
  if (v === null || v === undefined) return '';
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('text' in v && typeof v.text === 'string') return v.text;
    if ('result' in v) return String(v.result ?? '');
    if ('richText' in v) return v.richText.map((t) => t.text).join('');
  }
  return String(v).trim();
};

/** The archive in 64 KB pieces: the reader parses one piece at a time, and other requests run in between. */
function* pieces(buf: Buffer, size = 64 * 1024) {
  for (let at = 0; at < buf.length; at += size) yield buf.subarray(at, at + size);
}

/**
 * Reads the uploaded workbook (multipart field `file`) row by row from a stream, mapping columns by header
 * title (the row whose cells match the spec's titles, so the two title rows of our export are skipped) and
 * validating each row with `schema`. Reading stops after MAX_IMPORT_ROWS rows: the rest of the file is never
 * parsed, so a large file costs no more than one of the cap. The body's size is capped before it is read
 * (body-limit.ts), what the workbook inflates to before it is parsed (excel-zip.ts); nothing is written here.
 */
export async function readImportRows<S extends z.ZodType>(c: Context<ApiEnv>, titleToKey: Record<string, string>, schema: S): Promise<ImportRead<z.infer<S>>> {
  const failure = (message: string, code = 500, status: 200 | 400 = 200) => ({ ok: false as const, response: fail(c, message, code, status) });
  let form: Record<string, unknown>;
  try {
    form = await c.req.parseBody();
  } catch {
    return failure('请上传Excel文件', 400, 400);
  }
  const file = form.file;
  if (!(file instanceof File)) return failure('请上传Excel文件', 400, 400);
  if (file.size > MAX_IMPORT_BYTES) return failure(IMPORT_TOO_LARGE);
  const bytes = Buffer.from(await file.arrayBuffer());
  // An .xlsx is a zip archive: check the magic bytes before handing it to the parser.
  if (bytes.length < 4 || bytes.readUInt32LE(0) !== 0x04034b50) return failure(NOT_XLSX);
  const prepared = await prepareXlsx(bytes);
  if (!prepared.ok) return failure(refusal(prepared));

  const reader = new (await exceljs()).stream.xlsx.WorkbookReader(Readable.from(pieces(prepared.zip)), {
    worksheets: 'emit',
    sharedStrings: 'cache',
    styles: 'cache',
    hyperlinks: 'ignore',
    entries: 'ignore',
  });
  const rows: ImportRow<z.infer<S>>[] = [];
  const errors: ImportRowError[] = [];
  let total = 0;
  let keys: (string | undefined)[] | null = null;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = ((row.values ?? []) as ExcelJS.CellValue[]).map(cellValueText);
        if (!keys) {
          // The header is among the first 10 rows.
          if (row.number > 10) break;
          const mapped = values.map((t) => titleToKey[t]);
          if (mapped.some(Boolean)) keys = mapped;
          continue;
        }
        if (values.every((v) => v === '')) continue;
        total++;
        if (total > MAX_IMPORT_ROWS) {
          errors.push({ row: row.number, message: `一次最多导入${MAX_IMPORT_ROWS}行` });
          break;
        }
        const record: Record<string, string> = {};
        keys.forEach((k, i) => {
          if (k && values[i] !== '') record[k] = values[i];
        });
        const parsed = schema.safeParse(record);
        if (parsed.success) rows.push({ row: row.number, data: parsed.data });
        else errors.push({ row: row.number, message: firstIssue(parsed.error) });
      }
      break; // the first worksheet only
    }
  } catch {
    return failure(NOT_XLSX);
  }
  if (!keys) return failure(`未找到表头，请使用导出的模板（列：${Object.keys(titleToKey).join('、')}）`);
  return { ok: true, rows, errors, total };
}

/** The anchor's import answer: code 200 when every row went in, 201 with the rejected rows otherwise. */
export function importAnswer(c: Context<ApiEnv>, total: number, imported: number, errors: ImportRowError[], extra: Record<string, unknown> = {}) {
  const msg = `总上传行数：${total}，已导入行数：${imported}，错误行数：${errors.length}`;
  const sorted = [...errors].sort((a, b) => a.row - b.row);
  if (errors.length) return answer(c, true, '文件导入成功，但有错误。', 201, { msg, errors: sorted, ...extra });
  return ok(c, { msg, errors: sorted, ...extra }, `共${imported}行数据全部导入成功！`, 200);
}

/**
 * Reads the workbook (readImportRows) and hands the valid rows to `apply` one at a time; a row `apply`
 * rejects (returns a message) is reported with the invalid ones, and changes nothing.
 */
export async function importWorkbook<S extends z.ZodType>(
  c: Context<ApiEnv>,
  _spec: ListSpec,
  titleToKey: Record<string, string>,
  schema: S,
  apply: (row: z.infer<S>, rowNumber: number) => Promise<string | null>,
) {
  const read = await readImportRows(c, titleToKey, schema);
  if (!read.ok) return read.response;
  const errors = [...read.errors];
  let imported = 0;
  for (const { row, data } of read.rows) {
    const rejected = await apply(data, row);
    if (rejected) errors.push({ row, message: rejected });
    else imported++;
  }
  return importAnswer(c, read.total, imported, errors);
}
