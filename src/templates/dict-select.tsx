// The dictionary select (teaching-open's JDictSelectTag): a native select whose first option is 请选择
// (value ''), then 全部 when `showAll` (list filters), then the dictionary's enabled items. With
// `canDeleteItem` each item gets a small delete control that asks `是否确定删除 {text}?` (the anchor's exact
// question) and deletes the dictionary's items of that text through the page route (DELETE
// /sys/dict/deleteItemByText upstream); with htmx the answer is this select again, rendered fresh. Without
// JavaScript the control is a link to a confirmation page.
import { cx } from './antd.js';
import { confirmAttrs } from './list/confirm-attrs.js';
import { str } from '../server/shared/text.js';

interface DictSelectOption {
  value: string;
  text: string;
}

export interface DictSelectProps {
  name: string;
  dictCode: string;
  options: DictSelectOption[];
  value?: unknown;
  /** Adds 全部 after 请选择 (list filters). */
  showAll?: boolean;
  /** Shows a delete control per item (only for users who hold dict:item; the API checks it again). */
  canDeleteItem?: boolean;
  id?: string;
  class?: string;
  disabled?: boolean;
  /** aria-* and data-* attributes for the select (validation state, descriptions). */
  attrs?: Record<string, string | undefined>;
  /** Page route that deletes an item by text (GET: confirmation page, POST: delete). */
  deleteAction?: string;
  /** Where a browser without JavaScript returns after the deletion. */
  back?: string;
  /** A refused deletion, shown beside the select. */
  error?: string;
  /** After a deletion reload the page at `back` (when the page lists the items too) instead of only the select. */
  reload?: boolean;
}

export const DICT_DELETE_ITEM_ROUTE = '/isystem/dict/deleteItemByText';

/** The anchor's confirmation text: `是否确定删除 ` + text + `?` (space after 删除, ASCII question mark). */
export const deleteItemQuestion = (text: string) => `是否确定删除 ${text}?`;


export function DictSelect(p: DictSelectProps) {
  const current = str(p.value);
  const select = (
    <select id={p.id} name={p.name} class={cx('xt-native-select', p.class)} disabled={p.disabled} data-dict={p.dictCode} {...(p.attrs ?? {})}>
      <option value="">请选择</option>
      {p.showAll && <option value="">全部</option>}
      {p.options.map((o) => (
        <option value={o.value} selected={current !== '' && current === o.value}>
          {o.text}
        </option>
      ))}
    </select>
  );
  if (!p.canDeleteItem || p.disabled) return select;
  const action = p.deleteAction ?? DICT_DELETE_ITEM_ROUTE;
  // State the re-rendered select needs, carried in the URL of the delete request; of the body only confirmed=1 is
  // sent (hx-params), nothing of the surrounding form.
  const state = (text: string) => {
    const q = new URLSearchParams({ dictCode: p.dictCode, itemText: text, name: p.name });
    if (p.id) q.set('id', p.id);
    if (current) q.set('value', current);
    if (p.showAll) q.set('showAll', '1');
    if (p.back) q.set('back', p.back);
    if (p.reload) q.set('reload', '1');
    return q.toString();
  };
  const wrapperId = `xt-dict-${p.id ?? p.name}`.replace(/[^A-Za-z0-9_-]/g, '-');
  return (
    <span class="xt-dict-select" id={wrapperId}>
      <link rel="stylesheet" href="/static/css/dicts.css" />
      {select}
      {p.error && (
        <span class="xt-dict-error" role="alert">
          {p.error}
        </span>
      )}
      <details class="xt-dict-manage">
        <summary class="xt-dict-manage-toggle" title="删除选项" aria-label={`管理“${p.name}”的选项`}>
          ⋯
        </summary>
        <ul class="xt-dict-manage-menu" role="list">
          {p.options.length === 0 && <li class="xt-muted">无可删除的选项</li>}
          {p.options.map((o) => (
            <li>
              <span class="xt-dict-manage-text">{o.text}</span>
              <a
                class="xt-dict-delete"
                href={`${action}?${state(o.text)}`}
                hx-post={`${action}?${state(o.text)}`}
                hx-params="confirmed"
                {...confirmAttrs(deleteItemQuestion(o.text))}
                hx-target={`#${wrapperId}`}
                hx-swap="outerHTML"
                aria-label={`删除 ${o.text}`}
                title={`删除 ${o.text}`}
              >
                ×
              </a>
            </li>
          ))}
        </ul>
      </details>
    </span>
  );
}
