// Refuses a NUL byte anywhere in a request's path, query string or (JSON / form) body before any handler runs.
// PostgreSQL rejects \u0000 in text, so a NUL that reached a query would be a 500; no field of the contract
// ever needs one. Bodies are read once: Hono caches the text, and the handler's own read is served from it.
// Multipart bodies (uploads, imports) are left to their handlers, which stream them under a size limit.
import type { MiddlewareHandler } from 'hono';
import { fail } from './envelope.js';

const ILLEGAL_INPUT = '参数包含非法字符';

/** `%00` in the raw (still percent-encoded) URL: a NUL in the path or in any query key or value. */
const ENCODED_NUL = /%00/i;
/** A JSON `\u0000` escape that is not itself escaped (an even number of backslashes before it is text). */
const JSON_NUL = /(?:^|[^\\])(?:\\\\)*\\u0000/i;
const FORM_BODY = /^application\/x-www-form-urlencoded\b/i;

/** A NUL in a body: raw, as a JSON escape (handlers parse any non-multipart body as JSON), or form-encoded. */
function hasNul(text: string, form: boolean): boolean {
  return text.includes('\u0000') || JSON_NUL.test(text) || (form && ENCODED_NUL.test(text));
}

export const refuseIllegalInput: MiddlewareHandler = async (c, next) => {
  const url = c.req.url;
  const pathAndQuery = url.slice(url.indexOf('/', url.indexOf('//') + 2));
  if (ENCODED_NUL.test(pathAndQuery) || pathAndQuery.includes('\u0000')) return fail(c, ILLEGAL_INPUT, 400, 400);
  const type = c.req.header('Content-Type') ?? '';
  if (c.req.method !== 'GET' && c.req.method !== 'HEAD' && !/^multipart\//i.test(type)) {
    let text: string;
    try {
      text = await c.req.text();
    } catch {
      return fail(c, '请求数据读取失败', 400, 400);
    }
    if (hasNul(text, FORM_BODY.test(type))) return fail(c, ILLEGAL_INPUT, 400, 400);
  }
  await next();
};
