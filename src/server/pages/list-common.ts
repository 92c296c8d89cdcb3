// What the list machinery's modules share (list-page.tsx, list-form.tsx) and screens import through list-page:
// calling a declaration's endpoint, htmx detection, going back to the list, and a confirmed row action.
import type { Context, Hono } from 'hono';
import type { ApiRef } from '../resources/spec.js';
import type { Method, Query as ApiQuery } from '../contracts/endpoint.js';
import type { Upstream } from '../upstream/client.js';
import type { PageEnv } from './context.js';
import { askConfirmation, unlessConfirmed } from './confirm.js';
import { wantsDialog } from './dialog-page.js';
import { setFlash } from './flash.js';
import { safeLocalPath } from './safe-path.js';

/**
 * A call of an endpoint a declaration names, with one of its methods; the generic screens read its answer as `R`.
 * A `:name` segment left in the path (a generated form's `/form/<code>/:id`) takes the query's `name`, which is then
 * not sent as a parameter.
 */
export const callRef = <R,>(up: Upstream, ref: ApiRef, method: Method, request: { query?: ApiQuery; body?: unknown } = {}) => {
  if (!ref.path.includes('/:')) return up.sendAs<R>(ref, method, request);
  const query = { ...request.query };
  const path = ref.path.replace(/\/:(\w+)/g, (_, name: string) => {
    const v = query[name];
    delete query[name];
    return `/${encodeURIComponent(String(v ?? ''))}`;
  });
  return up.sendAs<R>({ methods: ref.methods, path }, method, { ...request, query });
};

/** Where a screen's `back` may lead: a path under its route, or under `home` (a part of another page, e.g. a sub table's form under its main list). */
export const backOf = (o: { spec: { route: string }; home?: string }, back: unknown) => safeLocalPath(back, o.home ?? o.spec.route, o.home ?? o.spec.route);

export const isHtmx = (c: Context) => c.req.header('HX-Request') === 'true';
/** Kept here too for the screens that import it from the list machinery (dialog-page.ts decides). */
export { wantsDialog };

/** Back to the list after an action: htmx loads it into #content and pushes the URL; plain forms redirect. */
export function backToList(c: Context, back: string) {
  if (isHtmx(c)) {
    c.header('HX-Location', JSON.stringify({ path: back, target: '#content' }));
    return c.body(null, 200);
  }
  return c.redirect(back, 303);
}

/**
 * A row action that changes one record through the API after a confirmation (发布, 暂停, 立即执行 …): GET shows the
 * confirmation page (without JavaScript; htmx asks with hx-confirm and posts at once), POST with `confirmed=1`
 * calls the API and goes back to the list with its answer as the flash.
 */
export function registerConfirmedAction(
  app: Hono<PageEnv>,
  o: {
    /** The list's route; the action answers at `${route}/${key}`. */
    route: string;
    /** The list screen's title (menu highlight and breadcrumb of the confirmation page). */
    screenTitle: string;
    key: string;
    /** The confirmation page's heading and question. */
    title: string;
    question: string;
    call: (up: Upstream, id: string) => Promise<{ status: number; body: { success: boolean; message?: string } }>;
  },
) {
  const path = `${o.route}/${o.key}`;
  const safeBack = (back: unknown) => safeLocalPath(back, o.route, o.route);
  const ask = (c: Context<PageEnv>, id: string, back: string) =>
    askConfirmation(c, { screen: { current: o.route, title: o.screenTitle }, title: o.title, text: o.question, action: path, hidden: { id, back }, back });
  app.get(path, (c) => {
    const id = c.req.query('id') ?? '';
    const back = safeBack(c.req.query('back'));
    return id ? ask(c, id, back) : c.redirect(back);
  });
  app.post(path, async (c) => {
    const form = await c.req.parseBody();
    const id = typeof form.id === 'string' ? form.id.trim() : '';
    const back = safeBack(form.back);
    if (!id) {
      setFlash(c, { type: 'warning', text: '请选择一条记录！' });
      return backToList(c, back);
    }
    const asked = unlessConfirmed(c, form, () => ask(c, id, back));
    if (asked) return asked;
    const res = await o.call(c.get('upstream'), id);
    if (res.status === 500 && res.body.message?.startsWith('Token失效')) return c.redirect('/user/login', 303);
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '操作成功' : '操作失败') });
    return backToList(c, back);
  });
}
