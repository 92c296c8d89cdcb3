// A generated form's screen (/online/cgformList/{code}; the anchor's modules/online/cgform/auto/OnlCgformAutoList):
// the list machinery's own list, form, detail, save, delete, export and import over the declaration the API
// validates with — the page reads the definition (cgformDataApi.definition) and makes it with the same
// onlineForm(head, fields). Buttons the menu's buttons withhold from the user are left out (the API refuses them
// too). Access is the menu's: the user's menu must hold the screen's path (by the form's id or table name); an
// administrator may also open it from 在线表单开发 before a menu entry names it (the page then belongs to that screen).
import type { Context, Hono } from 'hono';
import { cgformDataApi } from '../../contracts/online-forms.js';
import { cgformsList, onlineForm, withoutHidden } from '../../resources/online-forms.js';
import { Alert } from '../../../templates/antd.js';
import type { PageEnv } from '../context.js';
import { registerResolvedListPage, type ListPageOptions } from '../list-page.js';
import { prefetchShell, shellPage } from '../shell-page.js';

const ROUTE = '/online/cgformList';

async function resolve(c: Context<PageEnv>): Promise<ListPageOptions | Response> {
  const code = (c.req.param('code') ?? '').slice(0, 64);
  // The list's shell needs the session: read it beside the definition rather than after it.
  if (c.req.method === 'GET') prefetchShell(c);
  const res = await c.get('upstream').send(cgformDataApi.definition, { params: { code } });
  if (!res.body.success) {
    // Without the menu this is the 403 page (shellPage decides, as for any screen); otherwise the API's words (表单不存在).
    return shellPage(c, { current: `${ROUTE}/${encodeURIComponent(code)}`, title: '在线表单', fallback: cgformsList.route }, () => <Alert type="error">{res.body.message}</Alert>, res.status === 403 ? 403 : 404);
  }
  const { head, fields, hideColumns } = res.body.result;
  const def = onlineForm(head, fields, code);
  return { spec: withoutHidden(def.list, hideColumns), form: def.form, fallback: cgformsList.route, detailForm: true };
}

export function registerCgformScreenPages(app: Hono<PageEnv>) {
  registerResolvedListPage(app, `${ROUTE}/:code`, resolve);
}
