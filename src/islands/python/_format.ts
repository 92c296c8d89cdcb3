// The saved file of a 图形化Python work is the Python source itself (teaching-open's `.py`, tag 学生作业-python),
// so any Python tool and the anchor's player can read it. A program made from blocks keeps its blocks in one
// trailing comment line, `# xuetang-blocks: <base64 of the Blockly JSON>` (src/server/shared/code-projects.ts
// checks the same shape); a program edited as text has no such line.

export const BLOCKS_MARKER = '# xuetang-blocks: ';

const toBase64 = (s: string) => {
  let bin = '';
  for (const b of new TextEncoder().encode(s)) bin += String.fromCharCode(b);
  return btoa(bin);
};
const fromBase64 = (s: string) => new TextDecoder().decode(Uint8Array.from(atob(s), (ch) => ch.charCodeAt(0)));

/** The file's text: the code, then the blocks line when the program is made of blocks. */
export function encodePy(code: string, workspace: unknown | null): string {
  const body = code.replace(/\s+$/, '');
  return workspace ? `${body}\n\n${BLOCKS_MARKER}${toBase64(JSON.stringify(workspace))}\n` : `${body}\n`;
}

/** The code and (when present and readable) the blocks of a saved file. */
export function decodePy(text: string): { code: string; workspace: Record<string, unknown> | null } {
  const src = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const at = src.lastIndexOf(`\n${BLOCKS_MARKER}`);
  const start = src.startsWith(BLOCKS_MARKER) ? 0 : at >= 0 ? at + 1 : -1;
  if (start < 0) return { code: src, workspace: null };
  const line = src.slice(start + BLOCKS_MARKER.length).trim();
  const code = src.slice(0, start).replace(/\s+$/, '') + '\n';
  try {
    const ws = JSON.parse(fromBase64(line)) as unknown;
    return { code, workspace: ws && typeof ws === 'object' && !Array.isArray(ws) ? (ws as Record<string, unknown>) : null };
  } catch {
    return { code, workspace: null };
  }
}
