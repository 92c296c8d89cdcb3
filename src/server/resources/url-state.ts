// List state lives in the query string (filters, sort, page), so refresh, back, bookmarks and tabs restore it.
import type { ListSpec } from './spec.js';

export type Query = Record<string, string>;

/** `path?query` with overrides applied; empty values are dropped. */
export function hrefWith(path: string, query: Query, overrides: Record<string, string | number | undefined> = {}): string {
  const params = new URLSearchParams();
  const merged: Record<string, string | number | undefined> = { ...query, ...overrides };
  for (const [k, v] of Object.entries(merged)) if (v !== undefined && v !== '') params.set(k, String(v));
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

/** The query parameters that belong to the list (filters, sort, paging); anything else is dropped. */
export function listState(spec: ListSpec, query: Query): Query {
  const keys = new Set(['column', 'order', 'pageNo', 'pageSize']);
  if (spec.tabs) keys.add(spec.tabs.key);
  for (const f of spec.filters) {
    if (f.type === 'dateRange') {
      keys.add(`${f.key}_begin`);
      keys.add(`${f.key}_end`);
    } else keys.add(f.key);
  }
  return Object.fromEntries(Object.entries(query).filter(([k, v]) => keys.has(k) && v !== ''));
}

/** The API query for a page state: text filters become `*value*` (contains) unless the user typed wildcards. */
export function apiQuery(spec: ListSpec, state: Query): Query {
  const out: Query = { ...state };
  for (const f of spec.filters) {
    const v = state[f.key];
    if (f.type === 'text' && v && !v.includes('*')) out[f.key] = `*${v}*`;
  }
  if (spec.tabs && !spec.tabs.items.some((i) => i.value === out[spec.tabs!.key])) out[spec.tabs.key] = spec.tabs.items[0]?.value ?? '';
  out.column ??= spec.defaultSort.column;
  out.order ??= spec.defaultSort.order;
  out.pageNo ??= '1';
  out.pageSize ??= String(spec.defaultPageSize ?? 10);
  return out;
}
