// A resource's fields, declared once with their rules. Everything else is derived from the declaration:
//   - the API's validation of a body (`schema`), with the contract's Chinese messages;
//   - the API's list allow-list (`fieldMap`: query key → SQL column and how to compare it);
//   - the form's fields (`formField`: label, control, required, maxlength, dictionary, options);
//   - the list's columns and filters (`column`, `filter`: title, dictionary).
// A screen adds only what differs (a custom control, a help text, a computed column), so a form's maxlength and
// the API's limit cannot disagree (resources/declared-once.test.ts proves it for every registered form).
import { z } from 'zod';
import type { ColumnSpec, FieldMap, FieldOption, FieldSpec, FilterSpec } from './spec.js';
import { flag, hasHiddenChars, hiddenCharsMessage, toNumber, tooLongMessage } from './rules.js';

/**
 * What a field holds, which decides its validation and its default control:
 * text (plain text), name (text people read: no hidden characters), code (identifier-like text, usually with a
 * pattern), richtext and password (not trimmed), int, rate (1–5 stars), flag (yes/no as 1/0), choice (one value
 * of a dictionary or option list), choices (several, a comma list unless `asArray`), date, datetime, upload
 * (stored file keys).
 */
type FieldKind = 'text' | 'name' | 'code' | 'richtext' | 'password' | 'int' | 'rate' | 'flag' | 'choice' | 'choices' | 'date' | 'datetime' | 'upload';

export interface FieldRule {
  label: string;
  kind: FieldKind;
  /** SQL column the list filters and sorts by (default: the key in snake_case). */
  column?: string;
  required?: boolean;
  /** Longest text in characters (text kinds), or the largest value (int, rate). */
  max?: number;
  /** Smallest value (int, rate). */
  min?: number;
  /** A pattern a non-empty text must match, with the message when it does not. */
  pattern?: { re: RegExp; message: string };
  /** Options from a dictionary (choice, choices). */
  dict?: string;
  /** Fixed options (choice, choices): the API accepts only these values. */
  options?: FieldOption[];
  /** choices: the value travels as an array instead of a comma list. */
  asArray?: boolean;
  /** Further checks of a non-empty text value the declaration's other rules cannot say. */
  checks?: { test: (value: string) => boolean; message: string }[];
  /** int: a number with up to this many digits after the point (an amount; Infinity: any fraction) instead of a whole number. */
  decimals?: number;
  /**
   * Where the contract words a refusal otherwise: `required` (missing or empty), `range` (int below min or above
   * max), `invalid` (int: every refusal of the value itself — not a number, a fraction, out of range — in one
   * message; choice: a value outside the options, instead of X不存在; flag: instead of X只能是是或否).
   */
  messages?: { required?: string; range?: string; invalid?: string };
}

type Value<R extends FieldRule> = R['kind'] extends 'int' | 'rate'
  ? number
  : R['kind'] extends 'flag'
    ? 0 | 1
    : R extends { kind: 'choices'; asArray: true }
      ? string[]
      : string;

/** The parsed value of a field: present when required, otherwise possibly null or undefined. */
export type FieldValue<R extends FieldRule> = R extends { required: true } ? Value<R> : Value<R> | null | undefined;

const TEXT_KINDS = new Set<FieldKind>(['text', 'name', 'code', 'richtext', 'password', 'date', 'datetime', 'upload']);
const DATE = /^\d{4}-\d{2}-\d{2}$/;
const DATETIME = /^\d{4}-\d{2}-\d{2}(?:[ T]\d{2}:\d{2}(?::\d{2})?)?$/;
/** A day that exists (no 2026-13-01, no 02-30) and, when given, a time of day that does. */
const onCalendar = (v: string) => {
  const [y, m, d, hh = 0, mm = 0, ss = 0] = v.split(/[-T :]/).map(Number);
  const t = new Date(Date.UTC(y, m - 1, d));
  return t.getUTCFullYear() === y && t.getUTCMonth() === m - 1 && t.getUTCDate() === d && hh < 24 && mm < 60 && ss < 60;
};

const snake = (key: string) => key.replace(/[A-Z]/g, (c) => `_${c.toLowerCase()}`);

function textSchema(r: FieldRule): z.ZodType {
  const keepSpaces = r.kind === 'richtext' || r.kind === 'password';
  const missing = r.messages?.required ?? `请输入${r.label}`;
  let s = z.string({ message: r.required ? missing : `${r.label}必须是文本` });
  if (!keepSpaces) s = s.trim();
  if (r.required) s = s.min(1, missing);
  if (r.max !== undefined) s = s.max(r.max, tooLongMessage(r.label, r.max));
  const checks = [...(r.checks ?? [])];
  if (r.kind === 'name') checks.unshift({ test: (v) => !hasHiddenChars(v), message: hiddenCharsMessage(r.label) });
  if (r.pattern) checks.push({ test: (v) => r.pattern!.re.test(v), message: r.pattern.message });
  if (r.kind === 'date') checks.push({ test: (v) => DATE.test(v) && onCalendar(v), message: `${r.label}格式不正确` });
  if (r.kind === 'datetime') checks.push({ test: (v) => DATETIME.test(v) && onCalendar(v), message: `${r.label}格式不正确` });
  const checked = checks.reduce<z.ZodType<string>>((acc, c) => acc.refine((v) => v === '' || c.test(v), c.message), s);
  return r.required ? checked : checked.nullish();
}

/** Digits after the point of a number as written (1e-7 counts as 7). */
const decimalsOf = (v: number) => {
  const [mantissa, exp] = String(v).split('e');
  return Math.max(0, (mantissa.split('.')[1] ?? '').length - Number(exp ?? 0));
};

function numberSchema(r: FieldRule): z.ZodType {
  const { required: missing, invalid, range: rangeMessage } = r.messages ?? {};
  let n = z.number({ error: (iss) => (missing && (iss.input === undefined || iss.input === null) ? missing : (invalid ?? `${r.label}必须是数字`)) });
  n = r.decimals === undefined ? n.int(invalid ?? `${r.label}必须是整数`) : n.refine((v) => decimalsOf(v) <= r.decimals!, invalid ?? `${r.label}最多${r.decimals}位小数`);
  const range = rangeMessage ?? invalid ?? (r.min !== undefined && r.max !== undefined ? `${r.label}在${r.min}到${r.max}之间` : undefined);
  if (r.min !== undefined) n = n.min(r.min, range ?? `${r.label}不能小于${r.min}`);
  if (r.max !== undefined) n = n.max(r.max, range ?? `${r.label}不能大于${r.max}`);
  return z.preprocess(toNumber, r.required ? n : n.nullish());
}

function choiceSchema(r: FieldRule): z.ZodType {
  const allowed = r.options ? new Set(r.options.map((o) => o.value)) : undefined;
  const unknown = r.messages?.invalid ?? `${r.label}不存在`;
  const choose = r.messages?.required ?? `请选择${r.label}`;
  /** One value: within the longest value (an id or a code) and, with fixed options, one of them. */
  const known = (v: string) => v.length <= (r.max ?? 64) && (!allowed || allowed.has(v));
  const value = z.union([z.string(), z.number()], { message: choose }).transform((v) => String(v).trim());
  if (r.kind === 'choice') {
    const one = value.refine((v) => v === '' || known(v), unknown);
    return r.required ? one.refine((v) => v !== '', choose) : one.nullish();
  }
  // choices: an array or a comma list, each value checked on its own; normalised to the declared shape.
  const many = z
    .union([z.array(value), value], { message: choose })
    .transform((v) => (Array.isArray(v) ? v : v.split(',').map((s) => s.trim())).filter((s) => s !== ''))
    .refine((list) => list.every(known), unknown)
    .refine((list) => !r.required || list.length > 0, choose)
    .transform((list) => (r.asArray ? list : list.join(',')));
  return r.required ? many : many.nullish();
}

function fieldSchema(r: FieldRule): z.ZodType {
  if (r.kind === 'int' || r.kind === 'rate') return numberSchema(r);
  if (r.kind === 'flag') return r.required ? flag(r.label, r.messages?.invalid).refine((v) => v !== undefined, `请选择${r.label}`) : flag(r.label, r.messages?.invalid);
  if (r.kind === 'choice' || r.kind === 'choices') return choiceSchema(r);
  return textSchema(r);
}

const CONTROL: Record<FieldKind, FieldSpec['type']> = {
  text: 'text',
  name: 'text',
  code: 'text',
  richtext: 'richtext',
  password: 'password',
  int: 'number',
  rate: 'rate',
  flag: 'switch',
  choice: 'select',
  choices: 'multiselect',
  date: 'date',
  datetime: 'date',
  upload: 'upload',
};

export class Resource<F extends Record<string, FieldRule>> {
  constructor(readonly fields: F) {}

  /** The rule of one field. */
  rule<K extends keyof F & string>(key: K): F[K] {
    return this.fields[key];
  }

  /** The API's validation of a body holding `keys` (an edit usually extends it with the id). */
  schema<K extends keyof F & string>(keys: readonly K[]): z.ZodObject<{ [P in K]: z.ZodType<FieldValue<F[P]>> }> {
    return z.object(Object.fromEntries(keys.map((k) => [k, fieldSchema(this.fields[k])]))) as unknown as z.ZodObject<{
      [P in K]: z.ZodType<FieldValue<F[P]>>;
    }>;
  }

  /** The list allow-list of `keys`: query key → SQL column (`prefix.` for a joined query) and how to compare. */
  fieldMap<K extends keyof F & string>(keys: readonly K[], prefix = ''): FieldMap {
    return Object.fromEntries(
      keys.map((k) => {
        const r = this.fields[k];
        const type = r.kind === 'int' || r.kind === 'rate' || r.kind === 'flag' ? 'number' : r.kind === 'date' || r.kind === 'datetime' ? 'date' : 'string';
        return [k, { column: prefix + (r.column ?? snake(k)), type }];
      }),
    );
  }

  /** A form field: label, control, required, maxlength, dictionary and options from the rule; `extra` adds what differs. */
  formField<K extends keyof F & string>(key: K, extra: Partial<Omit<FieldSpec, 'key' | 'maxLength' | 'required'>> = {}): FieldSpec {
    const r = this.fields[key];
    return {
      key,
      label: r.label,
      type: CONTROL[r.kind],
      ...(r.required ? { required: true } : {}),
      ...(TEXT_KINDS.has(r.kind) && r.max !== undefined ? { maxLength: r.max } : {}),
      ...(r.dict ? { dict: r.dict } : {}),
      ...(r.options ? { options: r.options } : {}),
      ...(r.asArray ? { asArray: true } : {}),
      ...extra,
    };
  }

  /** A list column titled by the field's label, shown by its dictionary text when it has one. */
  column<K extends keyof F & string>(key: K, extra: Partial<Omit<ColumnSpec, 'key'>> = {}): ColumnSpec {
    const r = this.fields[key];
    return { key, title: r.label, ...(r.dict ? { dict: r.dict } : {}), ...extra };
  }

  /** A list filter of the field (its query parameter is the key). */
  filter<K extends keyof F & string>(key: K, type: FilterSpec['type'], extra: Partial<Omit<FilterSpec, 'key' | 'type'>> = {}): FilterSpec {
    const r = this.fields[key];
    return { key, label: r.label, type, ...(type === 'dict' && r.dict ? { dict: r.dict } : {}), ...extra };
  }
}

/** Declares a resource's fields (`as const` is implied, so `required: true` types the parsed value). */
export const resource = <const F extends Record<string, FieldRule>>(fields: F) => new Resource(fields);
