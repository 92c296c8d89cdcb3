// One rule for every redirect to a URL the request supplied (the login page's `redirect`, the lists' `back`):
// only a path on this site. Browsers are lenient where an attacker needs them to be: they drop tabs and
// newlines anywhere in a URL, strip leading spaces and controls, read `\` as `/`, and take `//host` as
// another site; a proxy may decode `%2F` once more. So a target is refused when it, or its path decoded,
// holds any control, space-like, zero-width or bidi character or a backslash, or starts with `//`.

/** Controls, ASCII and Unicode spaces, zero-width and bidi formatting characters, and the backslash. */
const UNSAFE = /[\u0000-\u0020\u007f-\u00a0\u061c\u1680\u180e\u2000-\u200f\u2028-\u202f\u205f-\u2064\u2066-\u206f\u3000\ufeff\\]/;
const MAX_LENGTH = 2048;

function plainLocal(path: string): boolean {
  return path.startsWith('/') && !path.startsWith('//') && !UNSAFE.test(path);
}

/** A same-site absolute path, judged as sent and with its path part percent-decoded (up to three times). */
export function isLocalPath(target: string): boolean {
  if (target.length > MAX_LENGTH || !plainLocal(target)) return false;
  let path = target.split(/[?#]/, 1)[0];
  for (let i = 0; i < 3 && path.includes('%'); i++) {
    try {
      path = decodeURIComponent(path);
    } catch {
      return false;
    }
    if (!plainLocal(path)) return false;
  }
  return true;
}

/**
 * `target` when it is a local path (and, given `within`, one under that route), else `fallback`.
 * Every page that redirects to, or links back to, a URL taken from the request goes through here.
 */
export function safeLocalPath(target: unknown, fallback: string, within?: string): string {
  if (typeof target !== 'string' || !isLocalPath(target)) return fallback;
  return within === undefined || target.startsWith(within) ? target : fallback;
}
