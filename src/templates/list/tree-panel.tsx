// A screen with a navigation tree on the left and the selected node's content on the right (班级管理, 通讯录):
// the tree card (title, optional search box with its results, optional buttons, the tree or an empty note)
// and the two-pane layout that stacks below 1088px. Links and forms work without JavaScript; with htmx they
// swap #content. Styles: /static/css/tree-panel.css.
import type { Child } from 'hono/jsx';
import { Alert, Button, cx, inputClass, LinkButton } from '../antd.js';
import { TreeNav, type TreeNode, type TreeNavProps } from './depart-tree.js';
import { navAttrs } from './list-view.js';

interface TreeSearch {
  /** GET target of the search form (the screen's route). */
  action: string;
  keyword: string;
  placeholder: string;
  /** Accessible name of the search box (e.g. 搜索部门). */
  label: string;
  /** State the search keeps (e.g. the selected node and tab). */
  hidden?: Record<string, string>;
  /** Where 重置 goes (shown while searching). */
  resetHref?: string;
  /** While searching: the matches, or the API's refusal. */
  results?: { key: string; title: string; note?: Child; href: string }[] | { error: string };
  selected?: string;
}

export interface TreePanelProps<N extends TreeNode> extends Omit<TreeNavProps<N>, 'label' | 'linkAttrs'> {
  /** Card title (e.g. 组织机构). */
  title: string;
  /** Accessible name of the card, and of the tree. */
  label: string;
  treeLabel: string;
  search?: TreeSearch;
  /** Buttons under the search box (e.g. 添加下级, 删除). */
  actions?: Child;
  /** The tree could not be loaded. */
  error?: string;
  /** Shown when the tree is empty. */
  empty: string;
}

export function TreePanel<N extends TreeNode>(p: TreePanelProps<N>) {
  const s = p.search;
  const searching = !!s && s.keyword !== '';
  let body: Child;
  if (searching && s.results && !('error' in s.results) && s.results.length) {
    body = (
      <ul class="xt-tree-results" aria-label="搜索结果">
        {s.results.map((n) => (
          <li>
            <a class={cx('xt-tree-title', n.key === s.selected && 'xt-tree-selected')} {...navAttrs(n.href)}>
              <span>{n.title}</span>
              {n.note !== undefined && <span class="xt-tree-note">{n.note}</span>}
            </a>
          </li>
        ))}
      </ul>
    );
  } else if (searching) {
    body = <div class="ant-empty ant-empty-normal app xt-empty">{(s.results && 'error' in s.results && s.results.error) || '未查询匹配数据！'}</div>;
  } else if (p.nodes.length) {
    body = <TreeNav nodes={p.nodes} selected={p.selected} href={p.href} linkAttrs={(n) => navAttrs(p.href(n))} note={p.note} open={p.open} label={p.treeLabel} />;
  } else {
    body = !p.error && <div class="ant-empty ant-empty-normal app xt-empty">{p.empty}</div>;
  }
  return (
    <section class="ant-card ant-card-bordered app xt-tree-panel" aria-label={p.label}>
      <div class="ant-card-head">
        <div class="ant-card-head-wrapper">
          <div class="ant-card-head-title">{p.title}</div>
        </div>
      </div>
      <div class="ant-card-body">
        {s && (
          <form method="get" action={s.action} class="xt-tree-search" role="search" hx-get={s.action} hx-target="#content" hx-push-url="true">
            {Object.entries(s.hidden ?? {})
              .filter(([, v]) => v !== '')
              .map(([k, v]) => (
                <input type="hidden" name={k} value={v} />
              ))}
            <input class={inputClass()} name="q" value={s.keyword} placeholder={s.placeholder} aria-label={s.label} maxlength={100} />
            <Button htmlType="submit">查询</Button>
            {searching && s.resetHref && <LinkButton {...navAttrs(s.resetHref)}>重置</LinkButton>}
          </form>
        )}
        {p.actions && <div class="xt-toolbar xt-tree-actions">{p.actions}</div>}
        {p.error && <Alert type="warning">{p.error}</Alert>}
        {body}
      </div>
    </section>
  );
}

/**
 * The two panes: the tree card, and the content beside it (below it on narrow screens), in a card of its own
 * unless `bare` (content that brings its own card, e.g. a ListView).
 */
export function TreeLayout({ tree, label, bare, children }: { tree: Child; label: string; bare?: boolean; children?: Child }) {
  return (
    <div class="xt-tree-layout">
      <link rel="stylesheet" href="/static/css/tree-panel.css" />
      {tree}
      {bare ? (
        <section class="xt-tree-main" aria-label={label}>
          {children}
        </section>
      ) : (
        <section class="ant-card ant-card-bordered app xt-tree-main" aria-label={label}>
          <div class="ant-card-body">{children}</div>
        </section>
      )}
    </div>
  );
}
