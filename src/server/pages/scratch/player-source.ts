// Which project file the player may play, from the anchor's `?workUrl=`: only a file stored on this site
// (`/api/sys/common/static/<key>`), given as a path or as an absolute URL of this very origin. Anything else —
// another host, a protocol-relative `//host`, `..` segments, encoded slashes or backslashes — is refused, so the
// player page never fetches from another origin and cannot be aimed at some other endpoint of ours.
import { isLocalPath } from '../safe-path.js';

const STORED_FILES = '/api/sys/common/static/';

/**
 * The same-origin path of the stored file `workUrl` names, or null when it names anything else.
 * `origins`: the origins this site answers as (the request's, and PUBLIC_URL's when configured).
 */
export function storedFilePath(workUrl: string | undefined | null, origins: string[]): string | null {
  const raw = (workUrl ?? '').trim();
  if (!raw || raw.length > 1024) return null;
  let path: string;
  if (raw.startsWith('/')) {
    path = raw;
  } else {
    let url: URL;
    try {
      url = new URL(raw);
    } catch {
      return null;
    }
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    if (url.username || url.password || !origins.includes(url.origin)) return null;
    path = url.pathname + url.search;
  }
  if (/[?#]/.test(path) || !isLocalPath(path) || !path.startsWith(STORED_FILES)) return null;
  let key: string;
  try {
    key = decodeURIComponent(path.slice(STORED_FILES.length));
  } catch {
    return null;
  }
  // The key as the files route reads it: plain segments, no traversal, no empty or dot segments.
  if (!key || key.split('/').some((s) => s === '' || s === '.' || s === '..') || /[\\%]/.test(key)) return null;
  return path;
}
