// String coercions the pages and templates share (one copy, not one per file).

/** A value as display text: null and undefined become '', anything else its String(). */
export const str = (v: unknown): string => (v === null || v === undefined ? '' : String(v));

/**
 * The text of a form or query field: the string itself, or the first of a repeated field; '' for anything
 * else (absent, an uploaded file, a number), so a stray value never reaches the upstream call as "[object File]".
 */
export const fieldText = (v: unknown): string => (typeof v === 'string' ? v : Array.isArray(v) && typeof v[0] === 'string' ? v[0] : '');
