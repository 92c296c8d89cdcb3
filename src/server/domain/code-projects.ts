// Project files of the code editors (积木编程 type 10, 图形化Python type 4) checked before they are stored, and
// again when a work names one: the format is shared/code-projects.ts's envelope (stored .json); a Python work may
// also be plain source (stored .py, as the anchor's editor saved it): UTF-8 without NUL bytes, within the code
// limit, with an optional last line `# xuetang-blocks: <base64 of the Blockly JSON>` that must itself be a
// workspace Blockly can load. A bad file is refused with a Chinese message and nothing is stored.
import { isSafeKey, type FileStore } from '../storage/index.js';
import { checkCodeProject, CODE_PROJECT_FORMATS, CODE_PROJECT_LIMITS, CODE_PROJECT_VERSION, codeEditorOf, type CodeEditor } from '../shared/code-projects.js';

const NAMES: Record<CodeEditor, string> = { blockly: '积木编程作品', python: '图形化Python作品' };
const MB = 1024 * 1024;

/** The trailing blocks comment of a Python source file (the workspace it was built from). */
const BLOCKS_LINE = /(?:^|\n)# xuetang-blocks: ([^\n]*?)\s*$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

/** A Python source file: size, UTF-8, no NUL, code length, and the blocks comment when there is one. */
function checkPythonSource(data: Uint8Array): { ok: true } | { ok: false; message: string } {
  const name = NAMES.python;
  if (data.length > CODE_PROJECT_LIMITS.maxFileBytes) return { ok: false, message: `${name}文件不能超过${CODE_PROJECT_LIMITS.maxFileBytes / MB}MB` };
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(data);
  } catch {
    return { ok: false, message: `${name}文件不是 UTF-8 编码的 Python 代码` };
  }
  if (text.includes('\u0000')) return { ok: false, message: `${name}文件含有空字符（NUL），不是 Python 代码` };
  const blocks = BLOCKS_LINE.exec(text);
  const code = blocks ? text.slice(0, blocks.index) : text;
  if (code.length > CODE_PROJECT_LIMITS.maxCodeChars) return { ok: false, message: `Python 代码不能超过${CODE_PROJECT_LIMITS.maxCodeChars}个字符` };
  if (!blocks) return { ok: true };
  let workspace: unknown;
  try {
    if (!BASE64.test(blocks[1])) throw new Error('not base64');
    workspace = JSON.parse(Buffer.from(blocks[1], 'base64').toString('utf8'));
  } catch {
    return { ok: false, message: `${name}文件末尾的积木数据已损坏` };
  }
  const ws = checkCodeProject('blockly', JSON.stringify({ format: CODE_PROJECT_FORMATS.blockly, version: CODE_PROJECT_VERSION, workspace }));
  return ws.ok ? { ok: true } : { ok: false, message: `${name}文件末尾的积木数据格式不正确` };
}

/** The stored extension of a code project: .py for Python source, else .json (the envelope). */
export const codeProjectExt = (editor: CodeEditor, originalName: string) => (editor === 'python' && /\.py$/i.test(originalName) ? 'py' : 'json');

/** Whether `data` (stored with `ext`) is a project of `editor`; the message says what is wrong. */
export function checkCodeFile(editor: CodeEditor, data: Uint8Array, ext: string): { ok: true } | { ok: false; message: string } {
  if (ext === 'py') return editor === 'python' ? checkPythonSource(data) : { ok: false, message: `文件不是${NAMES[editor]}` };
  if (ext !== 'json') return { ok: false, message: `文件不是${NAMES[editor]}，请在编辑器中保存后再提交` };
  const r = checkCodeProject(editor, data);
  return r.ok ? { ok: true } : { ok: false, message: r.message };
}

/**
 * For a work of a code type: whether its file (a stored key) is a project of that type, read back from the
 * store and checked again (a file may have come from another folder, or be another type's). Null when it is,
 * or when the type is not a code type.
 */
export async function storedCodeProblem(store: FileStore, workType: string, key: string): Promise<string | null> {
  const editor = codeEditorOf(workType);
  if (!editor) return null;
  const ext = /\.([a-z0-9]+)$/i.exec(key)?.[1]?.toLowerCase() ?? '';
  const wrong = `作品文件不是${NAMES[editor]}，请在编辑器中保存后再提交`;
  if (ext !== 'json' && !(editor === 'python' && ext === 'py')) return wrong;
  if (!isSafeKey(key)) return wrong;
  const stat = await store.stat(key);
  if (!stat) return '作品文件不存在，请重新上传';
  if (stat.size > CODE_PROJECT_LIMITS.maxFileBytes) return `${NAMES[editor]}文件不能超过${CODE_PROJECT_LIMITS.maxFileBytes / MB}MB`;
  const data = await store.read(key);
  if (!data) return '作品文件不存在，请重新上传';
  const r = checkCodeFile(editor, data, ext);
  return r.ok ? null : r.message;
}
