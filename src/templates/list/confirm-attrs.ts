// The browser side of the one confirmation (confirm-box.tsx, pages/confirm.tsx): htmx asks `question` in place
// (hx-confirm), then posts `vals` with confirmed=1, so the handler acts at once. Without JavaScript nothing here
// runs: the form or link reaches the handler without confirmed=1 and is answered with the ConfirmBox first.
// A module of its own so that list-view, which the ConfirmBox uses, can use it too.

/** hx-confirm (when there is a question) and hx-vals carrying `vals` and confirmed=1. */
export const confirmAttrs = (question: string | undefined, vals: Record<string, string> = {}) => ({
  ...(question ? { 'hx-confirm': question } : {}),
  'hx-vals': JSON.stringify({ ...vals, confirmed: '1' }),
});
