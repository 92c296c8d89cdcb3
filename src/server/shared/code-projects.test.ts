import { describe, expect, it } from 'vitest';
import { checkCodeProject, CODE_PROJECT_LIMITS, CODE_WORK_TYPES, codeEditorOf } from './code-projects.js';

const blockly = (workspace: unknown) => JSON.stringify({ format: 'xuetang-blockly', version: 1, workspace });
const chain = (n: number) => {
  let b: Record<string, unknown> = { type: 'turtle_forward' };
  for (let i = 1; i < n; i++) b = { type: 'turtle_forward', next: { block: b } };
  return b;
};

describe('checkCodeProject', () => {
  it('accepts a Blockly workspace in the envelope', () => {
    const r = checkCodeProject('blockly', blockly({ blocks: { languageVersion: 0, blocks: [{ type: 'controls_repeat_ext', x: 10, y: 10, inputs: { TIMES: { shadow: { type: 'math_number', fields: { NUM: 4 } } }, DO: { block: chain(3) } } }] }, variables: [{ name: 'i', id: 'v1' }] }));
    expect(r.ok).toBe(true);
    expect(checkCodeProject('blockly', blockly({})).ok).toBe(true);
  });
  it('accepts a Python project in text mode', () => {
    expect(checkCodeProject('python', JSON.stringify({ format: 'xuetang-python', version: 1, mode: 'text', code: 'print(1)' })).ok).toBe(true);
  });
  it('refuses what is not the format, in Chinese', () => {
    expect(checkCodeProject('blockly', '{"format":"xuetang-python","version":1,"mode":"text","code":""}')).toEqual({ ok: false, message: expect.stringContaining('文件不是积木编程作品') });
    expect(checkCodeProject('blockly', 'PK\u0003\u0004')).toEqual({ ok: false, message: expect.stringContaining('不是有效的 JSON') });
    expect(checkCodeProject('blockly', new Uint8Array([0xff, 0xfe, 0x7b]))).toMatchObject({ ok: false });
    expect(checkCodeProject('blockly', JSON.stringify({ format: 'xuetang-blockly', version: 2, workspace: {} }))).toEqual({ ok: false, message: expect.stringContaining('版本不受支持') });
  });
  it('refuses a malformed workspace', () => {
    expect(checkCodeProject('blockly', blockly({ blocks: { blocks: [{ type: 'bad type!' }] } })).ok).toBe(false);
    expect(checkCodeProject('blockly', blockly({ blocks: { blocks: [{ type: 'a', inputs: { X: 3 } }] } })).ok).toBe(false);
    expect(checkCodeProject('blockly', blockly({ blocks: { blocks: [{ type: 'a', next: { block: { fields: {} } } }] } })).ok).toBe(false);
    expect(checkCodeProject('blockly', blockly({ variables: [{ name: 1 }] })).ok).toBe(false);
  });
  it('refuses oversized and too deep projects', () => {
    expect(checkCodeProject('blockly', blockly({ blocks: { blocks: [chain(CODE_PROJECT_LIMITS.maxDepth + 1)] } }))).toEqual({ ok: false, message: expect.stringContaining('嵌套') });
    const big = blockly({ blocks: { blocks: [] }, note: 'x'.repeat(CODE_PROJECT_LIMITS.maxFileBytes) });
    expect(checkCodeProject('blockly', big)).toEqual({ ok: false, message: expect.stringContaining('不能超过2MB') });
  });
  it('maps work types to editors', () => {
    expect([codeEditorOf(CODE_WORK_TYPES.blockly), codeEditorOf(4), codeEditorOf('2'), codeEditorOf(null)]).toEqual(['blockly', 'python', null, null]);
  });
});
