// Hosts whose video players a unit may embed (外部视频). Shared by the API (which stores only our own iframe
// around an https player URL on one of these hosts), the unit page (which re-checks before framing) and the
// Content-Security-Policy of the student's course pages (frame-src).
export const VIDEO_EMBED_HOSTS = [
  'player.bilibili.com',
  'v.qq.com',
  'player.youku.com',
  'open.iqiyi.com',
  'www.ixigua.com',
  'www.youtube.com',
  'www.youtube-nocookie.com',
  'player.vimeo.com',
] as const;

/** The player URL of a stored embed (`<iframe src="…">`) when it is https on an allowed host, else null. */
export function embedPlayerUrl(html: string): string | null {
  const src = /<iframe\b[^>]*\bsrc\s*=\s*["']([^"']+)["']/i.exec(html)?.[1]?.replace(/&amp;/g, '&');
  if (!src) return null;
  try {
    const u = new URL(src);
    return u.protocol === 'https:' && (VIDEO_EMBED_HOSTS as readonly string[]).includes(u.hostname) && !u.username && !u.password ? u.toString() : null;
  } catch {
    return null;
  }
}
