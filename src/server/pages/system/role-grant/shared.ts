// The role dialogs' shared parts: the flash shape, a role's lookup, small form helpers, the dialog-or-page answer
// of its dialogs and the answer after a change inside one (both from dialog-page.ts).
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import { ROLE_ROUTE } from '../../../resources/permissions.js';
import type { PageEnv, PageSession } from '../../context.js';
import { dialogPage } from '../../dialog-page.js';
import { safeLocalPath } from '../../safe-path.js';

import { roleApi, type RoleRecord } from '../../../contracts/roles.js';

export type { Flash } from '../../flash.js';
export { stayInDialog } from '../../dialog-page.js';

export const safeBack = (back: unknown) => safeLocalPath(back, ROLE_ROUTE, ROLE_ROUTE);
// A form field's text (the first of a repeated field); these forms carry no files.
import { fieldText } from '../../../shared/text.js';

export const str = fieldText;
export const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : typeof v === 'string' && v ? [v] : []);

/** A dialog of the role screen (dialog-page.ts): the dialog alone for htmx aimed at #xt-modal, else a page of the shell. */
export const rolePage = (c: Context<PageEnv>, title: string, view: (session: PageSession, asDialog: boolean) => Promise<Child> | Child) =>
  dialogPage(c, { current: ROLE_ROUTE, title: `角色管理 · ${title}` }, (asDialog, session) => view(session, asDialog));

export async function loadRole(c: Context<PageEnv>, id: string): Promise<RoleRecord | string> {
  const res = await c.get('upstream').send(roleApi.queryById, { query: { id } });
  return res.body.success ? res.body.result : res.body.message || '未找到对应实体';
}
