// The list screen of one ListSpec: query form, toolbar, table with selection and sortable headers (table-head.tsx),
// pagination, row and bulk actions. Links and forms work without JavaScript; with htmx they swap #content
// (and open dialogs in #xt-modal) without reloading the page.
import type { Child } from 'hono/jsx';
import type { ActionSpec, ColumnSpec, FilterSpec, ListSpec } from '../../server/resources/spec.js';
import { apiQuery, hrefWith, type Query } from '../../server/resources/url-state.js';
import { Alert, Button, buttonClass, cx, inputClass, LinkButton, TableFrame, Tag } from '../antd.js';
import { DictSelect } from '../dict-select.js';
import { Pager } from '../pager.js';
import { confirmAttrs } from './confirm-attrs.js';
import { rowSpan, TableHead } from './table-head.js';

export interface PageData {
  records: Record<string, unknown>[];
  total: number;
  current: number;
  size: number;
}

export interface DictOptions {
  [dictCode: string]: { value: string; text: string }[];
}

export interface ListViewProps {
  spec: ListSpec;
  state: Query;
  page: PageData | null;
  /** The API's refusal or failure (e.g. 您没有负责的班级), shown instead of rows. */
  error?: string;
  can: (code: string | undefined) => boolean;
  dicts: DictOptions;
  flash?: { type: 'success' | 'error' | 'warning'; text: string };
  /** Extra content under the table (e.g. a detail panel). */
  children?: Child;
  /** A screen's own rendering of some columns (e.g. stars, a tag editor), by column key. */
  cells?: Record<string, (record: Record<string, unknown>, back: string) => Child>;
  /** Row actions a declaration cannot express (links opening in a new tab, per-record dialogs), shown first. */
  rowExtra?: (record: Record<string, unknown>, back: string) => RowExtra;
  /** Content of a row opened below it, across the table (e.g. a main row's sub rows); nothing for a closed row. */
  rowDetail?: (record: Record<string, unknown>) => Child | undefined;
  /** What the table says when it has no rows (default 暂无数据), e.g. how to make the first one. */
  empty?: Child;
}

/** A screen's own row actions: `inline` before the declared ones, `more` at the top of 更多. */
export interface RowExtra {
  inline?: Child;
  more?: Child;
}

/** Attributes that make a link navigate inside the shell with htmx and push the URL. */
export const navAttrs = (href: string) => ({ href, 'hx-get': href, 'hx-target': '#content', 'hx-push-url': 'true' });
/** Attributes that open a server-rendered dialog in the modal slot (plain navigation without JavaScript). */
export const dialogAttrs = (href: string) => ({ href, 'hx-get': href, 'hx-target': '#xt-modal', 'hx-push-url': 'false' });

const ELLIPSIS = 25;

/** The URL of an upload's stored key (cgform/ab12.png); a URL or a path is kept as it is. */
const storedFileUrl = (key: string) => (!key || /^(https?:\/\/|\/)/.test(key) ? key : `/api/sys/common/static/${key.split('/').map(encodeURIComponent).join('/')}`);

export function cellValue(col: ColumnSpec, r: Record<string, unknown>): Child {
  const raw = col.dict ? (r[`${col.key}_dictText`] ?? r[col.key]) : r[col.key];
  const value = raw === null || raw === undefined ? '' : String(raw);
  const text = col.stored ? storedFileUrl(value) : (col.options?.find((o) => o.value === value)?.label ?? value);
  switch (col.render) {
    case 'image':
      return text ? <img class="xt-cell-image" src={text} alt="" loading="lazy" /> : '';
    case 'media':
      if (!text) return '';
      return /\.(wav|mp3)$/i.test(text) ? <audio class="xt-cell-audio" src={text} controls preload="none" aria-label="试听" /> : <img class="xt-cell-image" src={text} alt="" loading="lazy" />;
    case 'tag':
      return text ? <Tag color={col.colors ? col.colors[String(r[col.key])] : 'blue'}>{text}</Tag> : '';
    case 'link':
      // Only our own stored files (relative URLs) or http(s) links are offered.
      return /^(\/(?!\/)|https?:\/\/)/.test(text) ? (
        <a href={text} target="_blank" rel="noopener noreferrer" download>
          {col.linkText ?? text}
        </a>
      ) : (
        ''
      );
    case 'ellipsis':
      return text.length > ELLIPSIS ? <span title={text}>{text.slice(0, ELLIPSIS)}…</span> : text;
    default:
      // A date-time never breaks over lines (2026-10-08 / 15:04:21 read as two values).
      return DATE_TIME.test(text) ? <span class="xt-nowrap">{text}</span> : text;
  }
}

const DATE_TIME = /^\d{4}-\d{2}-\d{2}[ T]\d{2}:\d{2}(:\d{2})?$/;

/**
 * The columns a list shows: never the record id (32 characters that mean nothing to a teacher; it stays in the
 * export when the declaration exports it), never export-only ones.
 */
export const listedColumns = (spec: Pick<ListSpec, 'columns'>) => spec.columns.filter((c) => c.list !== false && c.key !== 'id');

/** The columns a phone's card shows for each row: declared (`phoneColumns`), else the first three listed. */
export function phoneColumnKeys(spec: Pick<ListSpec, 'phoneColumns'>, cols: ColumnSpec[]): Set<string> {
  const declared = spec.phoneColumns?.filter((k) => cols.some((c) => c.key === k));
  return new Set(declared?.length ? declared : cols.slice(0, 3).map((c) => c.key));
}

/** One filter of a query form; `idPrefix` keeps ids apart when a sub-list's form shares the page with another. */
export function Filter({ f, state, dicts, route, idPrefix = 'q' }: { f: FilterSpec; state: Query; dicts: DictOptions; route: string; idPrefix?: string }) {
  const id = `${idPrefix}-${f.key}`;
  let control: Child;
  if (f.type === 'dict' || f.type === 'select') {
    // A select filter's options arrive under `@<key>` (resolved from its optionsFrom API by the page).
    // SPEC §5: 请选择 first, then 全部 (filters are show-all).
    // autoSubmit: htmx submits the surrounding query form on change.
    const auto = f.autoSubmit ? { 'hx-trigger': 'change', 'hx-get': route, 'hx-include': 'closest form', 'hx-target': '#content', 'hx-push-url': 'true' } : undefined;
    control = <DictSelect id={id} name={f.key} dictCode={f.dict ?? ''} options={dicts[f.type === 'select' ? `@${f.key}` : (f.dict ?? '')] ?? []} value={state[f.key]} showAll attrs={auto} />;
  } else if (f.type === 'dateRange') {
    control = (
      <span class="xt-range">
        <input id={id} class={inputClass()} type="date" name={`${f.key}_begin`} value={state[`${f.key}_begin`] ?? ''} aria-label={`${f.label}开始`} />
        <span class="xt-range-sep">~</span>
        <input class={inputClass()} type="date" name={`${f.key}_end`} value={state[`${f.key}_end`] ?? ''} aria-label={`${f.label}结束`} />
      </span>
    );
  } else {
    control = <input id={id} class={inputClass()} name={f.key} value={state[f.key] ?? ''} placeholder={f.placeholder ?? `请输入${f.label}`} />;
  }
  return (
    <div class="ant-form-item app ant-form-css-var xt-query-item">
      <label for={id} class="xt-query-label">{f.label}</label>
      {control}
    </div>
  );
}

/** Tabs switching one exact filter (spec.tabs); each tab is a link that keeps the other filters but not the page. */
export function Tabs({ spec, state }: Pick<ListViewProps, 'spec' | 'state'>) {
  const tabs = spec.tabs!;
  const active = tabs.items.some((i) => i.value === state[tabs.key]) ? state[tabs.key] : tabs.items[0]?.value;
  return (
    <div class="ant-tabs ant-tabs-top app ant-tabs-css-var xt-tabs">
      <div class="ant-tabs-nav" role="tablist" aria-label={tabs.label}>
        <div class="ant-tabs-nav-wrap">
          <div class="ant-tabs-nav-list">
            {tabs.items.map((i) => (
              <div class={cx('ant-tabs-tab', i.value === active && 'ant-tabs-tab-active')}>
                <a
                  class="ant-tabs-tab-btn"
                  role="tab"
                  aria-selected={i.value === active ? 'true' : 'false'}
                  {...navAttrs(hrefWith(spec.route, state, { [tabs.key]: i.value, pageNo: undefined }))}
                >
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

export function QueryForm({ spec, state, dicts }: Pick<ListViewProps, 'spec' | 'state' | 'dicts'>) {
  if (!spec.filters.length) return null;
  const basic = spec.filters.filter((f) => !f.advanced && !f.hidden);
  const advanced = spec.filters.filter((f) => f.advanced && !f.hidden);
  // Hidden filters are the list's fixed scope (e.g. one dictionary's items): kept by 查询 and 重置.
  const scope = Object.fromEntries(spec.filters.filter((f) => f.hidden && state[f.key]).map((f) => [f.key, state[f.key]]));
  const advancedInUse = advanced.some((f) => state[f.key] || state[`${f.key}_begin`] || state[`${f.key}_end`]);
  const tab = spec.tabs ? state[spec.tabs.key] : undefined;
  return (
    <form class="ant-form ant-form-inline app ant-form-css-var xt-query" method="get" action={spec.route} hx-get={spec.route} hx-target="#content" hx-push-url="true" role="search">
      {basic.map((f) => (
        <Filter f={f} state={state} dicts={dicts} route={spec.route} />
      ))}
      {advanced.length > 0 && (
        <details class="xt-query-more" open={advancedInUse}>
          <summary>展开</summary>
          {advanced.map((f) => (
            <Filter f={f} state={state} dicts={dicts} route={spec.route} />
          ))}
        </details>
      )}
      {state.pageSize && <input type="hidden" name="pageSize" value={state.pageSize} />}
      {tab && <input type="hidden" name={spec.tabs!.key} value={tab} />}
      {Object.entries(scope).map(([k, v]) => (
        <input type="hidden" name={k} value={v} />
      ))}
      <span class="xt-query-buttons">
        <Button type="primary" htmlType="submit">查询</Button>
        <LinkButton {...navAttrs(hrefWith(spec.route, { ...scope, ...(tab ? { [spec.tabs!.key]: tab } : {}) }))}>重置</LinkButton>
      </span>
    </form>
  );
}

function Toolbar({ spec, state, can }: Pick<ListViewProps, 'spec' | 'state' | 'can'>) {
  const { add, export: exp, import: imp } = spec.toolbar;
  const bulk = spec.bulkActions.filter((a) => can(a.perm));
  // The export gets the filters as the list API does (text filters as `*x*`, the current tab).
  const exportHref = spec.api.exportXls ? hrefWith(`/api${spec.api.exportXls.path}`, apiQuery(spec, state), { pageNo: undefined, pageSize: undefined }) : null;
  const actions = (spec.toolbar.actions ?? []).filter((a) => can(a.perm));
  return (
    <div class="xt-toolbar">
      {add && can(add.perm) && spec.api.add && (
        <LinkButton type="primary" {...dialogAttrs(hrefWith(`${spec.route}/form`, {}, { back: hrefWith(spec.route, state) }))}>
          {add.label}
        </LinkButton>
      )}
      {exp && can(exp.perm) && exportHref && (
        <a class={buttonClass('default')} href={exportHref} download>
          <span>{exp.label}</span>
        </a>
      )}
      {imp && can(imp.perm) && spec.api.importExcel && (
        <form class="xt-import" method="post" action={`${spec.route}/import`} enctype="multipart/form-data" hx-post={`${spec.route}/import`} hx-target="#content" hx-encoding="multipart/form-data" hx-trigger="change">
          <input type="hidden" name="back" value={hrefWith(spec.route, state)} />
          <label class={buttonClass('default')}>
            <span>{imp.label}</span>
            <input type="file" name="file" accept={imp.accept ?? '.xlsx,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'} required class="xt-file" />
          </label>
          <noscript>
            <Button htmlType="submit" size="small">开始导入</Button>
          </noscript>
        </form>
      )}
      {actions.map((a) => (
        // Without JavaScript the handler answers a confirmation page; htmx has asked already (confirmed=1).
        <form method="post" action={`${spec.route}/${a.key}`} class="xt-toolbar-action" hx-post={`${spec.route}/${a.key}`} hx-target="#content" {...confirmAttrs(a.confirm)}>
          {Object.entries(apiQuery(spec, state))
            .filter(([k]) => !['column', 'order', 'pageNo', 'pageSize'].includes(k))
            .map(([k, v]) => (
              <input type="hidden" name={k} value={v} />
            ))}
          <input type="hidden" name="back" value={hrefWith(spec.route, state)} />
          <Button htmlType="submit" danger={a.danger}>
            {a.label}
          </Button>
        </form>
      ))}
      {(spec.toolbar.links ?? [])
        .filter((l) => can(l.perm))
        .map((l) => (
          <LinkButton {...navAttrs(l.href)}>{l.label}</LinkButton>
        ))}
      {bulk.length > 0 && (
        <details class="xt-bulk">
          <summary class={buttonClass('default')}>
            <span>批量操作</span>
          </summary>
          <div class="xt-bulk-menu">
            {bulk.map((a) => (
              <button
                type="submit"
                form={`bulk-${slug(spec)}`}
                formaction={`${spec.route}/${a.key}`}
                class={buttonClass('text', { danger: a.danger })}
                hx-post={`${spec.route}/${a.key}`}
                hx-include={`#bulk-${slug(spec)}`}
                hx-target="#content"
                {...confirmAttrs(a.confirm)}
              >
                <span>{a.label}</span>
              </button>
            ))}
          </div>
        </details>
      )}
    </div>
  );
}

const slug = (spec: ListSpec) => spec.route.replace(/[^a-zA-Z0-9]+/g, '-').replace(/^-|-$/g, '');

function RowActions({ spec, record, state, can, extra }: { spec: ListSpec; record: Record<string, unknown>; state: Query; can: ListViewProps['can']; extra?: RowExtra }) {
  const id = String(record[spec.rowKey ?? 'id']);
  const back = hrefWith(spec.route, state);
  const visible = spec.rowActions.filter((a) => can(a.perm) && (!a.showIf || a.showIf.values.includes(String(record[a.showIf.field] ?? ''))));
  const link = (a: ActionSpec) => {
    if (a.navigate) {
      return (
        <a class="xt-action" {...navAttrs(hrefWith(a.navigate.href, { [a.navigate.param]: id }))}>
          {a.label}
        </a>
      );
    }
    if (a.post) {
      return (
        <a
          href={hrefWith(`${spec.route}/${a.key}`, { id, back })}
          class={cx('xt-action', a.danger && 'xt-action-danger')}
          hx-post={`${spec.route}/${a.key}`}
          hx-target="#content"
          {...confirmAttrs(a.confirm, { id, back })}
        >
          {a.label}
        </a>
      );
    }
    if (a.key === 'delete') {
      const href = hrefWith(`${spec.route}/delete`, { id, back });
      return (
        <a
          href={href}
          class={cx('xt-action', a.danger && 'xt-action-danger')}
          hx-post={`${spec.route}/delete`}
          hx-target="#content"
          {...confirmAttrs(a.confirm ?? '确定删除吗?', { ids: id, back })}
        >
          {a.label}
        </a>
      );
    }
    const href = hrefWith(`${spec.route}/${a.key === 'edit' ? 'form' : a.key}`, { id, back });
    return (
      <a class={cx('xt-action', a.danger && 'xt-action-danger')} {...dialogAttrs(href)}>
        {a.label}
      </a>
    );
  };
  const inline = visible.filter((a) => !a.more);
  const more = visible.filter((a) => a.more);
  return (
    <span class="xt-row-actions">
      {extra?.inline}
      {extra?.inline && inline.length > 0 && <span class="ant-divider ant-divider-vertical app" role="separator" />}
      {inline.map((a, i) => (
        <>
          {i > 0 && <span class="ant-divider ant-divider-vertical app" role="separator" />}
          {link(a)}
        </>
      ))}
      {(more.length > 0 || extra?.more) && (
        <>
          {(inline.length > 0 || extra?.inline) && <span class="ant-divider ant-divider-vertical app" role="separator" />}
          <details class="xt-more">
            <summary class="xt-action">更多</summary>
            <div class="xt-more-menu">
              {extra?.more}
              {more.map(link)}
            </div>
          </details>
        </>
      )}
    </span>
  );
}

/** The pager of a list at `route`: links keep the rest of `state` and swap #content; 条/页 changes the page size. */
export const listPagerHref = (route: string, state: Query) => (pageNo: number, pageSize?: number) =>
  hrefWith(route, state, pageSize ? { pageNo, pageSize } : { pageNo });

export function ListView(p: ListViewProps) {
  const { spec, state, page, can } = p;
  const cols = listedColumns(spec);
  const onPhone = phoneColumnKeys(spec, cols);
  const withActions = !!p.rowExtra || spec.rowActions.some((a) => can(a.perm));
  const selectable = spec.bulkActions.some((a) => can(a.perm));
  const rowKey = spec.rowKey ?? 'id';
  const offset = page ? (page.current - 1) * page.size : 0;
  return (
    <div class="ant-card ant-card-bordered app xt-list" data-list={spec.route}>
      <link rel="stylesheet" href="/static/css/list.css" />
      <div class="ant-card-body">
        {p.flash && <Alert type={p.flash.type}>{p.flash.text}</Alert>}
        {spec.tabs && <Tabs spec={spec} state={state} />}
        <QueryForm spec={spec} state={state} dicts={p.dicts} />
        <Toolbar spec={spec} state={state} can={can} />
        {p.error ? (
          <Alert type="warning">{p.error}</Alert>
        ) : (
          <form id={`bulk-${slug(spec)}`} method="post" action={`${spec.route}/delete`} class="xt-bulk-form">
            <input type="hidden" name="back" value={hrefWith(spec.route, state)} />
            <TableFrame>
              <TableHead
                cols={cols}
                selectable={selectable}
                withActions={withActions}
                sort={{ column: state.column ?? spec.defaultSort.column, order: state.order ?? spec.defaultSort.order }}
                sortHref={(column, order) => hrefWith(spec.route, state, { column, order, pageNo: undefined })}
                linkAttrs={navAttrs}
              />
              <tbody class="ant-table-tbody">
                {page && page.records.length > 0 ? (
                  page.records.map((r, i) => (
                    <>
                    <tr class="ant-table-row" data-row-key={String(r[rowKey])}>
                      {selectable && (
                        <td class="ant-table-cell ant-table-selection-column">
                          <label class="ant-checkbox-wrapper app ant-checkbox-css-var">
                            <span class="ant-checkbox">
                              <input class="ant-checkbox-input xt-row-check" type="checkbox" name="ids" value={String(r[rowKey])} aria-label={`选择第${offset + i + 1}行`} />
                              <span class="ant-checkbox-inner" />
                            </span>
                          </label>
                        </td>
                      )}
                      <td class="ant-table-cell xt-index">{offset + i + 1}</td>
                      {cols.map((col) => (
                        // data-label: a phone shows each row as a card, its key columns labelled (list.css).
                        <td class={cx('ant-table-cell', !onPhone.has(col.key) && 'xt-phone-minor')} data-label={col.title} style={col.align ? `text-align:${col.align}` : undefined}>
                          {p.cells?.[col.key] ? p.cells[col.key](r, hrefWith(spec.route, state)) : cellValue(col, r)}
                        </td>
                      ))}
                      {withActions && (
                        <td class="ant-table-cell xt-actions-col">
                          <RowActions spec={spec} record={r} state={state} can={can} extra={p.rowExtra?.(r, hrefWith(spec.route, state))} />
                        </td>
                      )}
                    </tr>
                    {p.rowDetail?.(r) && (
                      <tr class="ant-table-expanded-row xt-row-detail" data-detail-of={String(r[rowKey])}>
                        <td class="ant-table-cell" colSpan={rowSpan({ cols, selectable, withActions })}>
                          {p.rowDetail(r)}
                        </td>
                      </tr>
                    )}
                    </>
                  ))
                ) : (
                  <tr class="ant-table-placeholder">
                    <td class="ant-table-cell" colSpan={rowSpan({ cols, selectable, withActions })}>
                      <div class="ant-empty ant-empty-normal app xt-empty">{p.empty ?? '暂无数据'}</div>
                    </td>
                  </tr>
                )}
              </tbody>
            </TableFrame>
          </form>
        )}
        {page && !p.error && <Pager total={page.total} current={page.current} size={page.size} href={listPagerHref(spec.route, state)} linkAttrs={navAttrs} />}
        {p.children}
        <div id="xt-modal" />
      </div>
    </div>
  );
}
