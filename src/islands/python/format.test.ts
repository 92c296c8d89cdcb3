// The .py file of a 图形化Python work (_format.ts) and the Chinese error line (_runner.ts): what the editor saves
// is the source with its blocks in one trailing comment line, read back exactly; a file edited elsewhere or by
// hand (no line, a broken line) opens as plain code.
import { describe, expect, it } from 'vitest';
import { BLOCKS_MARKER, decodePy, encodePy } from './_format';
import { errorText } from './_runner';

describe('the .py format', () => {
  const ws = { blocks: { languageVersion: 0, blocks: [{ type: 'py_turtle_forward', id: 'a', x: 10, y: 20, fields: {}, inputs: {} }] }, variables: [{ name: '名字', id: 'v1' }] };

  it('keeps the blocks in one trailing comment line, Unicode included, and reads them back', () => {
    const code = "import turtle\n\nprint('你好，世界')\n";
    const text = encodePy(code, ws);
    expect(text.startsWith(code)).toBe(true);
    const last = text.trimEnd().split('\n').pop()!;
    expect(last.startsWith(BLOCKS_MARKER)).toBe(true);
    expect(last.slice(BLOCKS_MARKER.length)).toMatch(/^[A-Za-z0-9+/]+=*$/);
    expect(decodePy(text)).toEqual({ code, workspace: ws });
    // Windows line ends and a byte order mark (a file saved by another editor) change nothing.
    expect(decodePy(`\uFEFF${text.replace(/\n/g, '\r\n')}`)).toEqual({ code, workspace: ws });
  });

  it('text mode saves the code alone; plain or damaged files open as code without blocks', () => {
    expect(encodePy('print(1)   \n\n', null)).toBe('print(1)\n');
    expect(decodePy('print(1)\n')).toEqual({ code: 'print(1)\n', workspace: null });
    expect(decodePy(`print(1)\n${BLOCKS_MARKER}not base64!\n`)).toEqual({ code: 'print(1)\n', workspace: null });
    expect(decodePy(`print(1)\n${BLOCKS_MARKER}${btoa('[1,2]')}\n`).workspace).toBeNull();
  });

  it('reads the JSON envelope of shared/code-projects.ts (the seeded sample), blocks only in blocks mode', () => {
    const text = JSON.stringify({ format: 'xuetang-python', version: 1, mode: 'text', code: 'print(1)\n', workspace: ws });
    expect(decodePy(text)).toEqual({ code: 'print(1)\n', workspace: null });
    expect(decodePy(JSON.stringify({ format: 'xuetang-python', version: 1, mode: 'blocks', code: 'x', workspace: ws }))).toEqual({ code: 'x', workspace: ws });
    // Python that merely starts with a brace stays Python.
    expect(decodePy('{1: 2}\n')).toEqual({ code: '{1: 2}\n', workspace: null });
  });
});

describe('errorText', () => {
  it('names the error in Chinese, then in English, with the line when known', () => {
    expect(errorText({ name: 'NameError', message: "name 'x' is not defined", line: 3 })).toBe("第 3 行：名称错误 NameError: name 'x' is not defined");
    expect(errorText({ name: 'ZeroDivisionError', message: 'integer division or modulo by zero', line: 2 })).toBe('第 2 行：除零错误 ZeroDivisionError: integer division or modulo by zero');
    expect(errorText({ name: 'SomethingNew', message: '' })).toBe('运行错误 SomethingNew');
  });
});
