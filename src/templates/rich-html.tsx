// The one place admin-authored HTML (footer, announcements, course descriptions) is put into a page.
// It is sanitised on save by the API; sanitising again here keeps old or imported rows harmless too.
// The rules live in src/server/shared/rich-text.ts, shared with the API.
import { raw } from 'hono/html';
import { sanitizeRichHtml } from '../server/shared/rich-text.js';

export function RichHtml({ html, class: className }: { html: string | null | undefined; class?: string }) {
  return <div class={className}>{raw(sanitizeRichHtml(html))}</div>;
}
