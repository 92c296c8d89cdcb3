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

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);

/**
 * The code and (when present and readable) the blocks of a saved file. Also reads the JSON envelope of
 * shared/code-projects.ts (`{format: "xuetang-python", version: 1, mode, code, workspace?}`), which the server takes
 * too (the seeded sample work is one).
 */
export function decodePy(text: string): { code: string; workspace: Record<string, unknown> | null } {
  const src = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  if (src.trimStart().startsWith('{')) {
    try {
      const env = JSON.parse(src) as unknown;
      if (isObject(env) && env.format === 'xuetang-python' && typeof env.code === 'string') {
        return { code: env.code, workspace: env.mode === 'blocks' && isObject(env.workspace) ? env.workspace : null };
      }
    } catch {
      // not JSON: Python source that starts with a brace
    }
  }
  const at = src.lastIndexOf(`\n${BLOCKS_MARKER}`);
  const start = src.startsWith(BLOCKS_MARKER) ? 0 : at >= 0 ? at + 1 : -1;
  if (start < 0) return { code: src, workspace: null };
  const line = src.slice(start + BLOCKS_MARKER.length).trim();
  const code = src.slice(0, start).replace(/\s+$/, '') + '\n';
  try {
    const ws = JSON.parse(fromBase64(line)) as unknown;
    return { code, workspace: isObject(ws) ? ws : null };
  } catch {
    return { code, workspace: null };
  }
}
