// The check-rule engine: the anchor's cursor walk, full-match semantics, and the guards against patterns that
// would stall the server.
import { describe, expect, it } from 'vitest';
import { SEED_CHECK_RULES } from '../db/seed/code-rules.js';
import { checkPattern, checkValue, datePart, fullMatch, hasNestedQuantifier, parseFillParams, parseRuleJson } from './code-rules.js';

const seed = (code: string) => {
  const parsed = parseRuleJson(SEED_CHECK_RULES.find((r) => r.rule_code === code)!.rule_json);
  if (!parsed.ok) throw new Error(parsed.message);
  return parsed.value;
};

describe('checkValue', () => {
  it('walks the seed rule `test` with an advancing cursor and reports the first failure with its span', () => {
    const rules = seed('test');
    expect(checkValue(rules, '123@@@@#=O。')).toBeNull();
    expect(checkValue(rules, '12')).toMatchObject({ message: '只能输入3-12位字符', checkValue: '12', passed: false });
    expect(checkValue(rules, '12a@@@@#=O。')).toMatchObject({ message: '前3位必须是数字', beginIndex: 0, endIndex: 3, checkValue: '12a', digits: '3' });
    expect(checkValue(rules, '123@@x@#=O。')).toMatchObject({ message: '第4-7位必须都为 @ 符号', beginIndex: 3, endIndex: 7, checkValue: '@@x@' });
    expect(checkValue(rules, '123@@@@#=o。')).toMatchObject({ message: '第10位必须为大写的O', beginIndex: 9, endIndex: 10, checkValue: 'o' });
  });

  it('tests the empty string once the cursor is past the end', () => {
    const rules = [
      { digits: '2', pattern: '[a-z]{2}', message: '前两位是小写字母' },
      { digits: '3', pattern: '\\d{0,3}', message: '然后最多三位数字' },
      { digits: '1', pattern: 'x', message: '第6位必须是x' },
    ];
    expect(checkValue(rules, 'ab1')).toMatchObject({ message: '第6位必须是x', beginIndex: 5, endIndex: 3, checkValue: '' });
    expect(checkValue(rules.slice(0, 2), 'ab')).toBeNull();
  });

  it('matches the whole value, as Java’s Pattern.matches did', () => {
    const rules = seed('common');
    expect(checkValue(rules, 'abc_12')).toBeNull();
    expect(checkValue(rules, '1abc')?.message).toBe('第一位只能是字母');
    expect(checkValue(rules, 'ab-c')?.message).toBe('只能填写数字、大小写字母、下划线');
    expect(checkValue(rules, 'a|bc')?.message).toBe('只能填写数字、大小写字母、下划线');
    expect(checkValue(rules, 'ab')?.message).toBe('最少输入3位数');
    expect(checkValue(rules, 'abcdefghijklm')?.message).toBe('最多输入12位数');
    // A pattern without anchors still has to cover the whole value.
    expect(fullMatch('\\d+', '12a')).toBe(false);
    expect(fullMatch('\\d+', '123')).toBe(true);
  });
});

describe('pattern guards', () => {
  it('finds nested repetition and leaves ordinary patterns alone', () => {
    for (const p of ['(a+)+', '(a*b)*', '(?:[0-9]+x){2,}', '((ab)+c)*', '(\\w+\\s?)*$']) expect(hasNestedQuantifier(p), p).toBe(true);
    for (const p of ['^[a-z]+$', '(ab)+', '(\\d{3})+', '^(?:[A-Z]\\d)*$', '[(+)]+', '\\(a+\\)+', '(a+)?', '^.{3,12}$']) expect(hasNestedQuantifier(p), p).toBe(false);
  });

  it('refuses empty, over-long, broken and nested patterns with Chinese messages', () => {
    expect(checkPattern('')).toBe('正则表达式不能为空');
    expect(checkPattern('a'.repeat(201))).toBe('正则表达式不能超过200个字符');
    expect(checkPattern('[a-z')).toMatch(/^正则表达式不正确：/);
    expect(checkPattern('(a+)+')).toMatch(/嵌套的重复/);
    expect(checkPattern('^[a-z]{2,8}$')).toBeNull();
  });

  it('stops a catastrophic match after the time limit and reports it as a failure', () => {
    const started = Date.now();
    // Overlapping alternatives get past the static check; the timeout catches them.
    expect(hasNestedQuantifier('(a|a)*b')).toBe(false);
    const failure = checkValue([{ digits: '*', pattern: '(a|a)*b', message: '以b结尾' }], 'a'.repeat(40));
    expect(failure?.message).toMatch(/^校验超时/);
    expect(Date.now() - started).toBeLessThan(2000);
  });

  it('explains what is wrong with rule JSON, naming the item', () => {
    expect(parseRuleJson('[{')).toMatchObject({ ok: false, message: expect.stringMatching(/^规则JSON不是有效的JSON/) });
    expect(parseRuleJson('{"digits":"*"}')).toMatchObject({ ok: false, message: '规则JSON必须是数组，每一项包含 digits、pattern、message' });
    expect(parseRuleJson('[]')).toMatchObject({ ok: false, message: '请至少填写一条规则' });
    expect(parseRuleJson('[{"digits":"0","pattern":"a","message":"m"}]')).toMatchObject({ ok: false, message: '第1条规则的位数(digits)只能是 * 或 1–100 的整数' });
    expect(parseRuleJson('[{"digits":"*","pattern":"a","message":"m"},{"digits":2,"pattern":"(","message":"m"}]')).toMatchObject({
      ok: false,
      message: expect.stringMatching(/^第2条规则的正则表达式\(pattern\)不正确：/),
    });
    expect(parseRuleJson('[{"digits":"*","pattern":"a","message":" "}]')).toMatchObject({ ok: false, message: '第1条规则的提示信息(message)不能为空' });
    expect(parseRuleJson('[{"digits":3,"pattern":"\\\\d{3}","message":"前三位数字"}]')).toMatchObject({ ok: true });
  });
});

describe('fill rule parameters', () => {
  it('accepts the built-in generators only, with their own parameters', () => {
    expect(parseFillParams('org.jeecg.modules.system.rule.OrderNumberRule', '{}')).toMatchObject({ ok: false, message: expect.stringMatching(/^不支持的生成方式/) });
    expect(parseFillParams('serial', '{"prefix":"XT",')).toMatchObject({ ok: false, message: expect.stringMatching(/^规则参数不是有效的JSON/) });
    expect(parseFillParams('serial', '[1]')).toMatchObject({ ok: false, message: expect.stringMatching(/^规则参数必须是JSON对象/) });
    expect(parseFillParams('serial', '{"digit":4}')).toMatchObject({ ok: false, message: '规则参数不正确：流水号只支持参数 prefix、datePattern、digits' });
    expect(parseFillParams('serial', '{"digits":13}')).toMatchObject({ ok: false, message: '规则参数不正确：序号位数(digits)必须是1–12的整数' });
    expect(parseFillParams('serial', '{"prefix":"a b"}')).toMatchObject({ ok: false, message: expect.stringContaining('前缀(prefix)只能包含') });
    expect(parseFillParams('serial', '{"prefix":"XT","datePattern":"yyyyMMdd","digits":3}')).toMatchObject({ ok: true });
    expect(parseFillParams('category_code', '')).toMatchObject({ ok: true });
  });

  it('derives the date part, which is also the counter’s period', () => {
    const at = new Date(2026, 10, 4, 9, 5, 0);
    expect([datePart('yyyy', at), datePart('yyyyMM', at), datePart('yyyyMMdd', at), datePart('yyMMdd', at), datePart(undefined, at)]).toEqual(['2026', '202611', '20261104', '261104', '']);
  });
});
