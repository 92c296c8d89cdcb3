// 在线表单, tree forms (是否树 Y; domain/cgform-tree.ts): getTreeData/{code} and getData of a tree form answer one
// level at a time, as JeecgBoot's tree list asks — `<pidField>` absent, empty or '0' for the top level (paged), a
// row's id for its children (all of them, up to 1000). With a filter (any field's query parameter, or hasQuery=true)
// a level shows the rows that match or lead down to a match, so a search finds a child under its ancestors.
// Writes keep the 是否有子节点 column right: a new row has none, its parent has; a row moved under another (never
// under itself or its own descendants) updates both parents; a delete takes the row's descendants with it.
import type { Context } from 'hono';
import { sql, type Kysely } from 'kysely';
import type { CgformColumns, CgformRow } from '../../contracts/online-forms.js';
import { cgformTreeApi } from '../../contracts/online-form-links.js';
import type { Page } from '../../contracts/shapes.js';
import type { ApiEnv } from '../../context.js';
import type { Database } from '../../db/schema.js';
import { isTopLevel, refreshHasChild, treeShape, type TreeShape } from '../../domain/cgform-tree.js';
import { generatedTable } from '../../domain/cgforms.js';
import { decorate } from '../../domain/dicts.js';
import { dictFields } from '../../resources/spec.js';
import type { ApiRoutes } from '../access.js';
import { fail, ok, page, paging, type Answer } from '../envelope.js';
import { applyFilters, applySort, type FieldMap, type PagedListOptions } from '../list-query.js';
import { CGFORM_DATA_ACCESS, listOptions, visibleRows, withForm, type CgformDataLinks, type Loaded } from './cgform-data.js';

const CHILDREN = 1000;
/** Matches a filtered tree follows up to their top level. */
const MATCHES = 5000;
const DEPTH = 64;

type Problem = { key: string; message: string };
type Options = PagedListOptions<CgformRow, CgformRow>;
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- generated tables are untyped (domain/cgforms.ts generatedTable)
type Rows = Options['base'] & any;

const withoutTree = (fields: FieldMap, t: TreeShape) => Object.fromEntries(Object.entries(fields).filter(([k]) => k !== t.pid && k !== t.hasChild));

/** Whether the query filters on a field (the tree columns left out). */
const filters = (query: Record<string, string>, fields: FieldMap) => Object.entries(query).some(([k, v]) => fields[k.replace(/_(begin|end)$/, '')] && v.trim() !== '');

const atLevel = (rows: Rows, t: TreeShape, parent: string): Rows =>
  isTopLevel(parent) ? rows.where((eb: Rows) => eb.or([eb(sql.ref(t.pid), 'is', null), eb(sql.ref(t.pid), '=', ''), eb(sql.ref(t.pid), '=', '0')])) : rows.where(sql.ref(t.pid), '=', parent);

/** The ids of a level's rows that match the filters or are ancestors of a match (ancestors the caller may see). */
async function keptAtLevel(o: Options, query: Record<string, string>, fields: FieldMap, t: TreeShape, parent: string): Promise<string[]> {
  const parents = new Map<string, string | null>();
  const found = await applyFilters(o.base, query, fields).select(['id', sql.ref(t.pid).as('p')]).limit(MATCHES).execute();
  for (const r of found as { id: string; p: string | null }[]) parents.set(r.id, r.p);
  let frontier = [...new Set([...parents.values()].filter((p): p is string => !isTopLevel(p) && !parents.has(p!)))];
  for (let depth = 0; frontier.length && depth < DEPTH; depth++) {
    const up = (await o.base.select(['id', sql.ref(t.pid).as('p')]).where('id', 'in', frontier.slice(0, MATCHES)).execute()) as { id: string; p: string | null }[];
    for (const r of up) parents.set(r.id, r.p);
    frontier = [...new Set(up.map((r) => r.p).filter((p): p is string => !isTopLevel(p) && !parents.has(p!)))];
  }
  return [...parents].filter(([, p]) => (isTopLevel(parent) ? isTopLevel(p) : p === parent)).map(([id]) => id);
}

/** One level of a tree form (see the module comment). */
async function treeLevel(c: Context<ApiEnv>, o: Options, t: TreeShape): Promise<Answer<Page<CgformRow>>> {
  const query = c.req.query();
  const fields = withoutTree(o.fields, t);
  const parent = (query[t.pid] ?? '').trim();
  let rows: Rows = atLevel(o.base, t, parent);
  if (filters(query, fields) || query.hasQuery === 'true') {
    const kept = await keptAtLevel(o, query, fields, t, parent);
    rows = kept.length ? rows.where('id', 'in', kept) : rows.where(sql<boolean>`1 = 0`);
  }
  const top = isTopLevel(parent);
  const { pageNo, pageSize, offset } = top ? paging(c, 10, 500) : { pageNo: 1, pageSize: CHILDREN, offset: 0 };
  const [found, count] = await Promise.all([
    applySort(o.select(rows), query, o.spec, fields, 'id').limit(pageSize).offset(offset).execute(),
    rows.select(sql<number>`count(*)`.as('n')).executeTakeFirst(),
  ]);
  const records = await decorate(c.get('deps').db, await o.enrich!((found as CgformRow[]).map(o.toRecord)), dictFields(o.spec));
  return ok(c, page(records, Number(count?.n ?? 0), pageNo, pageSize), '操作成功！', 0);
}

// ---- links: what a tree form adds to the data routes -------------------------------------------------------

export async function treeColumns(_c: Context<ApiEnv>, f: Loaded, model: CgformColumns): Promise<CgformColumns> {
  const t = treeShape(f.form);
  return t ? { ...model, pidField: t.pid, hasChildrenField: t.hasChild, textField: t.text } : model;
}

export async function treeList(c: Context<ApiEnv>, f: Loaded, o: Options) {
  const t = treeShape(f.form);
  return t ? treeLevel(c, o, t) : null;
}

/** The ids of a row's descendants the caller may see, and whether some exist the caller may not. */
async function descendants(c: Context<ApiEnv>, f: Loaded, t: TreeShape, ids: string[], db: Kysely<Database>) {
  const visible = await visibleRows(c, f, db);
  const all = generatedTable(db, f.table).selectFrom(f.table);
  const out: string[] = [];
  let hidden = false;
  let frontier = ids;
  for (let depth = 0; frontier.length && depth < DEPTH; depth++) {
    const kids = ((await all.select('id').where(sql.ref(t.pid), 'in', frontier).execute()) as { id: string }[]).map((r) => r.id).filter((id) => !out.includes(id) && !ids.includes(id));
    if (!kids.length) break;
    const seen = new Set(((await visible.select('id').where('id', 'in', kids).execute()) as { id: string }[]).map((r) => r.id));
    if (seen.size !== kids.length) hidden = true;
    out.push(...kids);
    frontier = kids;
  }
  return { ids: out, hidden };
}

/** A tree row's write: its parent must be a row the caller sees, never itself or below itself; has_child is the server's. */
export async function treeWrite(c: Context<ApiEnv>, f: Loaded, values: Record<string, unknown>, id?: string): Promise<Problem | { values: Record<string, unknown>; after(tx: Kysely<Database>, id: string): Promise<void> } | null> {
  const t = treeShape(f.form);
  if (!t) return null;
  const db = c.get('deps').db;
  const parent = values[t.pid] === undefined || values[t.pid] === null ? '' : String(values[t.pid]);
  const before = id ? ((await (await visibleRows(c, f)).select(sql.ref(t.pid).as('p')).where('id', '=', id).executeTakeFirst()) as { p: string | null } | undefined) : undefined;
  if (!isTopLevel(parent)) {
    if (parent === id) return { key: t.pid, message: '不能选择自己作为父节点' };
    if (!(await (await visibleRows(c, f)).select('id').where('id', '=', parent).executeTakeFirst())) return { key: t.pid, message: '父节点不存在' };
    if (id && (await descendants(c, f, t, [id], db)).ids.includes(parent)) return { key: t.pid, message: '不能选择自己的下级作为父节点' };
  }
  const { [t.hasChild]: _ignored, ...rest } = values;
  return {
    values: { ...rest, [t.pid]: isTopLevel(parent) ? '0' : parent, ...(id ? {} : { [t.hasChild]: '0' }) },
    after: (tx, rowId) => refreshHasChild(tx, f.table, t, [parent, before?.p ?? '', rowId]),
  };
}

/** A tree delete takes the rows' descendants with it (refused when some are hidden from the caller) and updates the parents. */
export async function treeRemove(c: Context<ApiEnv>, f: Loaded, ids: string[]): Promise<string | { ids: string[]; after(tx: Kysely<Database>): Promise<void> } | null> {
  const t = treeShape(f.form);
  if (!t) return null;
  const db = c.get('deps').db;
  const below = await descendants(c, f, t, ids, db);
  if (below.hidden) return '下级节点中有无权删除的数据，不能删除';
  const parents = ((await (await visibleRows(c, f)).select(sql.ref(t.pid).as('p')).where('id', 'in', ids).execute()) as { p: string | null }[]).map((r) => r.p ?? '');
  return { ids: [...ids, ...below.ids], after: (tx) => refreshHasChild(tx, f.table, t, parents) };
}

export function registerCgformTreeRoutes(r: ApiRoutes, links: CgformDataLinks) {
  r.at(
    cgformTreeApi.treeData,
    CGFORM_DATA_ACCESS,
    withForm(async (c, f) => {
      const o = await listOptions(c, f, links);
      const t = treeShape(f.form);
      return t ? treeLevel(c, o, t) : fail(c, '该表单不是树表单');
    }),
  );
}
