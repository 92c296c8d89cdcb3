// Prepares an uploaded .xlsx (a zip archive) for exceljs' streaming reader, so that reading stops where the
// import stops. The reader parses a worksheet in stride only when the shared strings and the workbook's
// relationships came before it in the archive; otherwise (Excel's own order, and files without shared
// strings) it first inflates the whole sheet into a temporary file, and a reader left early never deletes
// that file. So the archive is rebuilt in the order the reader wants: relationships, workbook, styles, shared
// strings (an empty table when the file has none), then the first worksheet, still compressed. The small
// parts are inflated here with a cap on their total size (a zip bomb stops at the cap, whatever the sizes
// its headers claim); the worksheet is inflated by the reader only as far as the rows it is asked for.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { zipArchive, zipEntries, type ZipEntry } from '../shared/zip.js';

const inflateRaw = promisify(zlib.inflateRaw);

/**
 * Uncompressed bytes the parts read whole (relationships, workbook, styles, shared strings) may take together.
 * The shared strings of a full 5,000-row roster take well under 1 MB; each MB costs the reader some 40 MB of
 * memory and a second of parsing, so a file that needs more is refused before it is read.
 */
export const MAX_XLSX_PARTS_BYTES = 4 * 1024 * 1024;

const RELS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
const STYLES = 'xl/styles.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

const EMPTY: Record<string, string> = {
  [RELS]: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
  [SHARED_STRINGS]: '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
};

export type PreparedXlsx = { ok: true; zip: Buffer } | { ok: false; reason: 'malformed' | 'too_large' | 'no_sheet' };

/** The archive rebuilt for the streaming reader (see the top of this file), or why it cannot be read. */
export async function prepareXlsx(buf: Buffer): Promise<PreparedXlsx> {
  const list = zipEntries(buf);
  if (!list) return { ok: false, reason: 'malformed' };
  const byName = new Map(list.map((e) => [e.name, e]));
  // The first worksheet: the import reads one sheet, as it always did (sheet1 unless the workbook lacks it).
  const sheet = list.filter((e) => SHEET.test(e.name)).sort((a, b) => Number(SHEET.exec(a.name)![1]) - Number(SHEET.exec(b.name)![1]))[0];
  if (!sheet) return { ok: false, reason: 'no_sheet' };
  const parts: ZipEntry[] = [];
  let budget = MAX_XLSX_PARTS_BYTES;
  for (const name of [RELS, WORKBOOK, STYLES, SHARED_STRINGS]) {
    const e = byName.get(name);
    let data: Buffer;
    if (!e) {
      if (!EMPTY[name]) continue;
      data = Buffer.from(EMPTY[name], 'utf8');
    } else {
      const raw = buf.subarray(e.dataAt, e.dataAt + e.compressedSize);
      if (e.method === 0) data = Buffer.from(raw);
      else {
        try {
          data = await inflateRaw(raw, { maxOutputLength: Math.max(1, budget) });
        } catch (err) {
          return { ok: false, reason: (err as { code?: string }).code === 'ERR_BUFFER_TOO_LARGE' ? 'too_large' : 'malformed' };
        }
      }
    }
    budget -= data.length;
    if (budget < 0) return { ok: false, reason: 'too_large' };
    parts.push({ name, data });
  }
  const data = buf.subarray(sheet.dataAt, sheet.dataAt + sheet.compressedSize);
  parts.push(sheet.method === 8 ? { name: sheet.name, data, deflated: { crc: sheet.crc, size: sheet.size } } : { name: sheet.name, data });
  return { ok: true, zip: zipArchive(parts) };
}
