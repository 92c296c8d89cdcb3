// The first cell of a tree list's row (ListSpec.tree): the row's text indented by its depth, with the expander of a
// lazy tree — a link to the same list with the row opened or closed (kept in the URL's `open`), so it works without
// JavaScript; with htmx it swaps #content.
import type { Child } from 'hono/jsx';
import { navAttrs } from './list-view.js';

export interface TreeNameProps {
  depth: number;
  text: Child;
  /** The row's name for the expander's accessible label. */
  label: string;
  /** Lazy trees: the link that opens or closes the row's children, when it has some. */
  toggle?: { href: string; open: boolean };
}

export function TreeName({ depth, text, label, toggle }: TreeNameProps) {
  const d = Math.min(Math.max(depth, 0), 10);
  return (
    <span class="xt-tree-name" style={`display:inline-block;white-space:nowrap;${d ? `padding-left:${d * 20}px` : ''}`}>
      {toggle ? (
        <a class="xt-tree-toggle" {...navAttrs(toggle.href)} aria-expanded={toggle.open ? 'true' : 'false'} aria-label={`${toggle.open ? '收起' : '展开'} ${label}`}>
          {toggle.open ? '▾' : '▸'}
        </a>
      ) : (
        d > 0 && (
          <span class="xt-muted" aria-hidden="true">
            └{' '}
          </span>
        )
      )}{' '}
      {text}
    </span>
  );
}
