// A generated form's screens (the anchor's modules/online/cgform/auto/OnlCgformAutoList and its tree and
// main-with-sub variants): the list machinery's own list, form, detail, save, delete, export and import over the
// declaration the API validates with — the page reads the definition (cgformDataApi.definition) and makes it with
// the same onlineForm(head, fields). Buttons the menu's buttons withhold from the user are left out (the API refuses
// them too). Access is the menu's: the user's menu must hold the screen's path (by the form's id or table name); an
// administrator may also open it from 在线表单开发 before a menu entry names it (the page then belongs to that screen).
// - /online/cgformList/{code}: the flat list.
// - /online/cgformTreeList/{code}: a tree form (是否树) as a lazy tree list (ListSpec.tree, pages/list-tree.tsx):
//   the top level paged, a row's children read when it is opened, 添加下级, a delete taking the subtree with it.
import type { Context, Hono } from 'hono';
import { cgformDataApi, type CgformDefinition } from '../../contracts/online-forms.js';
import { cgformsList, onlineForm, withoutHidden } from '../../resources/online-forms.js';
import type { ListSpec, TreeListSpec } from '../../resources/spec.js';
import { Alert } from '../../../templates/antd.js';
import type { PageEnv } from '../context.js';
import { registerResolvedListPage, type ListPageOptions } from '../list-page.js';
import { prefetchShell, shellPage } from '../shell-page.js';
import { callRef } from '../list-common.js';
import { str } from '../../shared/text.js';

const CGFORM_LIST_ROUTE = '/online/cgformList';
const CGFORM_TREE_ROUTE = '/online/cgformTreeList';

const SUBTREE_NOTE = '其下级节点将一并删除。';
const codeOf = (c: Context<PageEnv>) => (c.req.param('code') ?? '').slice(0, 64);

/** The screen's refusal in its shell: 403 without the menu (shellPage decides), else the words given (表单不存在 …). */
export const screenError = (c: Context<PageEnv>, route: string, message: string, status: 403 | 404 = 404) =>
  shellPage(c, { current: `${route}/${encodeURIComponent(codeOf(c))}`, title: '在线表单', fallback: cgformsList.route }, () => <Alert type="error">{message}</Alert>, status);

/** The definition of the path's form, or the screen's refusal. */
export async function loadDefinition(c: Context<PageEnv>, route: string): Promise<{ code: string; definition: CgformDefinition } | Response> {
  const code = codeOf(c);
  // The list's shell needs the session: read it beside the definition rather than after it.
  if (c.req.method === 'GET') prefetchShell(c);
  const res = await c.get('upstream').send(cgformDataApi.definition, { params: { code } });
  if (!res.body.success) return screenError(c, route, res.body.message, res.status === 403 ? 403 : 404);
  return { code, definition: res.body.result };
}

/** The options of a form's screen at `route` (its list moved there). */
export function screenOptions(route: string, code: string, { head, fields, hideColumns }: CgformDefinition, tune: (list: ListSpec) => ListSpec = (l) => l): ListPageOptions {
  const def = onlineForm(head, fields, code);
  const list = tune({ ...withoutHidden(def.list, hideColumns), route: `${route}/${encodeURIComponent(code)}` });
  return { spec: list, form: def.form, fallback: cgformsList.route, detailForm: true };
}

async function resolveList(c: Context<PageEnv>): Promise<ListPageOptions | Response> {
  const d = await loadDefinition(c, CGFORM_LIST_ROUTE);
  return d instanceof Response ? d : screenOptions(CGFORM_LIST_ROUTE, d.code, d.definition);
}

/** A tree form's tree columns as the list's tree (the text column one the list shows, else its first column). */
function treeOf(d: CgformDefinition, list: ListSpec): TreeListSpec | null {
  const { isTree, treeParentIdField: pid, treeIdField: hasChild, treeFieldname } = d.head;
  if (isTree !== 'Y' || !pid || !hasChild) return null;
  const shown = list.columns.filter((col) => col.list !== false && col.key !== 'id');
  const text = shown.some((col) => col.key === treeFieldname) ? treeFieldname! : (shown[0]?.key ?? pid);
  return { pid, hasChild, text, lazy: true };
}

async function resolveTree(c: Context<PageEnv>): Promise<ListPageOptions | Response> {
  const d = await loadDefinition(c, CGFORM_TREE_ROUTE);
  if (d instanceof Response) return d;
  let notTree = false;
  const o = screenOptions(CGFORM_TREE_ROUTE, d.code, d.definition, (list) => {
    const tree = treeOf(d.definition, list);
    if (!tree) {
      notTree = true;
      return list;
    }
    return {
      ...list,
      tree,
      // The tree columns are the server's: 父级 is set by 添加下级, 是否有子节点 is kept on every write.
      columns: list.columns.filter((col) => col.key !== tree.hasChild && col.key !== tree.pid),
      rowActions: list.rowActions.map((a) => (a.key === 'delete' ? { ...a, confirm: `确定删除吗?${SUBTREE_NOTE}` } : a)),
    };
  });
  if (notTree) return screenError(c, CGFORM_TREE_ROUTE, '该表单不是树表单，请从普通列表打开');
  const tree = o.spec.tree!;
  // The parent is chosen by 添加下级 (or kept by an edit): shown by its name, carried as a hidden field.
  return {
    ...o,
    deleteNote: SUBTREE_NOTE,
    prepareForm: async (cc, { values }) => {
      const pid = str(values[tree.pid]);
      if (!pid || pid === '0') return {};
      const res = await callRef<Record<string, unknown>>(cc.get('upstream'), o.spec.api.queryById!, 'GET', { query: { id: pid } });
      return { parentName: res.body.success ? str(res.body.result[tree.text]) || pid : pid };
    },
    renderControl: (f, ctx) =>
      f.key === tree.pid ? (
        <span class="xt-tree-parent">
          <input type="hidden" name={f.key} value={str(ctx.value)} />
          {str(ctx.data.parentName) || '无（顶级节点）'}
        </span>
      ) : undefined,
  };
}

export function registerCgformScreenPages(app: Hono<PageEnv>) {
  registerResolvedListPage(app, `${CGFORM_LIST_ROUTE}/:code`, resolveList);
  registerResolvedListPage(app, `${CGFORM_TREE_ROUTE}/:code`, resolveTree);
}
