// A sub-list (SubListSpec): a list inside a tab or a dialog with its own query form, sortable headings, pager, row
// and bulk actions. Its state travels in the holding page's query string next to that page's own scope, so every
// link and form works without JavaScript; with htmx, paging, sorting and filtering swap only `#sub-<key>` (picked
// out of the holding page's answer with hx-select), and actions answer in #content or, in a dialog, in #xt-modal.
import type { Child } from 'hono/jsx';
import type { ActionSpec, SubListSpec } from '../../server/resources/spec.js';
import { hrefWith, type Query } from '../../server/resources/url-state.js';
import { Alert, Button, buttonClass, cx, LinkButton, TableFrame } from '../antd.js';
import { Pager } from '../pager.js';
import { confirmAttrs } from './confirm-attrs.js';
import { cellValue, dialogAttrs, Filter, listedColumns, phoneColumnKeys, type DictOptions, type PageData, type RowExtra } from './list-view.js';
import { rowSpan, TableHead } from './table-head.js';

export interface SubListProps {
  spec: SubListSpec;
  /** The sub-list's own state (filters, sort, page) and the holding page's scope (e.g. the class's id and tab). */
  state: Query;
  scope: Query;
  /** Other query of the holding page its links keep (another part's state). */
  keep?: Query;
  /** tab: links push the URL; dialog: the sub-list sits in #xt-modal, its links do not push and actions answer there. */
  placement: 'tab' | 'dialog';
  page: PageData | null;
  /** The API's refusal, shown instead of rows. */
  error?: string;
  can: (code: string | undefined) => boolean;
  dicts: DictOptions;
  /** The holding screen's own toolbar buttons, before the bulk actions (e.g. 清空班级). */
  toolbar?: Child;
  /** Content between the toolbar and the table (e.g. the users found to add). */
  children?: Child;
  /** A screen's own rendering of some columns, by column key. */
  cells?: Record<string, (record: Record<string, unknown>, back: string) => Child>;
  /** Row actions a declaration cannot express (a link with several parameters), before the declared ones. */
  rowExtra?: (record: Record<string, unknown>, back: string) => RowExtra;
}

/** `{field}` (or `{a|b}`: the first that is set) replaced from the record. */
const fillTemplate = (text: string, r: Record<string, unknown>) =>
  text.replace(/\{([\w|]+)\}/g, (_, keys: string) => {
    for (const k of keys.split('|')) if (r[k] !== undefined && r[k] !== null && r[k] !== '') return String(r[k]);
    return '';
  });

/** Whether a row offers an action: the user holds its code, the record matches `showIf` and allows its `ability`. */
const rowAllows = (a: ActionSpec, r: Record<string, unknown>, can: SubListProps['can']) =>
  can(a.perm) && (!a.showIf || a.showIf.values.includes(String(r[a.showIf.field] ?? ''))) && (!a.ability || r[a.ability] === true);

const subListId = (spec: SubListSpec) => `sub-${spec.key}`;

export function SubList(p: SubListProps) {
  const { spec, state, scope, can } = p;
  const id = subListId(spec);
  const rowKey = spec.rowKey ?? 'id';
  const idsParam = spec.idsParam ?? 'ids';
  const kept = { ...(p.keep ?? {}), ...scope };
  const href = (over: Record<string, string | number | undefined> = {}) => hrefWith(spec.route, { ...kept, ...state }, over);
  const here = href();
  const inDialog = p.placement === 'dialog';
  // Paging, sorting and filtering swap the sub-list alone; in a tab the URL follows (back and refresh restore it).
  const swapAttrs = { 'hx-target': `#${id}`, 'hx-select': `#${id}`, 'hx-swap': 'outerHTML', ...(inDialog ? {} : { 'hx-push-url': 'true' }) };
  const swap = (to: string) => ({ href: to, 'hx-get': to, ...swapAttrs });
  const actionTarget = inDialog ? '#xt-modal' : '#content';
  const cols = listedColumns(spec);
  const onPhone = phoneColumnKeys(spec, cols);
  const bulk = spec.bulkActions.filter((a) => can(a.perm));
  const records = p.page?.records ?? [];
  const selectable = (r: Record<string, unknown>) => bulk.some((a) => rowAllows(a, r, can));
  const withChecks = bulk.length > 0;
  const withActions = !!p.rowExtra || spec.rowActions.some((a) => can(a.perm));
  const offset = p.page ? (p.page.current - 1) * p.page.size : 0;
  const basic = spec.filters.filter((f) => !f.hidden);
  const formId = `${id}-form`;

  const rowAction = (a: ActionSpec, r: Record<string, unknown>) => {
    const rowId = String(r[rowKey]);
    const path = `${spec.route}/${a.key}`;
    const cls = cx('xt-action', a.danger && 'xt-action-danger');
    // Its own page in the dialog slot (a confirmation that names what it affects, a form).
    if (a.dialog) return <a class={cls} {...dialogAttrs(hrefWith(path, { ...scope, [idsParam]: rowId, back: here }))}>{a.label}</a>;
    // Asked with hx-confirm, then posted; without JavaScript the link opens the action's confirmation page.
    return (
      <a
        href={hrefWith(path, { ...scope, [idsParam]: rowId, back: here })}
        class={cls}
        hx-post={path}
        hx-target={actionTarget}
        {...confirmAttrs(a.confirm && fillTemplate(a.confirm, r), { ...scope, [idsParam]: rowId, back: here })}
      >
        {a.label}
      </a>
    );
  };

  const bulkButton = (a: ActionSpec) => {
    const path = `${spec.route}/${a.key}`;
    // A dialog action posts the chosen rows unconfirmed: the answer is the confirmation in #xt-modal.
    const hx = a.dialog ? { 'hx-target': '#xt-modal' } : { 'hx-target': actionTarget, ...confirmAttrs(a.confirm) };
    return (
      <button type="submit" form={formId} formaction={path} class={buttonClass('default', { danger: a.danger })} hx-post={path} hx-include={`#${formId}`} {...hx}>
        <span>{a.label}</span>
      </button>
    );
  };

  return (
    <div id={id} class="xt-list xt-sub-list" data-sub-list={spec.key}>
      <link rel="stylesheet" href="/static/css/list.css" />
      {basic.length > 0 && (
        <form class="ant-form ant-form-inline app ant-form-css-var xt-query" method="get" action={spec.route} hx-get={spec.route} {...swapAttrs} role="search" aria-label={`${spec.title}查询`}>
          {Object.entries(kept).map(([k, v]) => (
            <input type="hidden" name={k} value={v} />
          ))}
          {state.pageSize && <input type="hidden" name="pageSize" value={state.pageSize} />}
          {basic.map((f) => (
            <Filter f={f} state={state} dicts={p.dicts} route={spec.route} idPrefix={spec.key} />
          ))}
          <span class="xt-query-buttons">
            <Button type="primary" htmlType="submit">查询</Button>
            <LinkButton {...swap(hrefWith(spec.route, kept))}>重置</LinkButton>
          </span>
        </form>
      )}
      {(p.toolbar || (bulk.length > 0 && records.length > 0)) && (
        <div class="xt-toolbar">
          {p.toolbar}
          {records.length > 0 && bulk.map(bulkButton)}
        </div>
      )}
      {p.children}
      {p.error ? (
        <Alert type="warning">{p.error}</Alert>
      ) : (
        <form id={formId} method="post" action={`${spec.route}/${bulk[0]?.key ?? ''}`} class="xt-bulk-form">
          {Object.entries(scope).filter(([k]) => k !== 'back').map(([k, v]) => (
            <input type="hidden" name={k} value={v} />
          ))}
          <input type="hidden" name="back" value={here} />
          <TableFrame label={spec.title}>
            <TableHead
              cols={cols}
              selectable={withChecks}
              withActions={withActions}
              sort={{ column: state.column ?? spec.defaultSort?.column, order: state.order ?? spec.defaultSort?.order }}
              sortHref={(column, order) => href({ column, order, pageNo: undefined })}
              linkAttrs={swap}
            />
            <tbody class="ant-table-tbody">
              {records.length ? (
                records.map((r, i) => {
                  const actions = spec.rowActions.filter((a) => rowAllows(a, r, can));
                  const extra = p.rowExtra?.(r, here);
                  const parts = [extra?.inline, ...actions.map((a) => rowAction(a, r))].filter((x) => x !== undefined && x !== null && x !== false);
                  return (
                    <tr class="ant-table-row" data-row-key={String(r[rowKey])}>
                      {withChecks && (
                        <td class="ant-table-cell ant-table-selection-column">
                          {selectable(r) && (
                            <label class="ant-checkbox-wrapper app ant-checkbox-css-var">
                              <span class="ant-checkbox">
                                <input class="ant-checkbox-input xt-row-check" type="checkbox" name={idsParam} value={String(r[rowKey])} aria-label={spec.checkLabel ? fillTemplate(spec.checkLabel, r) : `选择第${offset + i + 1}行`} />
                                <span class="ant-checkbox-inner" />
                              </span>
                            </label>
                          )}
                        </td>
                      )}
                      <td class="ant-table-cell xt-index">{offset + i + 1}</td>
                      {cols.map((col) => (
                        <td class={cx('ant-table-cell', !onPhone.has(col.key) && 'xt-phone-minor')} data-label={col.title} style={col.align ? `text-align:${col.align}` : undefined}>
                          {p.cells?.[col.key] ? p.cells[col.key](r, here) : cellValue(col, r)}
                        </td>
                      ))}
                      {withActions && (
                        <td class="ant-table-cell xt-actions-col">
                          <span class="xt-row-actions">
                            {parts.map((part, n) => (
                              <>
                                {n > 0 && <span class="ant-divider ant-divider-vertical app" role="separator" />}
                                {part}
                              </>
                            ))}
                          </span>
                        </td>
                      )}
                    </tr>
                  );
                })
              ) : (
                <tr class="ant-table-placeholder">
                  <td class="ant-table-cell" colSpan={rowSpan({ cols, selectable: withChecks, withActions })}>
                    <div class="ant-empty ant-empty-normal app xt-empty">{spec.empty ?? '暂无数据'}</div>
                  </td>
                </tr>
              )}
            </tbody>
          </TableFrame>
        </form>
      )}
      {p.page && !p.error && p.page.total > 0 && (
        <Pager total={p.page.total} current={p.page.current} size={p.page.size} href={(pageNo, pageSize) => href(pageSize ? { pageNo, pageSize } : { pageNo })} linkAttrs={swap} />
      )}
    </div>
  );
}
