// The one "dialog or page" answer of the screens' dialogs (forms, confirmations, pickers, previews): htmx aimed
// at the #xt-modal slot gets the dialog alone; anything else gets a page of the shell (a plain request without
// JavaScript, or htmx into #content), so every dialog also works as a page of its own. The view renders in the
// one frame (templates/list/dialog-frame.tsx) either way and is told which one it is.
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import type { PageEnv, PageSession } from './context.js';
import { setFlash, type Flash } from './flash.js';
import { requirePage, requireSession, shellPage } from './shell-page.js';

/** Whether the request asks for the dialog alone (htmx aimed at #xt-modal). */
export const wantsDialog = (c: Context) => c.req.header('HX-Request') === 'true' && c.req.header('HX-Target') === 'xt-modal';

export interface DialogPageOptions {
  /** The menu route the dialog belongs to: the user must hold it (403 otherwise); its page highlights it. */
  current: string;
  /** The page's title (breadcrumb and tab) when the dialog is shown as a page. */
  title: string;
  /** A page every logged-in user may open (shellPage's `open`: my notices, the account centre). */
  open?: boolean;
  /** The route the dialog belongs to when the user's menu lacks `current` (ShellPageOptions.fallback). */
  fallback?: string;
}

/**
 * Answers the dialog (htmx into #xt-modal) or the shell page around it. `status` is the answer's either way: a
 * refused form is 400 for a plain form post, and 200 for htmx (callers pass `isHtmx(c) ? 200 : 400`).
 */
export async function dialogPage(
  c: Context<PageEnv>,
  o: DialogPageOptions,
  view: (asDialog: boolean, session: PageSession) => Child | Promise<Child>,
  status: 200 | 400 | 404 = 200,
): Promise<Response> {
  if (!wantsDialog(c)) return shellPage(c, o, (session) => view(false, session), status);
  const session = o.open ? await requireSession(c) : await requirePage(c, o.current, o.fallback);
  if (session instanceof Response) return session;
  const body = await view(true, session);
  // As for shell pages: the URL answers a page or a dialog by header, and a user's page is private.
  c.header('Vary', 'HX-Request, HX-Target, Cookie');
  c.header('Cache-Control', 'private, no-store');
  return c.html(String(body), status);
}

/**
 * After a change made inside a dialog (a rule saved, a user added to a role): htmx shows the dialog again with the
 * result on top; a plain form goes back to the dialog's own page (`href`), the result carried by the flash cookie.
 */
export function stayInDialog(c: Context<PageEnv>, href: string, flash: Flash, render: (flash: Flash) => Promise<Response> | Response) {
  if (c.req.header('HX-Request') === 'true') return render(flash);
  setFlash(c, flash);
  return c.redirect(href, 303);
}
