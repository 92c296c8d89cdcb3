// One rule for every redirect to a URL the request supplied (the login page's `redirect`, the lists' `back`):
// only a path on this site. Browsers are lenient where an attacker needs them to be: they drop tabs and
// newlines anywhere in a URL, strip leading spaces and controls, read `\` as `/`, and take `//host` as
// another site; a proxy may decode `%2F` once more; and they resolve dot segments (`.`, `..`, `%2e` …), so
// `/.//evil.example` is `//evil.example` once resolved. So a target is refused when it, or its path decoded,
// holds any control, space-like, zero-width or bidi character or a backslash, or starts with `//` as sent or
// with its dot segments resolved; what is kept is the path resolved.

/** Controls, ASCII and Unicode spaces, zero-width and bidi formatting characters, and the backslash. */
// eslint-disable-next-line no-control-regex -- control characters in a local path are refused
const UNSAFE = /[\u0000-\u0020\u007f-\u00a0\u061c\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f\u3000\ufeff\\]/;
const MAX_LENGTH = 2048;

/** A dot segment as browsers read it: `.` or `..`, any dot possibly written `%2e`/`%2E`. */
const dots = (segment: string) => (segment.length <= 6 ? segment.replace(/%2e/gi, '.') : segment);

/** The path (no query or fragment) with its dot segments resolved as a browser resolves them (RFC 3986 §5.2.4). */
function resolveDots(path: string): string {
  const segments = path.split('/');
  const out: string[] = [];
  for (let i = 1; i < segments.length; i++) {
    const d = dots(segments[i]);
    const last = i === segments.length - 1;
    if (d === '.' || d === '..') {
      if (d === '..') out.pop();
      if (last) out.push('');
    } else out.push(segments[i]);
  }
  return `/${out.join('/')}`;
}

function plainLocal(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !UNSAFE.test(path);
}

/** Local as sent and once its dot segments are resolved. */
const localPath = (path: string) => plainLocal(path) && plainLocal(resolveDots(path));

/** A same-site absolute path, judged as sent and with its path part percent-decoded (up to three times). */
export function isLocalPath(target: string): boolean {
  if (target.length > MAX_LENGTH || !plainLocal(target)) return false;
  let path = target.split(/[?#]/, 1)[0];
  if (!localPath(path)) return false;
  for (let i = 0; i < 3 && path.includes('%'); i++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return false;
    }
    if (!localPath(path)) return false;
  }
  return true;
}

/**
 * `target` with its dot segments resolved when it is a local path (and, given `within`, one under that route
 * once resolved), else `fallback`. Every page that redirects to, or links back to, a URL taken from the request
 * goes through here.
 */
export function safeLocalPath(target: unknown, fallback: string, within?: string): string {
  if (typeof target !== 'string' || !isLocalPath(target)) return fallback;
  const path = target.split(/[?#]/, 1)[0];
  const resolved = resolveDots(path) + target.slice(path.length);
  return within === undefined || resolved.startsWith(within) ? resolved : fallback;
}
