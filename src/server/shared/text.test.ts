// The shared string coercions: display text keeps every value but null/undefined; field text takes only strings.
import { describe, expect, it } from 'vitest';
import { fieldText, str } from './text.js';

describe('str', () => {
  it('turns null and undefined into an empty string and keeps everything else as its String()', () => {
    expect(str(null)).toBe('');
    expect(str(undefined)).toBe('');
    expect(str('')).toBe('');
    expect(str('学堂')).toBe('学堂');
    expect(str(0)).toBe('0');
    expect(str(false)).toBe('false');
    expect(str(12.5)).toBe('12.5');
  });
});

describe('fieldText', () => {
  it('takes a string, or the first string of a repeated field', () => {
    expect(fieldText('1')).toBe('1');
    expect(fieldText(['a', 'b'])).toBe('a');
  });

  it('gives an empty string for anything that is not text', () => {
    expect(fieldText(undefined)).toBe('');
    expect(fieldText(null)).toBe('');
    expect(fieldText(3)).toBe('');
    expect(fieldText([])).toBe('');
    expect(fieldText([new File(['x'], 'a.png')])).toBe('');
    expect(fieldText(new File(['x'], 'a.png'))).toBe('');
  });
});
