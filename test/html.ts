// Reading a server-rendered page the way a user meets it: parse the HTML into elements, then find them by role and
// accessible name (a small subset of ARIA's implicit roles, enough for our markup) and read their text. Page tests
// assert with these instead of matching raw strings.

interface El {
  tag: string;
  attrs: Record<string, string>;
  children: (El | string)[];
  parent?: El;
}

const VOID = new Set(['area', 'base', 'br', 'col', 'embed', 'hr', 'img', 'input', 'link', 'meta', 'source', 'track', 'wbr']);
const RAW = new Set(['script', 'style', 'textarea', 'title']);

const decode = (s: string) =>
  s
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;|&#x27;/g, "'")
    .replace(/&#(\d+);/g, (_, n: string) => String.fromCodePoint(Number(n)))
    .replace(/&amp;/g, '&');

function parseAttrs(raw: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of raw.matchAll(/([^\s"'=<>/]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) out[m[1].toLowerCase()] = decode(m[2] ?? m[3] ?? m[4] ?? '');
  return out;
}

/** The document as a tree of elements (unclosed elements close with their parent). */
function parseHtml(html: string): El {
  const root: El = { tag: '#root', attrs: {}, children: [] };
  let cur = root;
  const re = /<!--[\s\S]*?-->|<!doctype[^>]*>|<(\/?)([a-zA-Z][a-zA-Z0-9-]*)((?:[^>"']|"[^"]*"|'[^']*')*)>|([^<]+)|</gi;
  let m: RegExpExecArray | null;
  while ((m = re.exec(html))) {
    if (m[4] !== undefined || (m[0] === '<')) {
      cur.children.push(decode(m[4] ?? '<'));
      continue;
    }
    if (!m[2]) continue;
    const tag = m[2].toLowerCase();
    if (m[1]) {
      let e: El | undefined = cur;
      while (e && e.tag !== tag) e = e.parent;
      if (e?.parent) cur = e.parent;
      continue;
    }
    const el: El = { tag, attrs: parseAttrs(m[3]), children: [], parent: cur };
    cur.children.push(el);
    if (RAW.has(tag)) {
      const end = html.toLowerCase().indexOf(`</${tag}`, re.lastIndex);
      const stop = end < 0 ? html.length : end;
      el.children.push(decode(html.slice(re.lastIndex, stop)));
      re.lastIndex = stop;
      continue;
    }
    if (!VOID.has(tag) && !m[3].trimEnd().endsWith('/')) cur = el;
  }
  return root;
}

function textOf(e: El | string): string {
  if (typeof e === 'string') return e;
  if (e.tag === 'script' || e.tag === 'style') return '';
  return e.children.map(textOf).join('');
}

const squash = (s: string) => s.replace(/\s+/g, ' ').trim();

function* walk(e: El): Generator<El> {
  for (const c of e.children)
    if (typeof c !== 'string') {
      yield c;
      yield* walk(c);
    }
}

/** The element's role: explicit, else implicit for the elements our pages use. */
function roleOf(e: El): string | undefined {
  if (e.attrs.role) return e.attrs.role;
  switch (e.tag) {
    case 'a':
      return 'href' in e.attrs ? 'link' : undefined;
    case 'button':
      return 'button';
    case 'table':
      return 'table';
    case 'tr':
      return 'row';
    case 'nav':
      return 'navigation';
    case 'form':
      return 'form';
    case 'section':
      return e.attrs['aria-label'] || e.attrs['aria-labelledby'] ? 'region' : undefined;
    case 'select':
      return 'combobox';
    case 'input': {
      const type = e.attrs.type ?? 'text';
      if (type === 'checkbox') return 'checkbox';
      if (type === 'radio') return 'radio';
      if (type === 'submit') return 'button';
      return type === 'hidden' ? undefined : 'textbox';
    }
    default:
      return undefined;
  }
}

const NAMED_BY_CONTENT = new Set(['link', 'button', 'row', 'cell', 'tab', 'option', 'heading', 'menuitem']);

/** Accessible name: aria-label, aria-labelledby, else (links, buttons, rows …) the text. */
function nameOf(e: El, doc: El): string {
  if (e.attrs['aria-label']) return squash(e.attrs['aria-label']);
  const by = e.attrs['aria-labelledby'];
  if (by) return squash(by.split(/\s+/).map((id) => { const t = [...walk(doc)].find((x) => x.attrs.id === id); return t ? textOf(t) : ''; }).join(' '));
  if (e.tag === 'input' && e.attrs.type === 'submit') return squash(e.attrs.value ?? '');
  return NAMED_BY_CONTENT.has(roleOf(e) ?? '') ? squash(textOf(e)) : '';
}

interface Query {
  el: El;
  doc: El;
  text: string;
  attr: (name: string) => string | undefined;
  /** Descendants with `role` whose accessible name includes `name` (a string) or matches it (a RegExp). */
  all: (role: string, name?: string | RegExp) => Query[];
  /** The one such descendant; throws when there is none or more than one. */
  get: (role: string, name?: string | RegExp) => Query;
  /** Descendants matching a predicate on the element. */
  find: (test: (e: El) => boolean) => Query[];
}

function query(el: El, doc: El): Query {
  const all = (role: string, name?: string | RegExp) =>
    [...walk(el)]
      .filter((e) => roleOf(e) === role)
      .filter((e) => name === undefined || (typeof name === 'string' ? nameOf(e, doc).includes(name) : name.test(nameOf(e, doc))))
      .map((e) => query(e, doc));
  return {
    el,
    doc,
    get text() {
      return squash(textOf(el));
    },
    attr: (n) => el.attrs[n],
    all,
    get: (role, name) => {
      const found = all(role, name);
      if (found.length !== 1) throw new Error(`expected one ${role}${name ? ` named ${String(name)}` : ''}, found ${found.length}`);
      return found[0];
    },
    find: (test) => [...walk(el)].filter(test).map((e) => query(e, doc)),
  };
}

/** The page, ready to query by role and name. */
export function screen(html: string): Query {
  const doc = parseHtml(html);
  return query(doc, doc);
}

/** The fields a form would submit as it stands (hidden inputs, checked boxes, values), for posting it from a test. */
export function formFields(form: Query): URLSearchParams {
  const out = new URLSearchParams();
  for (const q of form.find((e) => (e.tag === 'input' || e.tag === 'textarea' || e.tag === 'select') && !!e.attrs.name)) {
    const e = q.el;
    const type = e.attrs.type ?? 'text';
    if ((type === 'checkbox' || type === 'radio') && !('checked' in e.attrs)) continue;
    if (type === 'submit' || type === 'file') continue;
    out.append(e.attrs.name, e.tag === 'textarea' ? textOf(e) : (e.attrs.value ?? ''));
  }
  return out;
}
