// 消息中心's template filling: ${var} from JSON values, HTML escaping for HTML bodies, unknown names kept as
// written, plain-text templates kept line by line; and the parsing of the values.
import { describe, expect, it } from 'vitest';
import { fillTemplate, htmlToText, parseParams, renderBody, retryDelay, MAX_TRIES } from './messages.js';

describe('fillTemplate', () => {
  it('fills names and dotted paths from the values; numbers, booleans, objects and null become text', () => {
    const f = fillTemplate('${name}得了${ score }分，${ok}，${user.class}，${obj}，${none}', { name: '小明', score: 95, ok: true, user: { class: '一班' }, obj: { a: 1 }, none: null });
    expect(f).toEqual({ text: '小明得了95分，true，一班，{"a":1}，', missing: [] });
  });

  it('leaves unknown placeholders as written and names them once', () => {
    const f = fillTemplate('${a}-${b}-${b}-${c.d}', { a: 'x', c: {} });
    expect(f).toEqual({ text: 'x-${b}-${b}-${c.d}', missing: ['b', 'c.d'] });
  });

  it('does not treat the text of a value as a placeholder', () => {
    expect(fillTemplate('${a}${b}', { a: '${b}', b: '1' }).text).toBe('${b}1');
  });
});

describe('renderBody', () => {
  it('escapes values in an HTML template and keeps its markup (sanitised)', () => {
    const b = renderBody('<p>你好，<b>${name}</b></p><script>alert(1)</script>', { name: '<img src=x onerror=alert(1)>&"' });
    expect(b.text).toBe('<p>你好，<b>&lt;img src=x onerror=alert(1)&gt;&amp;"</b></p>');
    expect(htmlToText(b.text)).toBe('你好，<img src=x onerror=alert(1)>&"');
  });

  it('escapes a plain-text template whole and keeps its lines', () => {
    const b = renderBody('第一行 ${v}\n第二行 ${w}', { v: '<b>粗</b>' });
    expect(b).toEqual({ text: '第一行 &lt;b&gt;粗&lt;/b&gt;<br>第二行 ${w}', missing: ['w'] });
    expect(htmlToText(b.text)).toBe('第一行 <b>粗</b>\n第二行 ${w}');
  });
});

describe('parseParams', () => {
  it('accepts a JSON object as text or value, and nothing at all', () => {
    expect(parseParams('{"a":1}')).toEqual({ ok: true, values: { a: 1 } });
    expect(parseParams({ a: 2 })).toEqual({ ok: true, values: { a: 2 } });
    expect(parseParams('')).toEqual({ ok: true, values: {} });
    expect(parseParams(undefined)).toEqual({ ok: true, values: {} });
  });

  it('refuses bad JSON, arrays and scalars with a Chinese message', () => {
    for (const bad of ['{a:1}', '[1,2]', '"x"', '3', [1], 5]) {
      const r = parseParams(bad);
      expect(r.ok, JSON.stringify(bad)).toBe(false);
      if (!r.ok) expect(r.message).toBe('测试数据必须是JSON对象，例如 {"name":"小明"}');
    }
  });
});

describe('retryDelay', () => {
  it('waits 1, 5 and 30 minutes after the first three failed tries, then stops', () => {
    expect([1, 2, 3, 4].map(retryDelay)).toEqual([60_000, 300_000, 1_800_000, null]);
    expect(MAX_TRIES).toBe(4);
  });
});
