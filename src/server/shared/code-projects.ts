// The saved-file format of the non-Scratch editors (积木编程 /blockly/, 图形化Python /python/): a small versioned
// JSON envelope around Blockly's own JSON serialization (Blockly.serialization.workspaces.save). One module that
// the server's checks (uploads, submit) and the docs refer to; the browser writes the same shape
// (src/islands/code-host/_project.ts: islands may not import server code, so the names are repeated there).
//
//   积木编程 (work type 10):  { "format": "xuetang-blockly", "version": 1, "workspace": <Blockly JSON> }
//   图形化Python (work type 4): { "format": "xuetang-python", "version": 1, "mode": "blocks" | "text",
//                               "code": "<Python source>", "workspace"?: <Blockly JSON> }
//
// <Blockly JSON> is { "blocks"?: { "languageVersion": 0, "blocks": [<block>…] }, "variables"?: [{ "name", "id",
// "type"? }…], … } where a <block> is { "type", "id"?, "x"?, "y"?, "fields"?, "inputs"?: { <name>: { "block"?,
// "shadow"? } }, "next"?: { "block"?, "shadow"? }, "extraState"?, … }. Other keys Blockly's serializers add (plugins,
// procedures) are kept as they are.
import { z } from 'zod';

/** The work_type dictionary values of these editors. */
export const CODE_WORK_TYPES = { blockly: '10', python: '4' } as const;
export type CodeEditor = keyof typeof CODE_WORK_TYPES;

/** The upload folder (`biz`, also sys_file.file_tag) each editor saves its project file into. */
export const CODE_PROJECT_FOLDERS: Readonly<Record<CodeEditor, string>> = { blockly: 'blockly', python: 'python' };

/** The `format` value of each editor's envelope. */
export const CODE_PROJECT_FORMATS: Readonly<Record<CodeEditor, string>> = { blockly: 'xuetang-blockly', python: 'xuetang-python' };
export const CODE_PROJECT_VERSION = 1;

/** Limits of a saved project: a child's program is a few KB; these leave room for big ones and no more. */
export const CODE_PROJECT_LIMITS = {
  maxFileBytes: 2 * 1024 * 1024,
  maxBlocks: 10_000,
  /** Nesting of blocks (inputs and next chains); Blockly's own loader recurses, so this stays well below stack depth. */
  maxDepth: 2_000,
  maxCodeChars: 200_000,
  maxVariables: 1_000,
};

const variable = z.looseObject({
  name: z.string().max(200),
  id: z.string().max(200),
  type: z.string().max(200).optional(),
});

/** The workspace's top level; its blocks are walked by `checkBlocks` (a recursive schema would recurse per block). */
const workspace = z.looseObject({
  blocks: z.looseObject({ languageVersion: z.number().optional(), blocks: z.array(z.unknown()) }).optional(),
  variables: z.array(variable).max(CODE_PROJECT_LIMITS.maxVariables).optional(),
});

const blocklyProject = z.object({
  format: z.literal(CODE_PROJECT_FORMATS.blockly),
  version: z.literal(CODE_PROJECT_VERSION),
  workspace,
});

const pythonProject = z.object({
  format: z.literal(CODE_PROJECT_FORMATS.python),
  version: z.literal(CODE_PROJECT_VERSION),
  mode: z.enum(['blocks', 'text']),
  code: z.string().max(CODE_PROJECT_LIMITS.maxCodeChars),
  workspace: workspace.optional(),
});

type BlocklyProject = z.infer<typeof blocklyProject>;
type PythonProject = z.infer<typeof pythonProject>;
type CodeProject<E extends CodeEditor> = E extends 'blockly' ? BlocklyProject : PythonProject;

const isObject = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const BLOCK_TYPE = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

/** Every block of the workspace: an object with a block type name, inputs and next as Blockly writes them. Iterative. */
function checkBlocks(top: unknown[]): string | null {
  const stack: { v: unknown; depth: number }[] = top.map((v) => ({ v, depth: 1 }));
  let count = 0;
  while (stack.length) {
    const { v, depth } = stack.pop()!;
    if (!isObject(v) || typeof v.type !== 'string' || !BLOCK_TYPE.test(v.type)) return '积木格式不正确';
    if (++count > CODE_PROJECT_LIMITS.maxBlocks) return `积木数量不能超过${CODE_PROJECT_LIMITS.maxBlocks}个`;
    if (depth > CODE_PROJECT_LIMITS.maxDepth) return `积木嵌套不能超过${CODE_PROJECT_LIMITS.maxDepth}层`;
    if (v.fields !== undefined && !isObject(v.fields)) return '积木格式不正确';
    const connections: unknown[] = [];
    if (v.inputs !== undefined) {
      if (!isObject(v.inputs)) return '积木格式不正确';
      connections.push(...Object.values(v.inputs));
    }
    if (v.next !== undefined) connections.push(v.next);
    for (const c of connections) {
      if (!isObject(c)) return '积木格式不正确';
      for (const k of ['block', 'shadow'] as const) if (c[k] !== undefined) stack.push({ v: c[k], depth: depth + 1 });
    }
  }
  return null;
}

export type CodeProjectCheck<E extends CodeEditor> = { ok: true; project: CodeProject<E> } | { ok: false; message: string };

/**
 * Whether `data` is a saved project of `editor`: size, UTF-8 JSON, the envelope, and a workspace Blockly can load.
 * The message (Chinese, for the child) says what is wrong.
 */
export function checkCodeProject<E extends CodeEditor>(editor: E, data: Uint8Array | string): CodeProjectCheck<E> {
  const name = editor === 'blockly' ? '积木编程作品' : '图形化Python作品';
  const size = typeof data === 'string' ? new TextEncoder().encode(data).length : data.length;
  if (size > CODE_PROJECT_LIMITS.maxFileBytes) return { ok: false, message: `${name}文件不能超过${CODE_PROJECT_LIMITS.maxFileBytes / 1024 / 1024}MB` };
  let json: unknown;
  try {
    json = JSON.parse(typeof data === 'string' ? data : new TextDecoder('utf-8', { fatal: true }).decode(data));
  } catch {
    return { ok: false, message: `${name}文件已损坏（不是有效的 JSON）` };
  }
  if (!isObject(json) || json.format !== CODE_PROJECT_FORMATS[editor]) return { ok: false, message: `文件不是${name}（格式应为 ${CODE_PROJECT_FORMATS[editor]}）` };
  if (json.version !== CODE_PROJECT_VERSION) return { ok: false, message: `${name}文件的版本不受支持（${String(json.version)}）` };
  const parsed = (editor === 'blockly' ? blocklyProject : pythonProject).safeParse(json);
  if (!parsed.success) return { ok: false, message: `${name}文件格式不正确` };
  const ws = (parsed.data as { workspace?: z.infer<typeof workspace> }).workspace;
  const problem = ws?.blocks ? checkBlocks(ws.blocks.blocks) : null;
  if (problem) return { ok: false, message: `${name}文件格式不正确：${problem}` };
  return { ok: true, project: parsed.data as CodeProject<E> };
}

/** Which editor a work type belongs to (null for Scratch and files). */
export function codeEditorOf(workType: string | number | null | undefined): CodeEditor | null {
  const t = String(workType ?? '');
  return t === CODE_WORK_TYPES.blockly ? 'blockly' : t === CODE_WORK_TYPES.python ? 'python' : null;
}
