// A main-with-sub form's ERP screen (/online/cgformErpList/{code}; the anchor's OnlCgformErpList): the main form's
// list (the generated list of cgform-screen.tsx) where 选择 on a row (kept in the URL's `main`, with the sub table's
// tab in `sub`) shows under the list each sub table as a tab with that row's sub rows (the shared sub-list, read
// whole from subform/list/{sub}/{mainId}), with 新增 / 编辑 / 删除 of sub rows. A sub row is written through the sub
// table's own data routes (form/{sub}), its link column (外键字段) set from the selected main row; the API checks
// that the main row is one the caller sees, and the menu's buttons of the main screen guard the sub table too.
// Deleting a main row deletes its sub rows (the API's): the confirmation says so.
// The inner-table screen (/online/cgformInnerTableList/{code}; OnlCgformInnerTableList) is the same main list where
// 展开 on a row (its id in the URL's `open`) shows the row's sub rows below it, read-only, one table per sub table,
// and the main row's form edits its one-to-many sub rows as grids (withSubGrids).
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { cgformErpApi } from '../../contracts/online-form-links.js';
import { cgformDataApi, type CgformDefinition, type CgformFieldRecord } from '../../contracts/online-forms.js';
import { canUse } from '../../resources/auth.js';
import { cgformsList, onlineForm, withoutHidden } from '../../resources/online-forms.js';
import type { FieldSpec, SubListSpec } from '../../resources/spec.js';
import { hrefWith, listState, type Query } from '../../resources/url-state.js';
import { Alert, CellTable, cx, LinkButton } from '../../../templates/antd.js';
import { cellValue, dialogAttrs, listedColumns, navAttrs, type RowExtra } from '../../../templates/list/list-view.js';
import { SubList } from '../../../templates/list/sub-list.js';
import { RowTable, rowsOf } from '../../../templates/list/row-table.js';
import { str } from '../../shared/text.js';
import type { PageEnv, PageSession } from '../context.js';
import { callRef, formToBody, registerResolvedListPage, type ListPageOptions } from '../list-page.js';
import { loadSubList } from '../sub-list.js';
import { loadDefinition, screenError, screenOptions } from './cgform-screen.js';

const CGFORM_ERP_ROUTE = '/online/cgformErpList';
const CGFORM_INNER_ROUTE = '/online/cgformInnerTableList';
/** Main rows a page opens at most at once (their sub rows are read per row). */
const MAX_OPEN = 20;
const SUB_NOTE = '其附表数据将一并删除。';

const subTablesOf = (d: CgformDefinition) => [...new Set((d.head.subTableStr ?? '').split(',').map((s) => s.trim()).filter(Boolean))].slice(0, 20);
/** The sub table's column naming the main table (外键主表/外键字段), if it has one. */
const linkOf = (main: CgformDefinition, sub: CgformDefinition) => {
  const f = sub.fields.find((x: CgformFieldRecord) => x.mainTable === main.head.tableName && x.mainField);
  return f ? { field: f.dbFieldName, mainField: f.mainField! } : null;
};
const mainRoute = (code: string) => `${CGFORM_ERP_ROUTE}/${encodeURIComponent(code)}`;
const subRoute = (code: string, sub: string) => `${mainRoute(code)}/sub/${encodeURIComponent(sub)}`;

async function subDefinition(c: Context<PageEnv>, sub: string): Promise<CgformDefinition | null> {
  const res = await c.get('upstream').send(cgformDataApi.definition, { params: { code: sub } });
  return res.body.success ? res.body.result : null;
}

/** The tab strip of the sub tables: links to the same page with another `sub`. */
function SubTabs({ items, active, href }: { items: { key: string; label: string }[]; active: string; href: (key: string) => string }) {
  return (
    <div class="ant-tabs ant-tabs-top app ant-tabs-css-var xt-tabs">
      <div class="ant-tabs-nav" role="tablist" aria-label="附表">
        <div class="ant-tabs-nav-wrap">
          <div class="ant-tabs-nav-list">
            {items.map((i) => (
              <div class={cx('ant-tabs-tab', i.key === active && 'ant-tabs-tab-active')}>
                <a class="ant-tabs-tab-btn" role="tab" aria-selected={i.key === active ? 'true' : 'false'} {...navAttrs(href(i.key))}>
                  {i.label}
                </a>
              </div>
            ))}
          </div>
        </div>
      </div>
    </div>
  );
}

/** Under the main list: the selected main row's sub tables, one tab each (the shared sub-list of the active one). */
async function subPanel(c: Context<PageEnv>, session: PageSession, code: string, main: CgformDefinition, listQuery: Query): Promise<Child> {
  const mainId = (c.req.query('main') ?? '').slice(0, 64);
  if (!mainId) return <p class="xt-muted xt-erp-hint">点击一行的“选择”查看其附表数据</p>;
  const subs = subTablesOf(main);
  const defs = await Promise.all(subs.map((s) => subDefinition(c, s)));
  const items = subs.map((s, i) => ({ key: s, label: defs[i]?.head.tableTxt ?? s })).filter((_, i) => defs[i]);
  if (!items.length) return <Alert type="info">该主表没有可用的附表</Alert>;
  const active = items.some((i) => i.key === c.req.query('sub')) ? c.req.query('sub')! : items[0].key;
  const subDef = defs[subs.indexOf(active)]!;
  const link = linkOf(main, subDef);
  const def = onlineForm(subDef.head, subDef.fields, active);
  const list = withoutHidden(def.list, subDef.hideColumns);
  const here = { ...listQuery, main: mainId, sub: active };
  const spec: SubListSpec = {
    key: `erp-${active}`,
    title: subDef.head.tableTxt,
    route: mainRoute(code),
    scope: { main: null, sub: null },
    idsParam: 'id',
    columns: list.columns.filter((col) => col.key !== link?.field),
    filters: [],
    defaultPageSize: 100,
    // 编辑 is a dialog link (rowExtra); 删除 posts to the sub table's delete (its confirmation without JavaScript).
    rowActions: list.rowActions.some((a) => a.key === 'delete') ? [{ key: `sub/${encodeURIComponent(active)}/delete`, label: '删除', confirm: '确定删除吗?', danger: true }] : [],
    bulkActions: [],
    empty: '暂无附表数据',
  };
  const res = await callRef<Record<string, unknown>[]>(c.get('upstream'), cgformErpApi.subList, 'GET', { query: { code: active, mainId } });
  const data = await loadSubList(c, spec, { rows: res.body.success ? { records: res.body.result } : { error: res.body.message }, query: {} });
  const back = hrefWith(mainRoute(code), here);
  const can = (perm: string | undefined) => canUse(session.permissions, perm);
  const mayEdit = list.rowActions.some((a) => a.key === 'edit');
  const rowExtra = (r: Record<string, unknown>): RowExtra => ({
    inline: mayEdit ? (
      <a class="xt-action" {...dialogAttrs(hrefWith(`${subRoute(code, active)}/form`, { id: str(r.id), main: mainId, back }))}>
        编辑
      </a>
    ) : undefined,
  });
  return (
    <section class="xt-erp-subs" aria-label="附表">
      <SubTabs items={items} active={active} href={(key) => hrefWith(mainRoute(code), { ...here, sub: key })} />
      <SubList
        spec={spec}
        state={data.state}
        scope={{ main: mainId, sub: active }}
        keep={listQuery}
        placement="tab"
        page={data.page}
        error={data.error}
        can={can}
        dicts={data.dicts}
        rowExtra={rowExtra}
        toolbar={
          list.toolbar.add ? (
            <LinkButton type="primary" {...dialogAttrs(hrefWith(`${subRoute(code, active)}/form`, { main: mainId, back }))}>
              新增
            </LinkButton>
          ) : undefined
        }
      />
    </section>
  );
}

async function resolveMain(c: Context<PageEnv>): Promise<ListPageOptions | Response> {
  const d = await loadDefinition(c, CGFORM_ERP_ROUTE);
  if (d instanceof Response) return d;
  if (Number(d.definition.head.tableType) !== 2) return screenError(c, CGFORM_ERP_ROUTE, '该表单不是主表，请从普通列表打开');
  const o = screenOptions(CGFORM_ERP_ROUTE, d.code, d.definition, (list) => ({
    ...list,
    pageState: ['main', 'sub'],
    rowActions: list.rowActions.map((a) => (a.key === 'delete' ? { ...a, confirm: `确定删除吗?${SUB_NOTE}` } : a)),
  }));
  const selected = (c.req.query('main') ?? '').slice(0, 64);
  return {
    ...o,
    deleteNote: SUB_NOTE,
    rowExtra: () => (r, back): RowExtra => {
      const id = str(r.id);
      const url = new URL(back, 'http://x');
      const state = Object.fromEntries(url.searchParams);
      return {
        inline:
          id === selected ? (
            <span class="xt-action xt-selected" aria-current="true">
              已选择
            </span>
          ) : (
            <a class="xt-action" {...navAttrs(hrefWith(url.pathname, state, { main: id, sub: undefined }))}>
              选择
            </a>
          ),
      };
    },
    extra: (cc, session) => {
      const state = listState(o.spec, cc.req.query());
      const { main: _m, sub: _s, ...listQuery } = state;
      return subPanel(cc, session, d.code, d.definition, listQuery);
    },
  };
}

/** A sub row's form and delete under the main screen: the sub table's declaration, its link column preset and hidden. */
async function resolveSub(c: Context<PageEnv>): Promise<ListPageOptions | Response> {
  const d = await loadDefinition(c, CGFORM_ERP_ROUTE);
  if (d instanceof Response) return d;
  const sub = (c.req.param('sub') ?? '').slice(0, 64);
  const subDef = subTablesOf(d.definition).includes(sub) ? await subDefinition(c, sub) : null;
  const link = subDef && linkOf(d.definition, subDef);
  if (!subDef || !link) return screenError(c, CGFORM_ERP_ROUTE, '附表不存在');
  const def = onlineForm(subDef.head, subDef.fields, sub);
  const home = mainRoute(d.code);
  // A new sub row's link value: the selected main row's key column (its id unless the link names another).
  const mainId = (c.req.query('main') ?? '').slice(0, 64);
  let key = mainId;
  if (mainId && link.mainField !== 'id') {
    const res = await callRef<Record<string, unknown>>(c.get('upstream'), cgformDataApi.one, 'GET', { query: { code: d.code, id: mainId } });
    key = res.body.success ? str(res.body.result[link.mainField]) : '';
  }
  const hasLink = def.form.fields.some((f) => f.key === link.field);
  return {
    spec: { ...withoutHidden(def.list, subDef.hideColumns), route: subRoute(d.code, sub) },
    form: { ...def.form, fields: hasLink ? def.form.fields : [...def.form.fields, def.fields.formField(link.field)] },
    current: home,
    home,
    fallback: cgformsList.route,
    formTitles: { add: `新增${subDef.head.tableTxt}`, edit: `编辑${subDef.head.tableTxt}` },
    addValues: () => (key ? { [link.field]: key } : {}),
    // The link column is the selected main row's: carried, not typed.
    renderControl: (f, ctx) => (f.key === link.field ? <input type="hidden" name={f.key} value={str(ctx.value)} /> : undefined),
  };
}

// ---- /online/cgformInnerTableList/{code}: each main row opens its sub rows inline ---------------------------

/** The sub rows of one main row, one read-only table per sub table. */
async function innerRows(c: Context<PageEnv>, main: CgformDefinition, subs: { key: string; def: CgformDefinition }[], row: Record<string, unknown>): Promise<Child> {
  const parts = await Promise.all(
    subs.map(async ({ key, def }) => {
      const link = linkOf(main, def);
      const cols = listedColumns(onlineForm(def.head, def.fields, key).list).filter((col) => col.key !== link?.field);
      const res = await callRef<Record<string, unknown>[]>(c.get('upstream'), cgformErpApi.subList, 'GET', { query: { code: key, mainId: str(row.id) } });
      return (
        <section class="xt-inner-sub" aria-label={def.head.tableTxt}>
          <h4 class="xt-inner-sub-title">{def.head.tableTxt}</h4>
          {res.body.success ? (
            <CellTable size="small" head={cols.map((col) => col.title)} rows={res.body.result.map((r) => cols.map((col) => cellValue(col, r)))} empty="暂无附表数据" />
          ) : (
            <Alert type="warning">{res.body.message}</Alert>
          )}
        </section>
      );
    }),
  );
  return <div class="xt-inner-subs">{parts}</div>;
}

/** Blank rows a sub grid offers below the rows it has (a row left blank is not saved; clearing a row removes it). */
const BLANK_ROWS = 3;
const MAX_SUB_ROWS = 100;

/**
 * The main row's form with each one-to-many sub table as a grid of its rows (RowTable, `<sub>.<i>.<field>`), sent
 * with the main row's add/edit under the sub table's name (the API writes them in one transaction: rows keeping
 * their id updated, new ones added, missing ones deleted). Without JavaScript: a fixed number of blank rows.
 */
async function withSubGrids(c: Context<PageEnv>, main: CgformDefinition, o: ListPageOptions): Promise<ListPageOptions> {
  const keys = subTablesOf(main);
  const defs = await Promise.all(keys.map((k) => subDefinition(c, k)));
  const grids = keys.flatMap((key, i) => {
    const def = defs[i];
    const link = def && linkOf(main, def);
    if (!def || !link || Number(def.head.relationType ?? 0) !== 0) return [];
    const columns = onlineForm(def.head, def.fields, key).form.fields.filter((f) => f.key !== link.field && !f.detailOnly && f.type !== 'upload' && f.type !== 'richtext');
    return [{ key, title: def.head.tableTxt, columns }];
  });
  if (!grids.length || !o.form) return o;
  const mainFields = o.form.fields;
  const gridFields: FieldSpec[] = grids.map((g) => ({ key: g.key, label: g.title, type: 'text' }));
  const rowsFor = (g: (typeof grids)[number], values: Record<string, unknown>) => {
    const given = values[g.key];
    const rows = Array.isArray(given) ? (given as Record<string, unknown>[]) : rowsOf(values, g.key, ['id', ...g.columns.map((f) => f.key)], MAX_SUB_ROWS);
    const kept: Record<string, unknown>[] = rows.filter((r) => g.columns.some((f) => str(r[f.key]).trim() !== ''));
    return [...kept, ...Array.from({ length: BLANK_ROWS }, (): Record<string, unknown> => ({}))];
  };
  return {
    ...o,
    form: { ...o.form, width: Math.max(o.form.width ?? 800, 1000), fields: [...mainFields, ...gridFields] },
    renderControl: (f, ctx) => {
      const g = grids.find((x) => x.key === f.key);
      if (!g) return o.renderControl?.(f, ctx);
      const rows = rowsFor(g, ctx.values);
      return (
        <div class="xt-sub-grid">
          {rows.map((r, i) => (str(r.id) ? <input type="hidden" name={`${g.key}.${i}.id`} value={str(r.id)} /> : null))}
          <RowTable name={g.key} columns={g.columns} rows={rows} errors={ctx.error ? { [g.key]: ctx.error } : {}} addLabel="" idPrefix={`${g.key}-`} rowLabel={{ title: '行', text: (_, i) => `第${i + 1}行` }} />
        </div>
      );
    },
    toBody: (form) => {
      const body = formToBody(form, mainFields);
      for (const g of grids) {
        const rows = rowsOf(form, g.key, ['id', ...g.columns.map((f) => f.key)], MAX_SUB_ROWS).filter((r) => g.columns.some((f) => r[f.key].trim() !== ''));
        body[g.key] = rows.map(({ id, ...rest }) => ({ ...formToBody(rest, g.columns), ...(id ? { id } : {}) }));
      }
      return body;
    },
  };
}

const openOf = (q: string | undefined) => new Set((q ?? '').split(',').map((s) => s.trim().slice(0, 64)).filter(Boolean).slice(0, MAX_OPEN));

async function resolveInner(c: Context<PageEnv>): Promise<ListPageOptions | Response> {
  const d = await loadDefinition(c, CGFORM_INNER_ROUTE);
  if (d instanceof Response) return d;
  if (Number(d.definition.head.tableType) !== 2) return screenError(c, CGFORM_INNER_ROUTE, '该表单不是主表，请从普通列表打开');
  const o = screenOptions(CGFORM_INNER_ROUTE, d.code, d.definition, (list) => ({
    ...list,
    pageState: ['open'],
    rowActions: list.rowActions.map((a) => (a.key === 'delete' ? { ...a, confirm: `确定删除吗?${SUB_NOTE}` } : a)),
  }));
  const isForm = /\/(form|save)$/.test(c.req.path);
  return {
    ...(isForm ? await withSubGrids(c, d.definition, o) : o),
    deleteNote: SUB_NOTE,
    // 展开 / 收起: the row's id toggled in the URL's `open` (works without JavaScript).
    rowExtra: () => (r, back): RowExtra => {
      const id = str(r.id);
      const url = new URL(back, 'http://x');
      const state = Object.fromEntries(url.searchParams);
      const open = openOf(state.open);
      const opened = open.has(id);
      if (opened) open.delete(id);
      else open.add(id);
      return {
        inline: (
          <a class="xt-action" {...navAttrs(hrefWith(url.pathname, state, { open: [...open].join(',') || undefined }))} aria-expanded={opened ? 'true' : 'false'}>
            {opened ? '收起' : '展开'}
          </a>
        ),
      };
    },
    rowDetails: async (cc, records, state) => {
      const open = openOf(state.open);
      const shown = records.filter((r) => open.has(str(r.id)));
      if (!shown.length) return {};
      const keys = subTablesOf(d.definition);
      const defs = await Promise.all(keys.map((k) => subDefinition(cc, k)));
      const subs = keys.flatMap((key, i) => (defs[i] ? [{ key, def: defs[i]! }] : []));
      const parts = await Promise.all(shown.map(async (r) => [str(r.id), await innerRows(cc, d.definition, subs, r)] as const));
      return Object.fromEntries(parts);
    },
  };
}

export function registerCgformErpPages(app: Hono<PageEnv>) {
  registerResolvedListPage(app, `${CGFORM_INNER_ROUTE}/:code`, resolveInner);
  registerResolvedListPage(app, `${CGFORM_ERP_ROUTE}/:code`, resolveMain);
  registerResolvedListPage(app, `${CGFORM_ERP_ROUTE}/:code/sub/:sub`, resolveSub, { list: false, detail: false, import: false });
}
