// The scan that caps cells, rows and runs of an .xlsx part before the XML reader sees it: markup that hides a
// closing tag (a quoted `>`, a comment, CDATA) does not end a cell early, and pieces may split anything.
import { describe, expect, it } from 'vitest';
import { MAX_CELL_BYTES, MAX_ROW_BYTES, XmlLimits } from './excel-zip.js';

/** Feeds the XML in pieces of `size` bytes; the first cap passed. */
function scan(xml: string, size = 7, cell: string | null = 'c') {
  const limits = new XmlLimits(cell);
  const bytes = Buffer.from(xml, 'utf8');
  for (let at = 0; at < bytes.length; at += size) {
    const found = limits.feed(bytes.subarray(at, at + size));
    if (found) return found;
  }
  return null;
}

const long = (n: number) => 'x'.repeat(n);

describe('XmlLimits', () => {
  it('lets cells, rows and text within their caps through', () => {
    const cells = Array.from({ length: 40 }, (_, i) => `<c r="A${i}" t="inlineStr"><is><t>${long(MAX_CELL_BYTES / 2)}</t></is></c>`);
    expect(scan(`<?xml version="1.0"?><worksheet><sheetData><row r="1">${cells.slice(0, 3).join('')}</row><row r="2">${cells.slice(3, 4).join('')}</row></sheetData></worksheet>`, 65536)).toBeNull();
  });

  it('finds an overlong cell, with the row it is in, however the pieces split it', () => {
    const xml = `<sheetData><row r="3"><c r="A3"/></row><row spans="1:2"><c r="A4" t="inlineStr"><is><t>${long(MAX_CELL_BYTES)}</t></is></c></row></sheetData>`;
    for (const size of [1, 7, 4096, 65536]) expect(scan(xml, size)).toEqual({ what: 'cell', row: 4 });
  });

  it('does not end a cell at a `</c>` inside a quoted attribute, a comment or CDATA', () => {
    for (const hide of ['<is a="</c>"><t>', '<!-- </c> --><is><t>', '<is><t><![CDATA[ </c> ]]>']) {
      expect(scan(`<row r="9"><c r="A9">${hide}${long(MAX_CELL_BYTES)}</t></is></c></row>`, 65536)).toEqual({ what: 'cell', row: 9 });
    }
  });

  it('finds an overlong row of short cells, and a long run outside any row', () => {
    expect(scan(`<row r="12">${'<c><v>1</v></c>'.repeat(MAX_ROW_BYTES / 15 + 1)}</row>`, 65536)).toEqual({ what: 'row', row: 12 });
    expect(scan(`<sheetData><!--${long(MAX_CELL_BYTES)}--></sheetData>`, 65536)).toEqual({ what: 'run', row: null });
    expect(scan(`<sheetData a="${long(MAX_CELL_BYTES)}"/>`, 65536)).toEqual({ what: 'run', row: null });
    expect(scan(`<?pi ${long(MAX_CELL_BYTES)}?>`, 65536)).toEqual({ what: 'run', row: null });
  });

  it('caps shared strings (`si`) as cells, outside any row', () => {
    expect(scan(`<sst><si><t>${long(MAX_CELL_BYTES)}</t></si></sst>`, 65536, 'si')).toEqual({ what: 'cell', row: null });
    expect(scan(`<sst>${`<si><t>${long(1000)}</t></si>`.repeat(1000)}</sst>`, 65536, 'si')).toBeNull();
  });
});
