// The server side of the one confirmation (templates/list/confirm-box.tsx). With htmx a destructive button asks
// in the browser (hx-confirm) and posts confirmed=1; a form posted without it (no JavaScript, or a stale page)
// is answered with the confirmation naming what is affected, as a dialog or a page (dialog-page.ts), and its 确定
// posts the same fields again with confirmed=1. So a handler starts with
//   const asked = unlessConfirmed(c, form, () => ({ …what to ask… }));
//   if (asked) return asked;
import type { Context } from 'hono';
import { ConfirmBox, type ConfirmBoxProps } from '../../templates/list/confirm-box.js';
import type { PageEnv } from './context.js';
import { dialogPage, type DialogPageOptions } from './dialog-page.js';

export interface Ask extends Omit<ConfirmBoxProps, 'asDialog'> {
  /** The screen the action belongs to (menu route and page title). */
  screen: DialogPageOptions;
}

/** The confirmation: a dialog for htmx aimed at #xt-modal, else a page of the screen. */
export const askConfirmation = (c: Context<PageEnv>, { screen, ...box }: Ask) => dialogPage(c, screen, (asDialog) => <ConfirmBox asDialog={asDialog} {...box} />);

/** Whether a posted form (or query) carries confirmed=1. */
export const isConfirmed = (form: Record<string, unknown>) => {
  const v = form.confirmed;
  return (Array.isArray(v) ? v[0] : v) === '1';
};

/**
 * null when the form is confirmed; else the confirmation to answer. `ask` may load what it names (and answer
 * something else, e.g. back to the list when the record is gone).
 */
export function unlessConfirmed(c: Context<PageEnv>, form: Record<string, unknown>, ask: () => Ask | Response | Promise<Ask | Response>): Promise<Response> | null {
  if (isConfirmed(form)) return null;
  return Promise.resolve(ask()).then((a) => (a instanceof Response ? a : askConfirmation(c, a)));
}
