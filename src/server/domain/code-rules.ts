// 编码校验规则 and 填值规则: rules stored as data (sys_check_rule, sys_fill_rule), never code to load.
//
// A check rule's rule_json is the anchor's array of {digits, pattern, message}, walked in order: digits '*' tests
// the whole value, a number N the next N characters (a cursor that advances; past the end it tests ''). The
// anchor's patterns were Java regexes with full-match semantics (Pattern.matches); here a JS RegExp wrapped as
// ^(?:pattern)$, without the u flag so that, as in Java, characters are UTF-16 units.
//
// Regular-expression denial of service: JS regexes backtrack and cannot be interrupted from inside, so three
// limits work together. On save a pattern must compile, be at most 200 characters and contain no quantified
// group that itself repeats (the (a+)+ shape behind most catastrophic patterns) — a clear error for the
// common mistake. Values are capped at 1,000 characters. And every match runs in a vm context with a 200 ms
// timeout, which V8 enforces even inside the regex engine: the backstop for shapes the static check cannot
// see (overlapping alternatives such as (a|a)*), reported as a failed check instead of a stalled server.
//
// A fill rule's rule_class names a built-in generator (shared/fill-rules.ts) and rule_params its JSON
// parameters. The serial generator's counter lives in sys_fill_rule_counter, one row per rule and period,
// incremented by a single INSERT … ON CONFLICT DO UPDATE … RETURNING statement, which both SQLite and
// PostgreSQL execute atomically: two concurrent calls never get the same number.
import vm from 'node:vm';
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../db/schema.js';
import { CHECK_RULE_LIMITS, fillGeneratorInfo } from '../shared/fill-rules.js';
import { allCategories, nextCode, ROOT_PID } from './categories.js';
import { formatDateTime } from './time.js';

export interface CheckRuleItem {
  /** '*' (the whole value) or a count of characters, as the anchor stores it (a string or a number). */
  digits: string | number;
  pattern: string;
  message: string;
}

export interface CheckFailure {
  digits: string | number;
  pattern: string;
  message: string;
  beginIndex?: number;
  endIndex?: number;
  checkValue: string;
  passed: false;
}

type Parsed<T> = { ok: true; value: T } | { ok: false; message: string };

/** A repeated group that contains a repetition: (a+)+, (a*b)*, ([0-9]{2,}){3}. Character classes and escapes are skipped. */
export function hasNestedQuantifier(pattern: string): boolean {
  const stack: boolean[] = [];
  let inner = false; // the group being read holds a repetition
  let lastGroup = false; // the token just read was a group holding a repetition
  let i = 0;
  /** A repetition quantifier at j: its length, and whether it repeats a variable number of times. */
  const repetitionAt = (j: number): { len: number; variable: boolean } | null => {
    const ch = pattern[j];
    if (ch === '*' || ch === '+') return { len: 1, variable: true };
    if (ch !== '{') return null;
    const m = /^\{(\d+)(,(\d*))?\}/.exec(pattern.slice(j));
    if (!m) return null;
    const min = Number(m[1]);
    const max = m[2] === undefined ? min : m[3] === '' ? Infinity : Number(m[3]);
    return max > 1 ? { len: m[0].length, variable: max > min } : null;
  };
  while (i < pattern.length) {
    const ch = pattern[i];
    if (ch === '\\') {
      i += 2;
      lastGroup = false;
      continue;
    }
    if (ch === '[') {
      i++;
      if (pattern[i] === '^') i++;
      if (pattern[i] === ']') i++;
      while (i < pattern.length && pattern[i] !== ']') i += pattern[i] === '\\' ? 2 : 1;
      i++;
      lastGroup = false;
      continue;
    }
    if (ch === '(') {
      stack.push(inner);
      inner = false;
      i++;
      if (pattern[i] === '?') i++; // (?: (?= (?! (?<name> — not a quantifier
      lastGroup = false;
      continue;
    }
    if (ch === ')') {
      const had: boolean = inner;
      inner = (stack.pop() ?? false) || had;
      lastGroup = had;
      i++;
      continue;
    }
    const rep = repetitionAt(i);
    if (rep) {
      if (lastGroup) return true;
      // A fixed count inside ((\d{3})+) cannot be split two ways; only a variable one makes the outer loop ambiguous.
      if (rep.variable) inner = true;
      i += rep.len;
      lastGroup = false;
      continue;
    }
    lastGroup = false;
    i++;
  }
  return false;
}

const digitsOk = (d: unknown): d is string | number =>
  d === '*' || (typeof d === 'number' && Number.isInteger(d) && d >= 1 && d <= 100) || (typeof d === 'string' && /^\d{1,3}$/.test(d.trim()) && Number(d) >= 1 && Number(d) <= 100);

/** Checks one pattern as the save does: present, short, compiles, no nested repetition. */
export function checkPattern(pattern: unknown, label = '正则表达式'): string | null {
  if (typeof pattern !== 'string' || pattern === '') return `${label}不能为空`;
  if (pattern.length > CHECK_RULE_LIMITS.pattern) return `${label}不能超过${CHECK_RULE_LIMITS.pattern}个字符`;
  try {
    new RegExp(`^(?:${pattern})$`);
  } catch (err) {
    return `${label}不正确：${String((err as Error).message).replace(/^Invalid regular expression: /, '').slice(0, 120)}`;
  }
  if (hasNestedQuantifier(pattern)) return `${label}含有嵌套的重复（如 (a+)+），可能使校验极慢，请改写`;
  return null;
}

/** Parses and validates rule_json; the message names the item (第N条规则) and the field at fault. */
export function parseRuleJson(text: unknown): Parsed<CheckRuleItem[]> {
  if (typeof text !== 'string' || text.trim() === '') return { ok: false, message: '请填写规则JSON' };
  if (text.length > CHECK_RULE_LIMITS.json) return { ok: false, message: `规则JSON不能超过${CHECK_RULE_LIMITS.json}个字符` };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { ok: false, message: '规则JSON不是有效的JSON，应为数组，例如 [{"digits":"*","pattern":"[a-z]+","message":"只能输入小写字母"}]' };
  }
  if (!Array.isArray(raw)) return { ok: false, message: '规则JSON必须是数组，每一项包含 digits、pattern、message' };
  if (!raw.length) return { ok: false, message: '请至少填写一条规则' };
  if (raw.length > CHECK_RULE_LIMITS.items) return { ok: false, message: `规则不能超过${CHECK_RULE_LIMITS.items}条` };
  const items: CheckRuleItem[] = [];
  for (const [i, item] of raw.entries()) {
    const n = `第${i + 1}条规则`;
    if (!item || typeof item !== 'object' || Array.isArray(item)) return { ok: false, message: `${n}必须是包含 digits、pattern、message 的对象` };
    const { digits, pattern, message } = item as Record<string, unknown>;
    if (!digitsOk(digits)) return { ok: false, message: `${n}的位数(digits)只能是 * 或 1–100 的整数` };
    const bad = checkPattern(pattern, `${n}的正则表达式(pattern)`);
    if (bad) return { ok: false, message: bad };
    if (typeof message !== 'string' || message.trim() === '') return { ok: false, message: `${n}的提示信息(message)不能为空` };
    if (message.length > CHECK_RULE_LIMITS.message) return { ok: false, message: `${n}的提示信息不能超过${CHECK_RULE_LIMITS.message}个字符` };
    items.push({ digits: typeof digits === 'string' ? digits.trim() : digits, pattern: pattern as string, message });
  }
  return { ok: true, value: items };
}

const sandbox = vm.createContext(Object.create(null));
const testScript = new vm.Script('re.test(s)');
// Generous enough that a busy machine never fails a sane pattern; a runaway one costs at most this, once per
// check (the walk stops at the first failure).
const MATCH_TIMEOUT_MS = 200;

/** Full match of `value` by `pattern`, interrupted after MATCH_TIMEOUT_MS (null). */
export function fullMatch(pattern: string, value: string): boolean | null {
  const re = new RegExp(`^(?:${pattern})$`);
  sandbox.re = re;
  sandbox.s = value;
  try {
    return testScript.runInContext(sandbox, { timeout: MATCH_TIMEOUT_MS }) === true;
  } catch {
    return null;
  } finally {
    sandbox.re = undefined;
    sandbox.s = undefined;
  }
}

/** Walks the rules over the value; the first failure, or null when every rule passes. */
export function checkValue(items: CheckRuleItem[], value: string): CheckFailure | null {
  let begin = 0;
  for (const item of items) {
    let checkValue: string;
    let span: { beginIndex: number; endIndex: number } | undefined;
    if (item.digits === '*') checkValue = value;
    else {
      const n = Number(item.digits);
      const end = Math.min(begin + n, value.length);
      checkValue = begin < end ? value.slice(begin, end) : '';
      span = { beginIndex: begin, endIndex: end };
      begin += n;
    }
    const passed = fullMatch(item.pattern, checkValue);
    if (passed !== true) {
      const message = passed === null ? `校验超时：规则“${item.message}”的正则表达式过于复杂，请联系管理员修改` : item.message;
      return { digits: item.digits, pattern: item.pattern, message, ...span, checkValue, passed: false };
    }
  }
  return null;
}

/**
 * The stored rule `ruleCode` as a checker, for APIs that enforce it on save (工号 in the user API). A rule that
 * does not exist, or whose stored JSON no longer parses, checks nothing: the school removed it or must mend it.
 */
export async function storedRuleChecker(db: Kysely<Database>, ruleCode: string): Promise<(value: string) => string | null> {
  const row = await db.selectFrom('sys_check_rule').select('rule_json').where('rule_code', '=', ruleCode).executeTakeFirst();
  const items = row ? parseRuleJson(row.rule_json) : null;
  if (!items?.ok) return () => null;
  return (value) => (value ? (checkValue(items.value, value)?.message ?? null) : null);
}

// ——— 填值规则 ———

const PREFIX = /^[A-Za-z0-9_-]{0,20}$/;
const DATE_PATTERNS = ['yyyy', 'yyyyMM', 'yyyyMMdd', 'yyMMdd'] as const;

/** Unknown parameters are refused by name, so a typo (digit for digits) does not pass silently. */
const only = (message: string) => ({ error: (i: { code: string }) => (i.code === 'unrecognized_keys' ? message : undefined) });

const serialParams = z.strictObject(
  {
    prefix: z.string({ message: '前缀(prefix)必须是文本' }).regex(PREFIX, '前缀(prefix)只能包含字母、数字、_ 或 -，最多20位').optional(),
    datePattern: z
      .union([z.enum(DATE_PATTERNS), z.literal('')], { message: `日期部分(datePattern)只能是 ${DATE_PATTERNS.join(' / ')} 或留空` })
      .optional(),
    digits: z.number({ message: '序号位数(digits)必须是1–12的整数' }).int('序号位数(digits)必须是1–12的整数').min(1, '序号位数(digits)必须是1–12的整数').max(12, '序号位数(digits)必须是1–12的整数').optional(),
  },
  only('流水号只支持参数 prefix、datePattern、digits'),
);

const categoryParams = z.strictObject({ pid: z.string({ message: '上级分类(pid)必须是文本' }).max(64, '上级分类(pid)格式不正确').optional() }, only('分类字典编码只支持参数 pid'));

type SerialParams = z.infer<typeof serialParams>;
type CategoryParams = z.infer<typeof categoryParams>;
export type FillParams = { kind: 'serial'; params: SerialParams } | { kind: 'category_code'; params: CategoryParams };

/** Checks a rule's generator key and its JSON parameters as the save does. */
export function parseFillParams(ruleClass: string, text: string | null | undefined): Parsed<FillParams> {
  if (!fillGeneratorInfo(ruleClass)) return { ok: false, message: `不支持的生成方式“${ruleClass.slice(0, 60)}”，只能选择系统内置的生成方式` };
  let raw: unknown = {};
  if (text && text.trim()) {
    if (text.length > 1000) return { ok: false, message: '规则参数不能超过1000个字符' };
    try {
      raw = JSON.parse(text);
    } catch {
      return { ok: false, message: '规则参数不是有效的JSON，例如 {"prefix":"XT","digits":4}' };
    }
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return { ok: false, message: '规则参数必须是JSON对象，例如 {"prefix":"XT"}' };
  }
  const schema = ruleClass === 'serial' ? serialParams : categoryParams;
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, message: `规则参数不正确：${parsed.error.issues[0]?.message ?? ''}` };
  return { ok: true, value: { kind: ruleClass, params: parsed.data } as FillParams };
}

export interface FillRuleRow {
  id: string;
  rule_class: string;
  rule_params: string | null;
}

/** The date part of a serial number, which is also the period its counter runs in ('' = one counter). */
export function datePart(pattern: string | undefined, at: Date): string {
  const t = formatDateTime(at); // YYYY-MM-DD HH:mm:ss
  const y = t.slice(0, 4);
  const m = t.slice(5, 7);
  const d = t.slice(8, 10);
  switch (pattern) {
    case 'yyyy':
      return y;
    case 'yyyyMM':
      return `${y}${m}`;
    case 'yyyyMMdd':
      return `${y}${m}${d}`;
    case 'yyMMdd':
      return `${y.slice(2)}${m}${d}`;
    default:
      return '';
  }
}

/** Takes the next number of a rule's counter in a period (atomic on both databases). */
async function nextCounter(db: Kysely<Database>, ruleId: string, period: string): Promise<number> {
  const row = await db
    .insertInto('sys_fill_rule_counter')
    .values({ rule_id: ruleId, period, current_value: 1 })
    .onConflict((oc) => oc.columns(['rule_id', 'period']).doUpdateSet((eb) => ({ current_value: eb('sys_fill_rule_counter.current_value', '+', 1) })))
    .returning('current_value')
    .executeTakeFirstOrThrow();
  return Number(row.current_value);
}

async function peekCounter(db: Kysely<Database>, ruleId: string, period: string): Promise<number> {
  const row = await db.selectFrom('sys_fill_rule_counter').select('current_value').where('rule_id', '=', ruleId).where('period', '=', period).executeTakeFirst();
  return Number(row?.current_value ?? 0) + 1;
}

/**
 * The value a rule generates. `consume` false previews it (测试): the counter is read, not taken, so the next real
 * call may hand out the same number. formData: the calling form's values (category_code reads its pid).
 */
export async function generateFill(
  db: Kysely<Database>,
  rule: FillRuleRow,
  formData: Record<string, unknown>,
  opts: { consume: boolean; at?: Date },
): Promise<Parsed<string>> {
  const parsed = parseFillParams(rule.rule_class, rule.rule_params);
  if (!parsed.ok) return parsed;
  const at = opts.at ?? new Date();
  if (parsed.value.kind === 'serial') {
    const p = parsed.value.params;
    const period = datePart(p.datePattern, at);
    const n = opts.consume ? await nextCounter(db, rule.id, period) : await peekCounter(db, rule.id, period);
    return { ok: true, value: `${p.prefix ?? ''}${period}${String(n).padStart(p.digits ?? 4, '0')}` };
  }
  const fromForm = formData.pid;
  const pid = typeof fromForm === 'string' && fromForm.trim() ? fromForm.trim() : (parsed.value.params.pid ?? '');
  const rows = await allCategories(db);
  let parentCode = '';
  if (pid && pid !== ROOT_PID) {
    const parent = rows.find((r) => r.id === pid);
    if (!parent) return { ok: false, message: '上级分类不存在' };
    parentCode = parent.code;
  }
  const code = nextCode(rows, parentCode);
  return code ? { ok: true, value: code } : { ok: false, message: '该上级分类下的编码已用完' };
}
