// The one safety check of SVG images students and teachers store (the Scratch asset library, the Scratch
// backpack): plain drawing only. The files are also served sandboxed (nosniff, a sandboxing CSP); this check keeps
// what a browser would run out of storage in the first place.
/** XML character references and the five predefined entities decoded (named HTML entities mean nothing in XML). */
function decodeXmlEntities(s: string): string {
  const named: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };
  return s.replace(/&(?:#(\d{1,7})|#x([0-9a-f]{1,6})|(lt|gt|amp|quot|apos));?/gi, (_m, dec: string, hex: string, name: string) => {
    if (name) return named[name.toLowerCase()];
    const cp = dec ? Number(dec) : Number.parseInt(hex, 16);
    return cp > 0 && cp <= 0x10ffff ? String.fromCodePoint(cp) : '';
  });
}

/** SVG animation elements, which may set any attribute of their target (an event handler, a link) while shown. */
// The attributes run to the first `>` outside quotes (XML allows `>` inside an attribute's value).
const ANIMATION_RE = /<(?:[\w.-]+:)?(set|animate|animateTransform|animateMotion|animateColor)(?=[\s/>])((?:[^>"']|"[^"]*"|'[^']*')*)>/gi;

/** Whether an animated attribute's name (entities decoded) is an event handler or a link: on…, href, any prefix:href. */
function dangerousAnimation(attrs: string): boolean {
  for (const m of attrs.matchAll(/\sattributeName\s*=\s*(["'])(.*?)\1/gi)) {
    // eslint-disable-next-line no-control-regex -- a browser ignores control characters in an attribute name, so the check must too
    const name = decodeXmlEntities(m[2]).replace(/[\s\u0000-\u001f]/g, '').toLowerCase();
    if (name.startsWith('on') || name === 'href' || name.endsWith(':href')) return true;
  }
  return false;
}

/**
 * Why an SVG is refused, or null when it is plain drawing: no script, no event handlers, no javascript:
 * URLs, no embedded HTML, no DTD/entities (XXE, billion laughs), no references outside the file, no animation
 * that sets an event handler or a link. Each check also runs on the text with character references decoded
 * (`&#106;avascript:` is javascript:).
 */
export function svgProblem(raw: string): string | null {
  for (const m of raw.matchAll(ANIMATION_RE)) {
    if (dangerousAnimation(m[2])) return `SVG 文件包含改写事件或链接的动画（<${m[1]}>），已拒绝`;
  }
  const decoded = decodeXmlEntities(raw);
  return decoded === raw ? textProblem(raw) : (textProblem(raw) ?? textProblem(decoded));
}

function textProblem(text: string): string | null {
  if (/<script[\s>/]/i.test(text)) return 'SVG 文件包含脚本（<script>），已拒绝';
  if (/<!DOCTYPE|<!ENTITY/i.test(text)) return 'SVG 文件包含 DTD 或实体声明，已拒绝';
  if (/\son[a-z]+\s*=/i.test(text)) return 'SVG 文件包含事件脚本（on… 属性），已拒绝';
  if (/javascript:|vbscript:/i.test(text)) return 'SVG 文件包含脚本链接（javascript:），已拒绝';
  if (/<(foreignObject|iframe|embed|object|audio|video)[\s>/]/i.test(text)) return 'SVG 文件嵌入了网页内容，已拒绝';
  // href / xlink:href may point inside the file (#id) or hold inline image data, nothing else.
  for (const m of text.matchAll(/\s(?:xlink:)?href\s*=\s*(["'])(.*?)\1/gi)) {
    const v = m[2].trim();
    if (!v.startsWith('#') && !/^data:image\/(png|jpe?g|gif);base64,/i.test(v)) return 'SVG 文件引用了外部资源，已拒绝';
  }
  if (/url\(\s*["']?\s*(?!#)[^)]*\)/i.test(text.replace(/url\(\s*["']?data:image\/[a-z]+;base64,[^)]*\)/gi, ''))) return 'SVG 文件引用了外部资源，已拒绝';
  if (/@import/i.test(text)) return 'SVG 文件引用了外部样式，已拒绝';
  return null;
}
