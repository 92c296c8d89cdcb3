// Shared assertions for the API tests: the envelope and the paged result of the teaching-open contract.
import { expect } from 'vitest';
import type { ApiAnswer } from './harness.js';

type ApiResponse = ApiAnswer;

export const TOKEN_INVALID = 'Token失效，请重新登录';

/** The response is JSON with exactly the envelope keys, in the contract's order, and a current timestamp. */
export function expectEnvelope(res: ApiResponse, want: { success: boolean; code?: number; message?: string; status?: number }) {
  expect(res.status, JSON.stringify(res.body)).toBe(want.status ?? 200);
  expect(Object.keys(res.body)).toEqual(['success', 'message', 'code', 'result', 'timestamp']);
  expect(res.body.success, JSON.stringify(res.body)).toBe(want.success);
  if (want.code !== undefined) expect(res.body.code, JSON.stringify(res.body)).toBe(want.code);
  if (want.message !== undefined) expect(res.body.message, JSON.stringify(res.body)).toBe(want.message);
  expect(typeof res.body.timestamp).toBe('number');
  expect(Math.abs(res.body.timestamp - Date.now())).toBeLessThan(60_000);
  // A failure carries no data: nothing, the per-field messages of a validation failure, or (login) that the
  // next attempt needs a captcha.
  if (!want.success && res.body.result !== null) expect([['errors'], ['captchaRequired']]).toContainEqual(Object.keys(res.body.result));
}

/** A validation failure: HTTP 400, code 400, the first message, and that message beside its field. */
export function expectInvalid(res: ApiResponse, message: string, field?: string) {
  expectEnvelope(res, { success: false, status: 400, code: 400, message });
  if (field) expect(res.body.result?.errors?.[field], JSON.stringify(res.body)).toBe(message);
}

/** A business failure: HTTP 200 (unless given), success false, code 500 (unless given), this message. */
export function expectFailure(res: ApiResponse, message: string | RegExp, opts: { status?: number; code?: number } = {}) {
  expectEnvelope(res, { success: false, status: opts.status ?? 200, code: opts.code ?? 500 });
  if (typeof message === 'string') expect(res.body.message).toBe(message);
  else expect(res.body.message).toMatch(message);
}

/** The refusal for a missing, unknown or expired session: HTTP 500 with exactly this message. */
export function expectTokenRefusal(res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(500);
  expect(res.body?.message, JSON.stringify(res.body)).toBe(TOKEN_INVALID);
  expect(res.body?.success).toBe(false);
}

/** Refused for lacking a permission code or role: HTTP 403, code 510. */
export function expectNoPermission(res: ApiResponse) {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body?.code, JSON.stringify(res.body)).toBe(510);
  expect(res.body?.success).toBe(false);
  expect(res.body?.message).toBe('没有权限，请联系管理员授权');
}

/** MyBatis-Plus page: {records, total, size, current, pages} with consistent numbers. */
export function expectPage(result: any, size: number, current: number) {
  expect(result).toMatchObject({ size, current });
  expect(Array.isArray(result.records)).toBe(true);
  expect(typeof result.total).toBe('number');
  expect(result.pages).toBe(Math.ceil(result.total / size));
  expect(result.records.length).toBeLessThanOrEqual(size);
  expect(result.records.length).toBe(Math.max(0, Math.min(size, result.total - (current - 1) * size)));
}

/**
 * Every island's props in `html` parse as the boot loader reads them: the text of the `<script
 * type="application/json">` child of each `data-island` element (script text is raw, so an HTML-escaped `&quot;`
 * breaks it). Returns the island names and what went wrong, for one `expect(...).toEqual([])`.
 */
export function badIslandProps(html: string): string[] {
  const bad: string[] = [];
  for (const m of html.matchAll(/<(\w+)\b[^>]*\bdata-island="([^"]*)"[^>]*>\s*(<script type="application\/json">([\s\S]*?)<\/script>)?/g)) {
    const [, , name, script, text] = m;
    if (!script) continue;
    try {
      JSON.parse(text);
    } catch (e) {
      bad.push(`${name}: ${(e as Error).message} in ${text.slice(0, 60)}`);
    }
  }
  return bad;
}
