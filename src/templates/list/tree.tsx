// Tree widgets for server-rendered screens, working without JavaScript:
// - TreeTable: a table whose rows nest (菜单管理, 部门管理). Each node with children is a <details>, so rows expand
//   and collapse natively; the columns line up through one shared CSS grid template.
// - CheckboxTree: a nested checkbox list inside a form (role and department grants): the checked boxes are
//   what the form submits, under one field name.
// The dialog frame the tree screens share lives in dialog-frame.tsx (re-exported here for older imports).
import type { Child } from 'hono/jsx';
import { cx } from '../antd.js';
import { mapTree } from '../../server/shared/tree.js';


export interface TreeNode<T> {
  key: string;
  data: T;
  children?: TreeNode<T>[];
}

/** A tree of records as TreeTable nodes (keyed by `key`), the records' own `children` nesting them. */
export const treeNodes = <T extends { children?: T[] }>(records: T[], key: (record: T) => string): TreeNode<T>[] =>
  mapTree(records, (data, children: TreeNode<T>[]) => ({ key: key(data), data, ...(children.length ? { children } : {}) }));

interface TreeColumn<T> {
  key: string;
  title: string;
  /** CSS grid track (e.g. '96px', '2fr'); default 'minmax(80px, 1fr)'. */
  width?: string;
  align?: 'left' | 'center' | 'right';
  render: (data: T) => Child;
}

export interface TreeTableProps<T> {
  label: string;
  columns: TreeColumn<T>[];
  nodes: TreeNode<T>[];
  /** Row actions (the last column, 操作). */
  actions?: (data: T) => Child;
  actionsWidth?: string;
  /** Depth down to which nodes start open: 0 = all closed, Infinity = all open. */
  openDepth?: number;
  /** Keys to open regardless of depth (e.g. the path to a row just edited). */
  openKeys?: Set<string>;
  empty?: string;
  /** Row checkboxes for a bulk action: `name` is submitted with the rows' keys by the form whose id is `form`. */
  select?: { name: string; form: string; label: (data: T) => string };
}

function TreeRows<T>(p: TreeTableProps<T> & { list: TreeNode<T>[]; depth: number }) {
  return (
    <>
      {p.list.map((node) => {
        const hasKids = !!node.children?.length;
        const cells = (
          <>
            {p.columns.map((col, i) => (
              <div class="ant-table-cell xt-tt-cell" role="gridcell" style={col.align ? `text-align:${col.align}` : undefined}>
                {i === 0 ? (
                  <span class="xt-tt-first" style={`padding-left:${p.depth * 20}px`}>
                    {p.select && (
                      <input class="xt-tt-check" type="checkbox" name={p.select.name} value={node.key} form={p.select.form} aria-label={`选择 ${p.select.label(node.data)}`} />
                    )}
                    <span class={cx('xt-tt-caret', !hasKids && 'xt-tt-caret-none')} aria-hidden="true" />
                    <span class="xt-tt-title">{col.render(node.data)}</span>
                  </span>
                ) : (
                  col.render(node.data)
                )}
              </div>
            ))}
            {p.actions && (
              <div class="ant-table-cell xt-tt-cell xt-tt-actions" role="gridcell">
                {p.actions(node.data)}
              </div>
            )}
          </>
        );
        if (!hasKids) {
          return (
            <div class="ant-table-row xt-tt-row" role="row" aria-level={String(p.depth + 1)} data-row-key={node.key}>
              {cells}
            </div>
          );
        }
        const open = p.depth < (p.openDepth ?? 1) || !!p.openKeys?.has(node.key);
        return (
          <details class="xt-tt-node" open={open}>
            <summary class="ant-table-row xt-tt-row" role="row" aria-level={String(p.depth + 1)} data-row-key={node.key}>
              {cells}
            </summary>
            <TreeRows {...p} list={node.children!} depth={p.depth + 1} />
          </details>
        );
      })}
    </>
  );
}

export function TreeTable<T>(p: TreeTableProps<T>) {
  const tracks = [...p.columns.map((c) => c.width ?? 'minmax(80px, 1fr)'), ...(p.actions ? [p.actionsWidth ?? '220px'] : [])].join(' ');
  return (
    <div class="app ant-table-css-var ant-table-wrapper xt-tree-table" style={`--xt-tt-cols:${tracks}`}>
      <link rel="stylesheet" href="/static/css/tree.css" />
      <div class="ant-table ant-table-middle ant-table-bordered app ant-table-css-var" role="treegrid" aria-label={p.label}>
        <div class="ant-table-thead xt-tt-row xt-tt-head" role="row">
          {p.columns.map((c) => (
            <div class="ant-table-cell xt-tt-cell" role="columnheader" style={c.align ? `text-align:${c.align}` : undefined}>
              {c.title}
            </div>
          ))}
          {p.actions && (
            <div class="ant-table-cell xt-tt-cell" role="columnheader">
              操作
            </div>
          )}
        </div>
        <div class="ant-table-tbody" role="rowgroup">
          {p.nodes.length ? <TreeRows {...p} list={p.nodes} depth={0} /> : <div class="xt-tt-empty">{p.empty ?? '暂无数据'}</div>}
        </div>
      </div>
    </div>
  );
}

export interface CheckNode {
  key: string;
  title: string;
  /** Small text after the title (e.g. a permission code). */
  note?: string;
  /** Extra content after the label (e.g. a link to the node's data rules). */
  extra?: Child;
  children?: CheckNode[];
}

export interface CheckboxTreeProps {
  /** Field name every checked box submits its key under. */
  name: string;
  nodes: CheckNode[];
  checked: Set<string>;
  label: string;
  /** Depth down to which nodes start open (default 1: roots open). */
  openDepth?: number;
  disabled?: boolean;
}

function CheckItems(p: CheckboxTreeProps & { list: CheckNode[]; depth: number }) {
  return (
    <>
      {p.list.map((n) => {
        const id = `ct-${p.name}-${n.key}`;
        const label = (
          <span class="xt-ct-label">
            <input class="xt-ct-check" type="checkbox" id={id} name={p.name} value={n.key} checked={p.checked.has(n.key)} disabled={p.disabled} />
            <label for={id}>{n.title}</label>
            {n.note && <code class="xt-ct-note">{n.note}</code>}
            {n.extra}
          </span>
        );
        if (!n.children?.length) {
          return (
            <li role="treeitem" aria-selected={p.checked.has(n.key) ? 'true' : 'false'} class="xt-ct-leaf">
              {label}
            </li>
          );
        }
        const open = p.depth < (p.openDepth ?? 1);
        return (
          <li role="treeitem" aria-selected={p.checked.has(n.key) ? 'true' : 'false'} aria-expanded={open ? 'true' : 'false'}>
            <details open={open}>
              <summary>{label}</summary>
              <ul role="group" class="xt-ct-group">
                <CheckItems {...p} list={n.children} depth={p.depth + 1} />
              </ul>
            </details>
          </li>
        );
      })}
    </>
  );
}

export function CheckboxTree(p: CheckboxTreeProps) {
  return (
    <>
      <link rel="stylesheet" href="/static/css/tree.css" />
      <ul class="xt-ctree" role="tree" aria-label={p.label} aria-multiselectable="true">
        <CheckItems {...p} list={p.nodes} depth={0} />
      </ul>
    </>
  );
}
