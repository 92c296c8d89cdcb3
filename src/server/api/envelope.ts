// The teaching-open/JeecgBoot response envelope: {success, message, code, result, timestamp}.
// Business failures are HTTP 200 with success:false (the contract its clients rely on).
import type { Context } from 'hono';
import type { ContentfulStatusCode } from 'hono/utils/http-status';
import type { z } from 'zod';

export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

export const envelope = <T>(success: boolean, message: string, code: number, result: T): Envelope<T> => ({
  success,
  message,
  code,
  result,
  timestamp: Date.now(),
});

declare const answers: unique symbol;
/**
 * A response that answers an endpoint whose result type is T: `ok(c, value)` makes one from a value of type T,
 * `fail` one that fits every endpoint. `ApiRoutes.at` demands the endpoint's own result type, so a handler whose
 * answer drifts from the contract (a renamed or missing field) does not compile. Type carrier only.
 */
export type Answer<T> = Response & { readonly [answers]: T };

/** Any envelope: the one place a handler's answer is built (ok and fail are its usual cases). */
export function answer<T>(c: Context, success: boolean, message: string, code: number, result: T, status: ContentfulStatusCode = 200): Answer<T> {
  return c.json(envelope(success, message, code, result), status) as unknown as Answer<T>;
}

/** Success. `code` 200 for Result.ok-style endpoints, 0 for endpoints the anchor answers with defaults. */
export function ok<T>(c: Context, result: T, message = '操作成功！', code = 200): Answer<T> {
  return answer(c, true, message, code, result);
}

export function fail(c: Context, message: string, code = 500, status: ContentfulStatusCode = 200): Answer<never> {
  return answer(c, false, message, code, null as never, status);
}

/**
 * A failure whose result the contract's clients read (per-field errors, a rule's verdict). Typed as fitting any
 * endpoint, like `fail`: what a failure carries is not the endpoint's result type.
 */
export function failWith(c: Context, message: string, code: number, result: unknown, status: ContentfulStatusCode = 200): Answer<never> {
  return answer(c, false, message, code, result as never, status);
}

/** The endpoint's own shape as the whole body, not in the envelope (Spring Actuator's reads, contracts/monitor.ts). */
export const bare = <T>(c: Context, body: T): Answer<T> => c.json(body as object) as unknown as Answer<T>;

/** A response that is not an envelope (a file, a redirect, an Excel stream) answering an endpoint that declares none. */
export const streamed = (res: Response): Answer<never> => res as Answer<never>;

export const TOKEN_INVALID = 'Token失效，请重新登录';
export const NO_PERMISSION = '没有权限，请联系管理员授权';

/** Paged result shape of MyBatis-Plus. */
export interface Page<T> {
  records: T[];
  total: number;
  size: number;
  current: number;
  pages: number;
  searchCount: true;
}

export function page<T>(records: T[], total: number, pageNo: number, pageSize: number): Page<T> {
  return { records, total, size: pageSize, current: pageNo, pages: pageSize > 0 ? Math.ceil(total / pageSize) : 0, searchCount: true };
}

/** The last page number a list answers; past it the page is simply empty. */
const MAX_PAGE_NO = 100_000;

/**
 * Paging parameters, defaults 1 and 10, clamped so a client cannot ask for a million rows, nor for page
 * 99999999999999999999 (an offset no database integer holds: a 500 before the clamp).
 */
export function paging(c: Context, defaultSize = 10, maxSize = 200): { pageNo: number; pageSize: number; offset: number } {
  const int = (v: string | undefined, d: number) => {
    const n = Number.parseInt(v ?? '', 10);
    return Number.isFinite(n) && n > 0 ? n : d;
  };
  const pageNo = Math.min(int(c.req.query('pageNo'), 1), MAX_PAGE_NO);
  const pageSize = Math.min(int(c.req.query('pageSize'), defaultSize), maxSize);
  return { pageNo, pageSize, offset: (pageNo - 1) * pageSize };
}

type Parsed<T> = { ok: true; data: T } | { ok: false; response: Answer<never> };

/** First validation message, in the Chinese the schema gave it. */
export function firstIssue(error: z.ZodError): string {
  const issue = error.issues[0];
  return issue?.message ?? '参数错误';
}

/**
 * Reads and validates a JSON body; bad JSON, a body that is not an object (an array for an array schema) and
 * invalid fields become a readable failure, nothing else runs. Every handler reads its JSON body here.
 */
export async function jsonBody<S extends z.ZodType>(c: Context, schema: S): Promise<Parsed<z.infer<S>>> {
  let raw: unknown;
  try {
    const text = await c.req.text();
    if (text.length > 1_000_000) return { ok: false, response: fail(c, '请求数据过大', 413, 413) };
    raw = text.trim() === '' ? {} : JSON.parse(text);
  } catch {
    return { ok: false, response: fail(c, '请求数据不是有效的JSON', 400, 400) };
  }
  // A body is an object, or an array where the schema reads one: `null`, `1`, `"x"` or `[]` where an object is
  // expected would otherwise reach refinements and handlers that read its fields.
  const array = schema.type === 'array';
  if (raw === null || typeof raw !== 'object' || Array.isArray(raw) !== array) return { ok: false, response: fail(c, array ? '请求数据必须是JSON数组' : '请求数据必须是JSON对象', 400, 400) };
  const parsed = schema.safeParse(raw);
  if (!parsed.success) return { ok: false, response: validationFailure(c, parsed.error) };
  return { ok: true, data: parsed.data };
}

/** Field → first message, so forms can show each error beside its field. */
function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length ? String(issue.path[0]) : '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** HTTP 400 with the first message and every field's message in `result.errors`. */
function validationFailure(c: Context, error: z.ZodError): Answer<never> {
  return failWith(c, firstIssue(error), 400, { errors: fieldErrors(error) }, 400);
}

/** A business rule failed on one field (e.g. a duplicate username): the form shows it beside the field. */
export function fieldFail(c: Context, field: string, message: string): Answer<never> {
  return failWith(c, message, 500, { errors: { [field]: message } });
}

/** Validates the query string with a schema (values are strings). */
export function queryParams<S extends z.ZodType>(c: Context, schema: S): Parsed<z.infer<S>> {
  const parsed = schema.safeParse(c.req.query());
  if (!parsed.success) return { ok: false, response: validationFailure(c, parsed.error) };
  return { ok: true, data: parsed.data };
}
