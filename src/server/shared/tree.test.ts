import { describe, expect, it } from 'vitest';
import { buildTree, findInTree, flattenTree, mapTree, pathInTree } from './tree.js';

interface Node {
  id: string;
  children?: Node[];
}

// 学校 ─ 一年级 ─ 一班
//      │        └ 二班
//      └ 二年级
// 分校
const school: Node[] = [
  { id: '学校', children: [{ id: '一年级', children: [{ id: '一班' }, { id: '二班' }] }, { id: '二年级' }] },
  { id: '分校' },
];

describe('flattenTree', () => {
  it('visits parents before children, siblings in order, with depth and parent', () => {
    const seen = flattenTree(school).map((v) => `${v.depth}:${v.node.id}<${v.parent?.id ?? ''}`);
    expect(seen).toEqual(['0:学校<', '1:一年级<学校', '2:一班<一年级', '2:二班<一年级', '1:二年级<学校', '0:分校<']);
  });

  it('prunes a node together with everything below it; the others keep their place among their siblings', () => {
    const kept = flattenTree(school, { prune: (n) => n.id === '一年级' });
    expect(kept.map((v) => `${v.node.id}#${v.index}`)).toEqual(['学校#0', '二年级#1', '分校#1']);
  });

  it('reads children another way, and treats a non-array as none', () => {
    const rows = [{ name: 'a', kids: [{ name: 'b', kids: 'x' as unknown }] }];
    type Row = { name: string; kids: unknown };
    expect(flattenTree<Row>(rows, { children: (r) => (Array.isArray(r.kids) ? (r.kids as Row[]) : undefined) }).map((v) => v.node.name)).toEqual(['a', 'b']);
    expect(flattenTree([{ id: 'a', children: 'not a list' }]).length).toBe(1);
  });

  it('copes with a tree deeper than the call stack', () => {
    let deep: Node = { id: 'leaf' };
    for (let i = 0; i < 20000; i++) deep = { id: String(i), children: [deep] };
    expect(flattenTree([deep]).at(-1)).toMatchObject({ node: { id: 'leaf' }, depth: 20000 });
  });
});

describe('mapTree', () => {
  it('keeps the shape and hands each node its mapped children and depth', () => {
    const labels = mapTree(school, (n, children: string[], depth) => `${'-'.repeat(depth)}${n.id}(${children.join(',')})`);
    expect(labels).toEqual(['学校(-一年级(--一班(),--二班()),-二年级())', '分校()']);
  });
});

describe('findInTree and pathInTree', () => {
  it('finds a node anywhere and the path from its root', () => {
    expect(findInTree(school, (n) => n.id === '二班')?.id).toBe('二班');
    expect(pathInTree(school, (n) => n.id === '二班').map((n) => n.id)).toEqual(['学校', '一年级', '二班']);
  });

  it('answers nothing for a node that is not there', () => {
    expect(findInTree(school, (n) => n.id === '三年级')).toBeUndefined();
    expect(pathInTree(school, (n) => n.id === '三年级')).toEqual([]);
  });
});

describe('buildTree', () => {
  type Row = { id: string; pid: string | null };
  const build = (rows: Row[], orphans?: 'root' | 'drop') =>
    buildTree<Row, Node>(rows, { id: (r) => r.id, parentId: (r) => r.pid, toNode: (r, children) => (children.length ? { id: r.id, children } : { id: r.id }), orphans });

  it('nests rows under their parents, siblings in row order', () => {
    const rows: Row[] = [
      { id: '学校', pid: '' },
      { id: '二班', pid: '一年级' },
      { id: '一年级', pid: '学校' },
      { id: '分校', pid: null },
      { id: '一班', pid: '一年级' },
      { id: '二年级', pid: '学校' },
    ];
    expect(flattenTree(build(rows)).map((v) => `${v.depth}:${v.node.id}`)).toEqual(['0:学校', '1:一年级', '2:二班', '2:一班', '1:二年级', '0:分校']);
  });

  it('shows an orphan at the top, or drops it and its subtree when asked', () => {
    const rows: Row[] = [
      { id: '一班', pid: '已删除的年级' },
      { id: '一组', pid: '一班' },
    ];
    expect(build(rows)).toEqual([{ id: '一班', children: [{ id: '一组' }] }]);
    expect(build(rows, 'drop')).toEqual([]);
  });

  it('never loops: a row under itself is a root, and a cycle is placed once or not at all', () => {
    expect(build([{ id: 'a', pid: 'a' }])).toEqual([{ id: 'a' }]);
    expect(build([{ id: 'r', pid: '' }, { id: 'a', pid: 'b' }, { id: 'b', pid: 'a' }])).toEqual([{ id: 'r' }]);
  });
});
