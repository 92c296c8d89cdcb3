// A navigation tree rendered by the server: each node a link, the selected one highlighted, branches
// collapsible with <details>; works without JavaScript. Generic over { key, title, children }, so other
// screens can use it too (checkbox trees: tree.tsx).
import type { Child } from 'hono/jsx';
import { cx } from '../antd.js';
import { findInTree, flattenTree as walkTree, pathInTree } from '../../server/shared/tree.js';

export interface TreeNode {
  key: string;
  title: string;
  children?: TreeNode[];
}

export interface TreeNavProps<N extends TreeNode> {
  nodes: N[];
  selected?: string;
  /** Where a node links to. */
  href: (node: N) => string;
  /** Extra link attributes (e.g. htmx navigation). */
  linkAttrs?: (node: N) => Record<string, string>;
  /** Small text after the title (e.g. an org code). */
  note?: (node: N) => Child;
  /** Keys of branches to show open; by default every branch is open. */
  open?: Set<string>;
  label?: string;
}

/** Keys on the path from a root to `key` (inclusive), or [] when absent. */
export const pathTo = <N extends TreeNode>(nodes: N[], key: string): string[] => pathInTree(nodes, (n) => n.key === key).map((n) => n.key);

/** The node with this key, anywhere in the tree. */
export const findNode = <N extends TreeNode>(nodes: N[], key: string): N | undefined => findInTree(nodes, (n) => n.key === key);

/** Every node of the tree, depth first. */
export const flattenTree = <N extends TreeNode>(nodes: N[]): N[] => walkTree(nodes).map((v) => v.node);

export function TreeNav<N extends TreeNode>(p: TreeNavProps<N>) {
  const item = (n: N, depth: number): Child => {
    const kids = (n.children ?? []) as N[];
    const current = n.key === p.selected;
    const link = (
      <a
        class={cx('xt-tree-title', current && 'xt-tree-selected')}
        href={p.href(n)}
        {...(p.linkAttrs ? p.linkAttrs(n) : {})}
        {...(current ? { 'aria-current': 'true' } : {})}
        data-key={n.key}
      >
        <span>{n.title}</span>
        {p.note && <span class="xt-tree-note">{p.note(n)}</span>}
      </a>
    );
    return (
      <li role="treeitem" aria-level={String(depth)} aria-selected={current ? 'true' : 'false'} {...(kids.length ? { 'aria-expanded': 'true' } : {})}>
        {kids.length ? (
          <details class="xt-tree-branch" open={!p.open || p.open.has(n.key)}>
            <summary aria-label={`展开/收起 ${n.title}`}>{link}</summary>
            <ul role="group">{kids.map((k) => item(k, depth + 1))}</ul>
          </details>
        ) : (
          <div class="xt-tree-leaf">{link}</div>
        )}
      </li>
    );
  };
  return (
    <ul class="xt-tree" role="tree" aria-label={p.label ?? '树'}>
      {p.nodes.map((n) => item(n, 1))}
    </ul>
  );
}
