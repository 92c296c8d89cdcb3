// The one sanitiser for admin-authored HTML (announcements, course descriptions, site footer). The API
// sanitises on write and when it serves such HTML to islands; templates sanitise again when they render
// it, so rows imported or written before these rules stay harmless. A neutral module: domain and templates
// both import it, it imports neither.
//
// What survives is text formatting only: no `class` (the page's own antd/shell classes could restyle or
// cover the UI), inline `style` limited to harmless properties with bounded values (never position,
// z-index, sizes or margins, so nothing can overlay or hide the page), and images only from this site's
// own file and static routes (a remote image would tell another host who read what). data: images are
// refused too: the editor is plain HTML, pictures are uploaded (type-checked) and linked by path.
import sanitizeHtml from 'sanitize-html';

const COLOR = [/^#[0-9a-f]{3,8}$/i, /^rgba?\(\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*,\s*\d{1,3}%?\s*(?:,\s*(?:0|1|0?\.\d+)\s*)?\)$/i, /^[a-z]{3,20}$/i];
/** 8–48px, 6–36pt, 0.5–3em/rem, 50–300 %, or a keyword. */
const FONT_SIZE = [
  /^(?:[89]|[1-3]\d|4[0-8])(?:\.\d+)?px$/i,
  /^(?:[6-9]|[12]\d|3[0-6])(?:\.\d+)?pt$/i,
  /^(?:0?\.[5-9]\d*|[12](?:\.\d+)?|3(?:\.0+)?)r?em$/i,
  /^(?:[5-9]\d|[12]\d\d|300)(?:\.\d+)?%$/,
  /^(?:xx-small|x-small|small|medium|large|x-large|xx-large|smaller|larger)$/i,
];

/** The inline styles rich text may carry, whatever the element. Unlisted properties are dropped. */
const RICH_TEXT_STYLES: Record<string, RegExp[]> = {
  color: COLOR,
  'background-color': COLOR,
  'text-align': [/^(?:left|right|center|justify|start|end)$/i],
  'font-size': FONT_SIZE,
  'font-weight': [/^(?:normal|bold|bolder|lighter|[1-9]00)$/i],
  'font-style': [/^(?:normal|italic|oblique)$/i],
  'text-decoration': [/^(?:none|(?:underline|overline|line-through)(?:\s+(?:underline|overline|line-through))*)$/i],
  'text-decoration-line': [/^(?:none|(?:underline|overline|line-through)(?:\s+(?:underline|overline|line-through))*)$/i],
  'line-height': [/^(?:normal|[1-3](?:\.\d+)?|(?:1[0-9]\d|2\d\d|300)%)$/i],
};

/** Paths under which this site serves images: stored files and its own static assets. */
const OWN_IMAGE = /^\/(?:api\/sys\/common\/static|static)\/[^?#\\\s]+$/;

/** A same-origin image path with no way out of its route (`..` segments, also percent-encoded). */
export function isOwnImagePath(src: string | undefined): boolean {
  if (!src || !OWN_IMAGE.test(src) || src.includes('//')) return false;
  let decoded: string;
  try {
    decoded = decodeURIComponent(src);
  } catch {
    return false;
  }
  return !decoded.split('/').some((s) => s === '..' || s === '.') && !decoded.includes('\\');
}

/** width/height attributes of a picture: a plain number of pixels, at most this; anything else is dropped. */
const MAX_IMAGE_SIDE = 2000;
const imageSide = (v: string | undefined) => (v && /^\d{1,4}$/.test(v) && Number(v) > 0 && Number(v) <= MAX_IMAGE_SIDE ? v : undefined);

const RICH_TEXT_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [...sanitizeHtml.defaults.allowedTags, 'img', 'span', 'font'],
  allowedAttributes: {
    '*': ['style', 'title'],
    a: ['href', 'name', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height'],
    font: ['color'],
    td: ['colspan', 'rowspan'],
    th: ['colspan', 'rowspan'],
  },
  allowedStyles: { '*': RICH_TEXT_STYLES },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: [] },
  allowProtocolRelative: false,
  transformTags: {
    a: sanitizeHtml.simpleTransform('a', { rel: 'noopener noreferrer' }),
    img: (tagName, attribs) => {
      const { width, height, ...rest } = attribs;
      const out: sanitizeHtml.Attributes = { ...rest };
      if (imageSide(width)) out.width = width!;
      if (imageSide(height)) out.height = height!;
      return { tagName, attribs: out };
    },
  },
  // An image that is not one of ours goes entirely (an <img> without src would only show a broken icon).
  exclusiveFilter: (frame) => frame.tag === 'img' && !isOwnImagePath(frame.attribs.src),
};

export const sanitizeRichHtml = (html: string | null | undefined): string => sanitizeHtml(html ?? '', RICH_TEXT_OPTIONS);
