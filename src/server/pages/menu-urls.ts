// Menu meta urls may hold templates such as `{{ window._CONFIG['domianURL'] }}/sys/…` (SPEC §2). The anchor
// ran them through eval(); here only lookups in a fixed map derived from the request origin are understood,
// and a url is kept only when the result is an http(s) URL. Anything else is dropped, never executed.
import type { MenuItem } from '../upstream/client.js';
import { mapTree } from '../shared/tree.js';

const TEMPLATE = /\{\{([^{}]*)\}\}/g;
// window._CONFIG['key'] | window._CONFIG["key"] | window._CONFIG.key  (the `window.` is optional)
const LOOKUP = /^\s*(?:window\.)?_CONFIG\s*(?:\[\s*(['"])([A-Za-z][A-Za-z0-9_]*)\1\s*\]|\.([A-Za-z][A-Za-z0-9_]*))\s*$/;

/** The anchor's window._CONFIG values that make sense for this server. */
function configVars(origin: string): Record<string, string> {
  const api = `${origin}/api`;
  return { domianURL: api, staticDomainURL: `${api}/sys/common/static`, webURL: origin };
}

function isHttpUrl(text: string): boolean {
  if (!/^https?:\/\//i.test(text)) return false;
  try {
    const u = new URL(text);
    return (u.protocol === 'http:' || u.protocol === 'https:') && !!u.host;
  } catch {
    return false;
  }
}

/** Evaluates the templates of one url; null when an expression is not a known lookup. */
export function evaluateUrl(text: string, vars: Record<string, string>): string | null {
  let ok = true;
  const out = text.replace(TEMPLATE, (_m, expr: string) => {
    const m = LOOKUP.exec(expr);
    const key = m ? (m[2] ?? m[3]) : undefined;
    if (!key || !Object.prototype.hasOwnProperty.call(vars, key)) {
      ok = false;
      return '';
    }
    return vars[key];
  });
  return ok ? out : null;
}

/** A copy of the menu whose meta urls are evaluated, and dropped unless they validate as http(s) URLs. */
export function resolveMenuUrls(menu: MenuItem[], origin: string): MenuItem[] {
  const vars = configVars(origin);
  return mapTree(menu, (item, children: MenuItem[]) => {
    const copy: MenuItem = { ...item, meta: { ...item.meta } };
    if (copy.meta.url !== undefined) {
      const url = evaluateUrl(copy.meta.url, vars);
      if (url && isHttpUrl(url)) copy.meta.url = url;
      else delete copy.meta.url;
    }
    if (item.children) copy.children = children;
    return copy;
  });
}
