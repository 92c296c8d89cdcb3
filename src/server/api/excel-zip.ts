// Prepares an uploaded .xlsx (a zip archive) for exceljs' streaming reader, so that reading stops where the
// import stops. The reader parses a worksheet in stride only when the shared strings and the workbook's
// relationships came before it in the archive; otherwise (Excel's own order, and files without shared
// strings) it first inflates the whole sheet into a temporary file, and a reader left early never deletes
// that file. So the archive is rebuilt in the order the reader wants: relationships, workbook, styles, shared
// strings (an empty table when the file has none), then the first worksheet, still compressed. The small
// parts are inflated here with a cap on their total size (a zip bomb stops at the cap, whatever the sizes
// its headers claim); the reader parses the worksheet only as far as the rows it is asked for.
// The XML reader holds one text, tag or comment whole, however long: one 800 MB cell cost gigabytes. So every
// part is scanned here first (XmlLimits), the worksheet inflated a piece at a time and nothing of it kept: the
// worksheet's size, each row's, each cell's and each run of text or markup outside a cell are capped before
// the reader sees any of it.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { zipArchive, zipEntries, type ZipEntry } from '../shared/zip.js';

const inflateRaw = promisify(zlib.inflateRaw);

/**
 * Uncompressed bytes the parts read whole (relationships, workbook, styles, shared strings) may take together.
 * The shared strings of a full 5,000-row roster take well under 1 MB; each MB costs the reader some 40 MB of
 * memory and a second of parsing, so a file that needs more is refused before it is read.
 */
const MAX_XLSX_PARTS_BYTES = 4 * 1024 * 1024;

/** Inflated bytes of the worksheet (a full 5,000-row roster with inline strings takes under 3 MB). */
export const MAX_SHEET_BYTES = 32 * 1024 * 1024;
/** XML bytes of one cell (or shared string): Excel itself holds at most 32,767 characters in a cell. */
export const MAX_CELL_BYTES = 256 * 1024;
/** XML bytes of one row. */
export const MAX_ROW_BYTES = 1024 * 1024;

const RELS = 'xl/_rels/workbook.xml.rels';
const WORKBOOK = 'xl/workbook.xml';
const STYLES = 'xl/styles.xml';
const SHARED_STRINGS = 'xl/sharedStrings.xml';
const SHEET = /^xl\/worksheets\/sheet(\d+)\.xml$/;

const EMPTY: Record<string, string> = {
  [RELS]: '<?xml version="1.0" encoding="UTF-8"?><Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"/>',
  [SHARED_STRINGS]: '<?xml version="1.0" encoding="UTF-8"?><sst xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" count="0" uniqueCount="0"/>',
};

/** A cell, row or run of text/markup past its cap: `row` is the sheet row it lies in (none in shared strings). */
export interface Overlong {
  what: 'cell' | 'row' | 'run';
  row: number | null;
}

export type PreparedXlsx = { ok: true; zip: Buffer } | { ok: false; reason: 'malformed' | 'too_large' | 'no_sheet' } | { ok: false; reason: 'overlong'; at: Overlong };

/** Where the scan is: in text, after `<`, in a tag's name, its attributes, a quoted value, `<!…`, a comment, CDATA, `<?…?>`, `<!DOCTYPE…>`. */
const S = { Text: 0, Lt: 1, Name: 2, Tag: 3, Quote: 4, Bang: 5, Comment: 6, Cdata: 7, Pi: 8, Decl: 9 } as const;
type State = (typeof S)[keyof typeof S];
const LT = 0x3c;
const GT = 0x3e;
const SLASH = 0x2f;
const isSpace = (b: number) => b === 0x20 || b === 0x09 || b === 0x0a || b === 0x0d;

/**
 * Measures XML fed to it a piece at a time, keeping nothing but a few offsets: the bytes of each `cell`
 * element (`c` in a worksheet, `si` in the shared strings) and each `row`, and of each run of text or markup
 * (a tag, a comment, CDATA) outside them. It does not check that the XML is well formed; the reader does.
 * Each is measured where it ends, and one still open at the end of a piece (≤ 64 KB) is measured there.
 */
export class XmlLimits {
  private at = 0;
  private state: State = S.Text;
  private runStart = 0;
  private tagStart = 0;
  private name = '';
  private closing = false;
  private selfClosing = false;
  private quote = 0;
  private bang = '';
  private last2 = 0;
  private attrs = '';
  private keepAttrs = false;
  private cellStart = -1;
  private rowStart = -1;
  private row = 0;
  private found: Overlong | null = null;

  constructor(private readonly cell: string | null) {}

  /** Scans the next piece (≤ 64 KB); the first cap it passes, if any. */
  feed(piece: Uint8Array): Overlong | null {
    for (let i = 0; i < piece.length && !this.found; i++, this.at++) {
      const b = piece[i];
      switch (this.state) {
        case S.Text: {
          // Skip to the next `<` (most of a sheet's bytes are text).
          const next = b === LT ? i : piece.indexOf(LT, i);
          const skip = (next < 0 ? piece.length - 1 : next) - i;
          i += skip;
          this.at += skip;
          if (next >= 0) this.open();
          break;
        }
        case S.Lt:
          this.closing = b === SLASH;
          this.selfClosing = false;
          this.attrs = '';
          this.keepAttrs = false;
          this.last2 = 0;
          if (b === 0x21) {
            this.bang = '!';
            this.state = S.Bang;
          } else if (b === 0x3f) this.state = S.Pi;
          else {
            this.name = this.closing ? '' : String.fromCharCode(b);
            this.state = S.Name;
            if (b === GT) this.endTag();
          }
          break;
        case S.Name:
          if (b === GT) this.endTag();
          else if (b === SLASH) {
            this.selfClosing = true;
            this.state = S.Tag;
          } else if (isSpace(b)) {
            this.keepAttrs = !this.closing && this.local() === 'row';
            this.state = S.Tag;
          } else if (this.name.length < 16) this.name += String.fromCharCode(b);
          break;
        case S.Tag:
          if (b === GT) this.endTag();
          else if (b === 0x22 || b === 0x27) {
            this.quote = b;
            this.state = S.Quote;
            this.attr(b);
          } else {
            this.selfClosing = b === SLASH;
            this.attr(b);
          }
          break;
        case S.Quote:
          if (b === this.quote) this.state = S.Tag;
          this.attr(b);
          break;
        case S.Bang:
          this.bang += String.fromCharCode(b);
          if (this.bang === '!--') this.state = S.Comment;
          else if (this.bang === '![CDATA[') this.state = S.Cdata;
          else if (!'!--'.startsWith(this.bang) && !'![CDATA['.startsWith(this.bang)) this.state = b === GT ? this.text() : S.Decl;
          this.last2 = 0;
          break;
        // A comment ends at `-->`, CDATA at `]]>`, a processing instruction at `?>`, a declaration at `>`.
        case S.Comment:
        case S.Cdata:
        case S.Pi: {
          const end = this.state === S.Comment ? 0x2d2d : this.state === S.Cdata ? 0x5d5d : -1;
          if (b === GT && (end < 0 ? (this.last2 & 0xff) === 0x3f : this.last2 === end)) this.state = this.text();
          this.last2 = ((this.last2 << 8) | b) & 0xffff;
          break;
        }
        case S.Decl:
          if (b === GT) this.state = this.text();
          break;
      }
    }
    return this.found ?? this.check(this.at);
  }

  /** Bytes scanned so far. */
  get bytes() {
    return this.at;
  }

  private open() {
    this.check(this.at);
    this.tagStart = this.at;
    this.runStart = this.at;
    this.state = S.Lt;
  }

  private text(): State {
    this.check(this.at + 1);
    this.runStart = this.at + 1;
    return S.Text;
  }

  /** The attributes of a `row` tag, kept (the first 200 bytes) for its `r`. */
  private attr(b: number) {
    if (this.keepAttrs && this.attrs.length < 200) this.attrs += String.fromCharCode(b);
  }

  private local() {
    const colon = this.name.lastIndexOf(':');
    return colon < 0 ? this.name : this.name.slice(colon + 1);
  }

  private endTag() {
    const local = this.local();
    this.check(this.at + 1);
    if (this.closing) {
      if (local === this.cell) this.cellStart = -1;
      else if (local === 'row') this.rowStart = -1;
    } else if (local === this.cell) {
      if (!this.selfClosing) this.cellStart = this.tagStart;
    } else if (local === 'row') {
      // A row without `r` follows the one before it (as the format says).
      const r = /(?:^|\s)r\s*=\s*["'](\d{1,7})["']/.exec(this.attrs);
      this.row = r ? Number(r[1]) : this.row + 1;
      if (!this.selfClosing) this.rowStart = this.tagStart;
    }
    this.state = this.text();
  }

  /** Measures what is open (the cell, the row, the run) up to `end`; the first cap passed is kept. */
  private check(end: number): Overlong | null {
    const row = this.rowStart >= 0 ? this.row : null;
    if (this.found) return this.found;
    if (this.cellStart >= 0 && end - this.cellStart > MAX_CELL_BYTES) this.found = { what: 'cell', row };
    else if (this.rowStart >= 0 && end - this.rowStart > MAX_ROW_BYTES) this.found = { what: 'row', row };
    else if (this.cellStart < 0 && this.rowStart < 0 && end - this.runStart > MAX_CELL_BYTES) this.found = { what: 'run', row: null };
    return this.found;
  }
}

const PIECE = 64 * 1024;

/** Scans a part held whole, in pieces. */
function scanWhole(data: Buffer, limits: XmlLimits): Overlong | null {
  for (let at = 0; at < data.length; at += PIECE) {
    const found = limits.feed(data.subarray(at, at + PIECE));
    if (found) return found;
  }
  return null;
}

/** Inflates the worksheet a piece at a time through the scan, keeping nothing; stops at the first cap passed. */
async function scanSheet(raw: Buffer, method: number): Promise<PreparedXlsx | null> {
  const limits = new XmlLimits('c');
  const overlong = (at: Overlong): PreparedXlsx => ({ ok: false, reason: 'overlong', at });
  if (method === 0) {
    if (raw.length > MAX_SHEET_BYTES) return { ok: false, reason: 'too_large' };
    const found = scanWhole(raw, limits);
    return found ? overlong(found) : null;
  }
  const inflater = zlib.createInflateRaw({ chunkSize: PIECE });
  inflater.end(raw);
  try {
    for await (const piece of inflater as AsyncIterable<Buffer>) {
      const found = limits.feed(piece);
      if (found || limits.bytes > MAX_SHEET_BYTES) {
        inflater.destroy();
        return found ? overlong(found) : { ok: false, reason: 'too_large' };
      }
    }
  } catch {
    return { ok: false, reason: 'malformed' };
  }
  return null;
}

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
    const found = scanWhole(data, new XmlLimits(name === SHARED_STRINGS ? 'si' : null));
    if (found) return { ok: false, reason: 'overlong', at: found };
    parts.push({ name, data });
  }
  const data = buf.subarray(sheet.dataAt, sheet.dataAt + sheet.compressedSize);
  const refused = await scanSheet(data, sheet.method);
  if (refused) return refused;
  parts.push(sheet.method === 8 ? { name: sheet.name, data, deflated: { crc: sheet.crc, size: sheet.size } } : { name: sheet.name, data });
  return { ok: true, zip: zipArchive(parts) };
}
