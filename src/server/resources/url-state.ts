// List state lives in the query string (filters, sort, page), so refresh, back, bookmarks and tabs restore it.
import type { FilterSpec, ListSpec, SubListSpec } from './spec.js';

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
export function listState(spec: Pick<ListSpec, 'filters' | 'tabs'> & Partial<Pick<ListSpec, 'tree' | 'pageState'>>, query: Query): Query {
  const keys = new Set(['column', 'order', 'pageNo', 'pageSize']);
  if (spec.tabs) keys.add(spec.tabs.key);
  // A lazy tree's expanded rows (ListSpec.tree).
  if (spec.tree?.lazy) keys.add('open');
  for (const k of spec.pageState ?? []) keys.add(k);
  for (const f of spec.filters) {
    if (f.type === 'dateRange') {
      keys.add(`${f.key}_begin`);
      keys.add(`${f.key}_end`);
    } else keys.add(f.key);
  }
  return Object.fromEntries(Object.entries(query).filter(([k, v]) => keys.has(k) && v !== ''));
}

/** A text filter's value as the API's contains query (`*value*`), unless the user typed wildcards. */
const contains = (f: FilterSpec, v: string | undefined) => (f.type === 'text' && v && !v.includes('*') ? `*${v}*` : v);

/** A sub-list's state (its filters, sort and page) and the holding page's scope it keeps (e.g. the class's id and tab). */
export function subListState(spec: SubListSpec, query: Query): { state: Query; scope: Query } {
  const scope = Object.fromEntries(Object.keys(spec.scope).filter((k) => query[k]).map((k) => [k, query[k].slice(0, 200)]));
  return { state: listState(spec, query), scope };
}

/** The list API's query for a sub-list: its state with text filters as contains, the scope under the API's names. */
export function subListApiQuery(spec: SubListSpec, state: Query, scope: Query): Query {
  const out: Query = {};
  for (const [k, api] of Object.entries(spec.scope)) if (api && scope[k]) out[api] = scope[k];
  for (const [k, v] of Object.entries(state)) out[k] = contains(spec.filters.find((f) => f.key === k) ?? ({ type: 'exact' } as FilterSpec), v) ?? v;
  if (spec.defaultSort) {
    out.column ??= spec.defaultSort.column;
    out.order ??= spec.defaultSort.order;
  }
  out.pageNo ??= '1';
  out.pageSize ??= String(spec.defaultPageSize ?? 10);
  return out;
}

/** The API query for a page state: text filters become `*value*` (contains) unless the user typed wildcards. */
export function apiQuery(spec: ListSpec, state: Query): Query {
  // The page's own state (a lazy tree's `open`, ListSpec.pageState) is not the API's.
  const own = new Set([...(spec.tree?.lazy ? ['open'] : []), ...(spec.pageState ?? [])]);
  const out: Query = Object.fromEntries(Object.entries(state).filter(([k]) => !own.has(k)));
  for (const f of spec.filters) if (state[f.key]) out[f.key] = contains(f, state[f.key])!;
  if (spec.tabs && !spec.tabs.items.some((i) => i.value === out[spec.tabs!.key])) out[spec.tabs.key] = spec.tabs.items[0]?.value ?? '';
  out.column ??= spec.defaultSort.column;
  out.order ??= spec.defaultSort.order;
  out.pageNo ??= '1';
  out.pageSize ??= String(spec.defaultPageSize ?? 10);
  return out;
}
