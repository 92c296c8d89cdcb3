// The role dialogs' shared parts: the flash shape, a role's lookup, small form helpers, the shell page of a
// dialog and the answer after a change inside one.
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import { ROLE_ROUTE } from '../../../resources/permissions.js';
import type { PageEnv, PageSession } from '../../context.js';
import { isHtmx, setFlash } from '../../list-page.js';
import { shellPage } from '../../shell-page.js';
import { safeLocalPath } from '../../safe-path.js';

import { roleApi, type RoleRecord } from '../../../contracts/roles.js';

export type Flash = { type: 'success' | 'error' | 'warning'; text: string };

export const safeBack = (back: unknown) => safeLocalPath(back, ROLE_ROUTE, ROLE_ROUTE);
// A form field's text (the first of a repeated field); these forms carry no files.
import { fieldText } from '../../../shared/text.js';

export const str = fieldText;
export const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? [v] : []);

/** A page in the role screen's shell: the dialog fragment for htmx, a full page otherwise. */
export const rolePage = (c: Context<PageEnv>, title: string, view: (session: PageSession) => Promise<Child> | Child) =>
  shellPage(c, { current: ROLE_ROUTE, title: `角色管理 · ${title}` }, view);

/** After a change inside a dialog: htmx re-renders the dialog; a plain form goes back to the dialog's page. */
export function stayInDialog(c: Context<PageEnv>, href: string, flash: Flash, render: (flash: Flash) => Promise<Response> | Response) {
  if (isHtmx(c)) return render(flash);
  setFlash(c, flash);
  return c.redirect(href, 303);
}

export async function loadRole(c: Context<PageEnv>, id: string): Promise<RoleRecord | string> {
  const res = await c.get('upstream').send(roleApi.queryById, { query: { id } });
  return res.body.success ? res.body.result : res.body.message || '未找到对应实体';
}
