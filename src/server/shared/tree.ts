// The one tree walker: every nested list of the app (menus, permissions, departments, categories, front menu,
// seed definitions) is `{ …, children?: T[] }`, and these are the operations done on them — flatten with
// depth, map into another tree, find a node or the path to it, and build a tree from rows with parent ids.
// Depth-first, pre-order, siblings in the order given; iterative where a deep or cyclic input could hurt.

/** How to reach a node's children (default: its `children` array; anything not an array counts as none). */
type ChildrenOf<T> = (node: T) => readonly T[] | null | undefined;

const ownChildren = <T>(node: T): readonly T[] | undefined => {
  const kids = (node as { children?: unknown } | null)?.children;
  return Array.isArray(kids) ? (kids as T[]) : undefined;
};

interface Visit<T> {
  node: T;
  /** 0 for a root. */
  depth: number;
  /** Its place among its siblings (0 for the first), counted before pruning. */
  index: number;
  /** The node it hangs under (undefined for a root). */
  parent?: T;
}

/**
 * Every node, depth first (a parent before its children), with its depth and parent. `prune` leaves a node out
 * together with everything below it (e.g. the row being edited, which cannot become its own parent).
 */
export function flattenTree<T>(roots: readonly T[], o: { children?: ChildrenOf<T>; prune?: (node: T) => boolean } = {}): Visit<T>[] {
  const childrenOf = o.children ?? ownChildren;
  const out: Visit<T>[] = [];
  const stack: Visit<T>[] = roots.map((node, index) => ({ node, depth: 0, index })).reverse();
  while (stack.length) {
    const visit = stack.pop()!;
    if (o.prune?.(visit.node)) continue;
    out.push(visit);
    const kids = childrenOf(visit.node) ?? [];
    for (let i = kids.length - 1; i >= 0; i--) stack.push({ node: kids[i], depth: visit.depth + 1, index: i, parent: visit.node });
  }
  return out;
}

/** A new tree of the same shape: `fn` gets each node, its children already mapped, and its depth. */
export function mapTree<T, U>(roots: readonly T[], fn: (node: T, children: U[], depth: number) => U, o: { children?: ChildrenOf<T> } = {}): U[] {
  const childrenOf = o.children ?? ownChildren;
  const map = (nodes: readonly T[], depth: number): U[] => nodes.map((n) => fn(n, map(childrenOf(n) ?? [], depth + 1), depth));
  return map(roots, 0);
}

/** The first node (depth first) that matches. */
export function findInTree<T>(roots: readonly T[], match: (node: T) => boolean, o: { children?: ChildrenOf<T> } = {}): T | undefined {
  return pathInTree(roots, match, o).at(-1);
}

/** The nodes from a root down to the first node that matches (inclusive); [] when none does. */
export function pathInTree<T>(roots: readonly T[], match: (node: T) => boolean, o: { children?: ChildrenOf<T> } = {}): T[] {
  const childrenOf = o.children ?? ownChildren;
  for (const n of roots) {
    if (match(n)) return [n];
    const below = pathInTree(childrenOf(n) ?? [], match, o);
    if (below.length) return [n, ...below];
  }
  return [];
}

/**
 * Builds a tree from flat rows that name their parent. Siblings keep the rows' order. Roots are rows with an empty
 * parent; a row whose parent is not among the rows (an orphan, e.g. the top of a teacher's managed subtree, or a
 * row left over from imported data) is a root too unless `orphans: 'drop'`; a row that is its own parent is a
 * root. A cycle cannot loop: each row is placed once. `toNode` gets the row and its children, already built.
 */
export function buildTree<R, N>(
  rows: readonly R[],
  o: {
    id: (row: R) => string;
    parentId: (row: R) => string | null | undefined;
    toNode: (row: R, children: N[]) => N;
    orphans?: 'root' | 'drop';
  },
): N[] {
  const ids = new Set(rows.map(o.id));
  const roots: R[] = [];
  const kids = new Map<string, R[]>();
  for (const r of rows) {
    const parent = o.parentId(r) ?? '';
    const id = o.id(r);
    if (!parent || parent === id || (!ids.has(parent) && o.orphans !== 'drop')) roots.push(r);
    else if (ids.has(parent)) kids.set(parent, [...(kids.get(parent) ?? []), r]);
  }
  const placed = new Set<string>();
  const build = (r: R): N => {
    placed.add(o.id(r));
    const children = (kids.get(o.id(r)) ?? []).filter((k) => !placed.has(o.id(k))).map(build);
    return o.toNode(r, children);
  };
  return roots.filter((r) => !placed.has(o.id(r))).map(build);
}
