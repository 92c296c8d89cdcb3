// The shared cache of anonymous public pages (issue 9, "Speed"). A page that many visitors open at once (a school's
// home page or a work shared in a class chat) is rendered once every few seconds instead of once per visitor:
//
// - Only anonymous requests (no session cookie) are served from it or fill it; a visitor with a session always
//   gets their own, uncached page (`private, no-store`), so one user's view never reaches another.
// - The key is the path and the page's own query parameters (an allow-list, in a fixed order); anything else in
//   the query (`from=singlemessage`, `utm_*` …) is ignored by the key and by the page, which links and
//   highlights its menu from the same canonical query (`currentPath`).
// - Entries live `ttlMs` (PAGE_CACHE_TTL_MS, 5 s by default) and are dropped at once when the API says the content
//   they show changed (shared/public-content.ts: a work published, a course, the site config, the front menu,
//   news); a render that was under way when such a change came is not stored.
// - Bounded (LRU by entries and bytes); concurrent misses of one key render once (the others wait for it).
// - Each entry keeps its body, status and headers, its ETag (computed once) and, on first demand, its gzip
//   encoding: a hit costs no rendering and no compression, and a revalidation (If-None-Match) is a 304.
// - /work-detail counts a view on every visit. The render counts it (studentWorkInfo); a visit served from the
//   cache counts it through `countView`, a separate call outside the cached render.
import { createHash } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import type { Context, MiddlewareHandler } from 'hono';
import { onPublicContentChange, type PublicContent } from '../shared/public-content.js';
import type { PageEnv } from './context.js';

interface CachedPageRule {
  /** The query parameters the page reads, in the key's order. */
  params: readonly string[];
  /** What the page shows: a change of one of these drops it (the site config and front menu are on every page). */
  shows: readonly PublicContent[];
  /** Cache-Control for anonymous visitors (browsers and shared caches). */
  cacheControl: string;
  /** The page counts a view of the work named by `?id=` on each visit (served from the cache or not). */
  countsViews?: boolean;
}

/** Browsers and proxies may keep a list page half a minute; the page cache here holds it a few seconds. */
const LIST_CACHE_CONTROL = 'public, max-age=30';
const CHROME: PublicContent[] = ['config', 'menu'];

/** The public pages the cache serves, with the query parameters each reads. */
const CACHED_PAGES: Readonly<Record<string, CachedPageRule>> = {
  '/index': { params: [], shows: CHROME, cacheControl: LIST_CACHE_CONTROL },
  '/home': { params: [], shows: ['work', 'course', ...CHROME], cacheControl: LIST_CACHE_CONTROL },
  '/workList': { params: ['type', 'userId', 'pageNo'], shows: ['work', ...CHROME], cacheControl: LIST_CACHE_CONTROL },
  // Every visit must reach the server to be counted: browsers revalidate (a 304 when nothing changed).
  // commentPage: 加载更多 without JavaScript; msg: the flash after a like or comment (that answer is private, never stored).
  '/work-detail': { params: ['id', 'commentPage', 'msg'], shows: ['work', ...CHROME], cacheControl: 'public, no-cache', countsViews: true },
  '/friend-detail': { params: ['id', 'pageNo'], shows: ['work', ...CHROME], cacheControl: LIST_CACHE_CONTROL },
  '/courseList': { params: ['id', 'pageNo', 'courseName', 'courseCategory', 'courseType'], shows: ['course', ...CHROME], cacheControl: LIST_CACHE_CONTROL },
  '/newsList': { params: ['pageNo'], shows: ['news', ...CHROME], cacheControl: LIST_CACHE_CONTROL },
  '/news-detail': { params: ['id'], shows: ['news', ...CHROME], cacheControl: LIST_CACHE_CONTROL },
};

/** The page's own query (allow-listed parameters, first value each, fixed order), `?…` or ''. */
export function canonicalSearch(c: Context): string {
  const rule = CACHED_PAGES[c.req.path];
  if (!rule) return new URL(c.req.url).search;
  const out = new URLSearchParams();
  for (const name of rule.params) {
    const value = c.req.query(name);
    if (value !== undefined) out.append(name, value);
  }
  const s = out.toString();
  return s ? `?${s}` : '';
}

/** Path and canonical query of a public page: what it links to itself with (menu highlight, login redirect). */
export const currentPath = (c: Context) => c.req.path + canonicalSearch(c);

/** Cache-Control and Vary of a public page: shared and short for anonymous visitors, private for a session. */
export function cacheHeaders(c: Context<PageEnv>) {
  c.header('Cache-Control', c.get('token') ? 'private, no-store' : (CACHED_PAGES[c.req.path]?.cacheControl ?? LIST_CACHE_CONTROL));
  c.header('Vary', 'Cookie');
}

export interface CachedPage {
  key: string;
  path: string;
  status: number;
  contentType: string;
  cacheControl: string;
  etag: string;
  body: Buffer;
  /** The gzip encoding, made on the first request that accepts it. */
  gzip?: Buffer;
  expires: number;
}

export interface PageCacheOptions {
  /** 0: nothing is stored (every anonymous request renders; ETag and 304 still apply). */
  ttlMs: number;
  maxEntries?: number;
  maxBytes?: number;
  /** The clock (tests move it instead of waiting). */
  now?: () => number;
}

const CACHEABLE_STATUS = new Set([200, 404]);

/** Weak ETag of a body (weak: the gzip and identity encodings share it). */
const etagOf = (body: Buffer | string) => `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 27)}"`;

function etagMatches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((t) => {
    const tag = t.trim();
    return tag === '*' || tag.replace(/^W\//, '') === bare;
  });
}

const acceptsGzip = (header: string | undefined) =>
  !!header &&
  header.split(',').some((part) => {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    if (name.trim() !== 'gzip' && name.trim() !== '*') return false;
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    return !q || Number(q.slice(2)) > 0;
  });

export class PageCache {
  private readonly entries = new Map<string, CachedPage>();
  private readonly inflight = new Map<string, Promise<CachedPage | null>>();
  private bytes = 0;
  /** Raised by every invalidation: a render that started before it is not stored. */
  private generation = 0;
  readonly ttlMs: number;
  private readonly maxEntries: number;
  private readonly maxBytes: number;
  private readonly now: () => number;
  /** Counters for the benchmark and tests. */
  readonly stats = { hits: 0, misses: 0, renders: 0, stored: 0, invalidations: 0 };

  constructor(o: PageCacheOptions) {
    this.ttlMs = o.ttlMs;
    this.maxEntries = o.maxEntries ?? 500;
    this.maxBytes = o.maxBytes ?? 16 * 1024 * 1024;
    this.now = o.now ?? Date.now;
  }

  get size() {
    return this.entries.size;
  }

  /** Drops the pages that show this kind of content ('all': every page). */
  invalidate(what: PublicContent) {
    this.generation++;
    this.stats.invalidations++;
    this.inflight.clear();
    for (const [key, page] of this.entries) {
      if (what === 'all' || CACHED_PAGES[page.path]?.shows.includes(what)) this.remove(key);
    }
  }

  clear() {
    this.invalidate('all');
  }

  private remove(key: string) {
    const page = this.entries.get(key);
    if (!page) return;
    this.entries.delete(key);
    this.bytes -= page.body.length + (page.gzip?.length ?? 0);
  }

  private fresh(key: string): CachedPage | undefined {
    const page = this.entries.get(key);
    if (!page) return undefined;
    if (page.expires <= this.now()) {
      this.remove(key);
      return undefined;
    }
    // Least recently used goes first: a hit moves the entry to the end.
    this.entries.delete(key);
    this.entries.set(key, page);
    return page;
  }

  private store(key: string, page: CachedPage) {
    this.remove(key);
    this.entries.set(key, page);
    this.bytes += page.body.length;
    this.stats.stored++;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.remove(oldest);
    }
  }

  /** The gzip encoding of a page, made once. */
  gzip(page: CachedPage): Buffer {
    if (!page.gzip) {
      page.gzip = gzipSync(page.body);
      if (this.entries.get(page.key) === page) this.bytes += page.gzip.length;
    }
    return page.gzip;
  }

  /**
   * The page for `key`: from the cache, from a render already under way, or rendered now by `render`. `rendered`
   * says whether this call's own render made it; `response` is set instead of `page` when the answer may not be
   * shared (an error, a cookie, a private page): it is this call's own and goes out as it is.
   */
  async lookup(key: string, path: string, render: () => Promise<Response>): Promise<{ page: CachedPage; rendered: boolean } | { response: Response }> {
    const hit = this.ttlMs > 0 ? this.fresh(key) : undefined;
    if (hit) {
      this.stats.hits++;
      return { page: hit, rendered: false };
    }
    const pending = this.ttlMs > 0 ? this.inflight.get(key) : undefined;
    if (pending) {
      const page = await pending.catch(() => null);
      if (page) {
        this.stats.hits++;
        return { page, rendered: false };
      }
    }
    this.stats.misses++;
    const generation = this.generation;
    let settle: (p: CachedPage | null) => void = () => {};
    let mine: Promise<CachedPage | null> | undefined;
    if (this.ttlMs > 0) {
      mine = new Promise<CachedPage | null>((resolve) => (settle = resolve));
      this.inflight.set(key, mine);
    }
    try {
      this.stats.renders++;
      const response = await render();
      const page = await this.snapshot(response, key, path);
      if (page && this.ttlMs > 0 && generation === this.generation) this.store(key, page);
      settle(page);
      return page ? { page, rendered: true } : { response };
    } catch (err) {
      settle(null);
      throw err;
    } finally {
      if (mine && this.inflight.get(key) === mine) this.inflight.delete(key);
    }
  }

  /** The shareable form of a rendered answer; null when it must not be shared. */
  private async snapshot(res: Response, key: string, path: string): Promise<CachedPage | null> {
    const type = res.headers.get('Content-Type') ?? '';
    const cacheControl = res.headers.get('Cache-Control') ?? '';
    if (!CACHEABLE_STATUS.has(res.status) || !type.startsWith('text/html') || res.headers.has('Set-Cookie') || res.headers.has('Content-Encoding')) return null;
    if (!cacheControl.startsWith('public')) return null;
    const body = Buffer.from(await res.arrayBuffer());
    return { key, path, status: res.status, contentType: type, cacheControl, etag: etagOf(body), body, expires: this.now() + this.ttlMs };
  }
}

/** The bytes of a buffer without copying them (a Response body type the DOM typings accept). */
const bytesOf = (b: Buffer) => new Uint8Array(b.buffer as ArrayBuffer, b.byteOffset, b.byteLength);

/** Sends a cached page: 304 when the browser has it, gzip when it takes it. */
function sendCachedPage(cache: PageCache, c: Context, page: CachedPage): Response {
  const headers = new Headers({ 'Content-Type': page.contentType, 'Cache-Control': page.cacheControl, Vary: 'Cookie, Accept-Encoding', ETag: page.etag });
  if (page.status === 200 && etagMatches(c.req.header('If-None-Match'), page.etag)) return new Response(null, { status: 304, headers });
  if (acceptsGzip(c.req.header('Accept-Encoding'))) {
    headers.set('Content-Encoding', 'gzip');
    return new Response(bytesOf(cache.gzip(page)), { status: page.status, headers });
  }
  return new Response(bytesOf(page.body), { status: page.status, headers });
}

export interface PageCacheMiddlewareOptions {
  cache: PageCache;
  /** Counts a view of a work whose page was served without rendering it (from the cache or another's render). */
  countView: (c: Context<PageEnv>, workId: string) => Promise<void>;
}

/**
 * The middleware in front of the public pages. Anonymous GETs of CACHED_PAGES go through the cache; requests
 * with a session, other methods and other paths pass untouched.
 */
export function pageCacheMiddleware({ cache, countView }: PageCacheMiddlewareOptions): MiddlewareHandler<PageEnv> {
  return async (c, next) => {
    const rule = CACHED_PAGES[c.req.path];
    if (!rule || c.req.method !== 'GET' || c.get('token') || c.req.header('HX-Request') === 'true') return next();
    const key = c.req.path + canonicalSearch(c);
    const found = await cache.lookup(key, c.req.path, async () => {
      await next();
      return c.res;
    });
    // Not shareable: this request's own render, already in c.res.
    if ('response' in found) return;
    const { page, rendered } = found;
    // The render counted its own visitor's view (studentWorkInfo); every other visit is counted here.
    if (rule.countsViews && !rendered && page.status === 200) {
      const id = c.req.query('id')?.trim();
      if (id) {
        try {
          await countView(c, id);
        } catch {
          /* a view that could not be counted does not fail the page */
        }
      }
    }
    // Replaces the render's answer (or stands for none): set on the context so outer middleware still applies.
    c.res = undefined as never;
    c.res = sendCachedPage(cache, c, page);
  };
}

/** Keeps a cache in step with the public-content signal; returns the unsubscribe function. */
export function invalidateOnChange(cache: PageCache): () => void {
  return onPublicContentChange((what) => cache.invalidate(what));
}
