// A tree list (ListSpec.tree) on the list machinery (list-page.tsx): the rows' text indented under their parents,
// 添加下级 on each row (the add form with the parent preset: ListPageOptions.addValues gets `pid`), and for a lazy
// tree the levels read one at a time — the top level is the list's page; each row opened in the URL's `open` has
// its children read (`?<pid>=<id>`, with the list's filters) and shown under it. While filtering, every level the
// API answers is open: the API answers the matches and their ancestors only (hasQuery), so a match shows in place.
// 分类字典 (its API answers the whole tree in order, with depth) and the online tree forms share it.
import type { Child } from 'hono/jsx';
import { hrefWith, type Query } from '../resources/url-state.js';
import type { ListSpec, TreeListSpec } from '../resources/spec.js';
import { cellValue, dialogAttrs, type PageData, type RowExtra } from '../../templates/list/list-view.js';
import { TreeName } from '../../templates/list/tree-name.js';
import type { Upstream } from '../upstream/client.js';
import { str } from '../shared/text.js';
import { callRef } from './list-common.js';

/** Levels and rows a lazy tree opens at most on one page. */
const MAX_DEPTH = 10;
const MAX_ROWS = 1000;
const MAX_OPEN = 100;

type Row = Record<string, unknown>;

const openIds = (state: Query) => new Set((state.open ?? '').split(',').map((s) => s.trim().slice(0, 64)).filter(Boolean).slice(0, MAX_OPEN));
const hasKids = (t: TreeListSpec, r: Row) => (t.hasChild ? String(r[t.hasChild] ?? '') === '1' : false);

/** Whether the list state filters (any state key but sort, paging and `open`). */
const filtering = (state: Query) => Object.keys(state).some((k) => !['column', 'order', 'pageNo', 'pageSize', 'open'].includes(k));

/**
 * The records of a lazy tree's page with the opened rows' children under them, each with its `depth` (and
 * `_open`: its children are shown). `listQuery` is the top level's API query (filters and sort are kept for the
 * children). A level the API refuses is left closed.
 */
export async function expandTree(up: Upstream, spec: ListSpec, state: Query, listQuery: Query, page: PageData): Promise<PageData> {
  const t = spec.tree;
  if (!t?.lazy) return page;
  const open = openIds(state);
  const all = filtering(state);
  const { pageNo: _p, pageSize: _s, ...rest } = listQuery;
  let count = page.records.length;
  const level = async (rows: Row[], depth: number): Promise<Row[]> => {
    const out: Row[] = [];
    for (const r of rows) {
      const opened = depth < MAX_DEPTH && hasKids(t, r) && (all || open.has(str(r.id))) && count < MAX_ROWS;
      out.push({ ...r, depth, _open: opened });
      if (!opened) continue;
      const res = await callRef<PageData>(up, spec.api.list, 'GET', { query: { ...rest, [t.pid]: str(r.id), ...(all ? { hasQuery: 'true' } : {}) } });
      const kids = res.body.success ? res.body.result.records.slice(0, MAX_ROWS - count) : [];
      count += kids.length;
      out.push(...(await level(kids, depth + 1)));
    }
    return out;
  };
  return { ...page, records: await level(page.records, 0) };
}

/** The text column's cell: indented by depth; a lazy tree's row with children gets its expander (its id toggled in `open`). */
export function treeCell(spec: ListSpec, state: Query, own?: (r: Row, back: string) => Child) {
  const t = spec.tree!;
  const col = spec.columns.find((c) => c.key === t.text) ?? { key: t.text, title: t.text };
  return (r: Row, back: string): Child => {
    const text = own ? own(r, back) : cellValue(col, r);
    const id = str(r.id);
    let toggle: { href: string; open: boolean } | undefined;
    if (t.lazy && hasKids(t, r)) {
      const open = openIds(state);
      const opened = r._open === true;
      if (opened) open.delete(id);
      else open.add(id);
      toggle = { href: hrefWith(spec.route, state, { open: [...open].join(',') || undefined }), open: opened };
    }
    return <TreeName depth={Number(r.depth) || 0} text={text} label={str(r[t.text]) || id} toggle={toggle} />;
  };
}

/** 添加下级 before a row's other actions, for users who may add: the add form with the row as parent. */
export const addChildAction =
  (spec: ListSpec, mayAdd: boolean, own?: (r: Row, back: string) => RowExtra) =>
  (r: Row, back: string): RowExtra => {
    const base = own?.(r, back) ?? {};
    if (!mayAdd || !spec.tree) return base;
    const link = (
      <a class="xt-action" {...dialogAttrs(hrefWith(`${spec.route}/form`, { [spec.tree.pid]: str(r.id), back }))}>
        添加下级
      </a>
    );
    return { ...base, inline: base.inline ? [link, base.inline] : link };
  };
