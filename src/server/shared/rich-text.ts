// The one sanitiser for admin-authored HTML (announcements, course descriptions, site footer). The API
// sanitises on write and when it serves such HTML to islands; templates sanitise again when they render
// it, so rows imported or written before these rules stay harmless. A neutral module: domain and templates
// both import it, it imports neither.
import sanitizeHtml from 'sanitize-html';

export const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
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

export const sanitizeRichHtml = (html: string | null | undefined): string => sanitizeHtml(html ?? '', RICH_TEXT_OPTIONS);
