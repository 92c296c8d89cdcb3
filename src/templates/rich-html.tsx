// The one place admin-authored HTML (footer, announcements, course descriptions) is put into a page.
// It is sanitised on save by the API; sanitising again here keeps old or imported rows harmless too.
import { raw } from 'hono/html';
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font'],
  allowedAttributes: {
    ...sanitizeHtml.defaults.allowedAttributes,
    '*': ['style', 'class', 'title'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['color'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https', 'data'] },
  transformTags: { a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }) },
};

export const sanitizeRichHtml = (html: string | null | undefined) => sanitizeHtml(html ?? '', OPTIONS);

export function RichHtml({ html, class: className }: { html: string | null | undefined; class?: string }) {
  return <div class={className}>{raw(sanitizeRichHtml(html))}</div>;
}
