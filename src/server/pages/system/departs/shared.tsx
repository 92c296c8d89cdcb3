// 班级管理's shared parts: its route and title, the small helpers every tab and dialog uses (answering with a flash,
// a page or a dialog), and the department tree of the visitor. The shapes the API answers are in contracts/departs.ts.
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import { DEPART_ROUTE } from '../../../resources/departs.js';
import type { FieldOption } from '../../../resources/spec.js';
import { hrefWith, type Query } from '../../../resources/url-state.js';
import { ConfirmBox as SharedConfirmBox, type ConfirmBoxProps } from '../../../../templates/list/confirm-box.js';
import type { CheckNode } from '../../../../templates/list/tree.js';
import type { Upstream } from '../../../upstream/client.js';
import { departApi, type DepartTreeNode } from '../../../contracts/departs.js';
import type { PermissionTreeNode } from '../../../contracts/roles.js';
import type { PageEnv, PageSession } from '../../context.js';
import type { Ask } from '../../confirm.js';
import { dialogPage } from '../../dialog-page.js';
import { isHtmx } from '../../list-page.js';
import { setFlash } from '../../flash.js';
import { safeLocalPath } from '../../safe-path.js';
import { mapTree } from '../../../shared/tree.js';

export const R = DEPART_ROUTE;
export const TITLE = '班级管理';


import { str } from '../../../shared/text.js';

export { str };
export const CATEGORY_LABEL: Record<string, string> = { '1': '机构', '2': '部门', '3': '班级' };
export const CATEGORY_COLOR: Record<string, string> = { '1': 'blue', '2': 'green', '3': 'orange' };
export const safeBack = (back: unknown) => safeLocalPath(back, R, R);
export const formString = (v: string | string[] | File | undefined) => (typeof v === 'string' ? v : Array.isArray(v) ? String(v[0] ?? '') : '');
export const formList = (v: unknown): string[] =>
  (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : []).map((s) => s.trim()).filter(Boolean);

/** The page's own URL with the selection and tab (plus extra state). */
export const screenHref = (q: Query) => hrefWith(R, q);

/** Done: with a flash message, back to the screen (htmx follows with HX-Location). */
export function done(c: Context<PageEnv>, ok: boolean, message: string, to: string) {
  setFlash(c, { type: ok ? 'success' : 'error', text: message || (ok ? '操作成功！' : '操作失败') });
  if (isHtmx(c)) {
    c.header('HX-Location', JSON.stringify({ path: to, target: '#content' }));
    return c.body(null, 200);
  }
  return c.redirect(to, 303);
}

/** A dialog of the screen (dialog-page.ts): the dialog alone for htmx into #xt-modal, else a page of the shell. */
export const respond = (c: Context<PageEnv>, title: string, view: (session: PageSession, asDialog: boolean) => Promise<Child> | Child, status: 200 | 400 = 200) =>
  dialogPage(c, { current: R, title }, (asDialog, session) => view(session, asDialog), status);

/** The screen's confirmations (confirm.tsx), in its frame. */
export const ask = (a: Omit<Ask, 'screen' | 'class' | 'stylesheets'>): Ask => ({ screen: { current: R, title: TITLE }, class: 'xt-departs', stylesheets: ['/static/css/departs.css'], ...a });

/** This screen's frame of the shared confirmation (its flash and modal styles). */
export const CONFIRM_FRAME = { class: 'xt-departs', stylesheets: ['/static/css/departs.css'] };
export const ConfirmBox = (p: ConfirmBoxProps) => <SharedConfirmBox {...p} {...CONFIRM_FRAME} />;

// ---------------------------------------------------------------------------------------------------------
// Data

export async function loadTree(up: Upstream, session: PageSession): Promise<{ nodes: DepartTreeNode[]; error?: string }> {
  const res = session.user.abilities.allDeparts ? await up.send(departApi.treeList) : await up.send(departApi.myTreeList);
  if (!res.body.success) return { nodes: [], error: res.body.message };
  return { nodes: res.body.result ?? [] };
}

/** Options of the 机构类型 radio: roots are 机构, everything below is 部门 or 班级. */
export function categoryOptions(options: FieldOption[], root: boolean): FieldOption[] {
  return options.filter((o) => (root ? o.value === '1' : o.value !== '1'));
}

/** Permission tree → checkbox tree nodes; buttons are marked 按钮. */
export const checkNodes = (nodes: PermissionTreeNode[]): CheckNode[] =>
  mapTree(nodes, (n, children: CheckNode[]) => ({ key: n.key, title: n.title, ...(n.menuType === 2 ? { note: '按钮' } : {}), children }));
