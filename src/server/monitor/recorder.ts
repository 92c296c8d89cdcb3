// The HTTP server's own numbers (请求追踪 and the HTTP服务 screen, in place of the anchor's Spring httptrace
// and Tomcat metrics): a ring buffer of the last requests, counters by status class, a fixed-bucket latency
// histogram for percentiles, requests in flight and the node server's connections. Cheap enough to run on
// every request: no allocation beyond one small record, no dependency.
//
// Secrets never enter the buffer: query parameters whose names speak of tokens, passwords, captchas or
// secrets are replaced, and so are the Authorization, Cookie and X-Access-Token headers (the anchor's
// /actuator/httptrace leaked them, JB#2793). Requests the pages make to the API in process (the upstream
// client) are not recorded again: their user is credited to the page request that made them.
import type { HttpStats } from '../contracts/monitor.js';
import { AsyncLocalStorage } from 'node:async_hooks';
import type { Server } from 'node:net';
import type { MiddlewareHandler } from 'hono';

const TRACE_CAPACITY = 200;
/** Upper bounds (ms) of the latency buckets; the last bucket is open. */
export const LATENCY_BUCKETS_MS = [1, 2, 5, 10, 20, 50, 100, 200, 500, 1000, 2000, 5000, 10000] as const;
export const REDACTED = '******';

const SECRET_PARAM = /token|passw|pwd|captcha|secret|checkkey|signature|apikey|accesskey|smscode|\bcode$/i;
const SECRET_HEADERS = new Set(['authorization', 'proxy-authorization', 'cookie', 'set-cookie', 'x-access-token', 'sec-websocket-protocol']);
/** Request headers kept in a trace (others are noise or private); the secret ones are kept only as redacted. */
const KEPT_HEADERS = ['host', 'user-agent', 'referer', 'accept', 'content-type', 'content-length', 'hx-request', 'hx-target', 'x-forwarded-for', 'authorization', 'cookie', 'x-access-token'];
const MAX_PATH = 500;

export interface TraceRecord {
  id: number;
  /** ms epoch when the request arrived. */
  timestamp: number;
  method: string;
  /** Path with its query, secrets redacted. */
  uri: string;
  status: number;
  timeTaken: number;
  ip: string | null;
  userId: string | null;
  username: string | null;
  headers: Record<string, string>;
}


/** A path and query with secret parameters replaced, shortened to a sane length. */
export function redactUri(pathWithQuery: string): string {
  const q = pathWithQuery.indexOf('?');
  if (q < 0) return pathWithQuery.slice(0, MAX_PATH);
  const params = new URLSearchParams(pathWithQuery.slice(q + 1));
  const kept: string[] = [];
  for (const [k, v] of params) kept.push(`${encodeURIComponent(k)}=${SECRET_PARAM.test(k) ? REDACTED : encodeURIComponent(v)}`);
  return `${pathWithQuery.slice(0, q)}?${kept.join('&')}`.slice(0, MAX_PATH);
}

/** A Referer's query may carry the same secrets as a request's own. */
function redactReferer(v: string): string {
  try {
    const u = new URL(v);
    return `${u.origin}${redactUri(u.pathname + u.search)}`.slice(0, 300);
  } catch {
    return REDACTED;
  }
}

/** The kept request headers, secrets replaced. */
function redactHeaders(headers: Headers): Record<string, string> {
  const out: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const v = headers.get(name);
    if (v === null) continue;
    if (SECRET_HEADERS.has(name)) out[name] = REDACTED;
    else if (name === 'referer') out[name] = redactReferer(v);
    else out[name] = v.slice(0, 300);
  }
  return out;
}

interface Pending {
  userId: string | null;
  username: string | null;
}
const current = new AsyncLocalStorage<Pending>();

type UserLike = { id: string; username: string } | null | undefined;

export class RequestRecorder {
  private readonly ring: (TraceRecord | undefined)[];
  private next = 0;
  private seq = 0;
  private readonly buckets = new Array<number>(LATENCY_BUCKETS_MS.length + 1).fill(0);
  private readonly stats = { total: 0, inFlight: 0, maxInFlight: 0, errors: 0, totalMs: 0, maxMs: 0, byClass: [0, 0, 0, 0, 0] };
  private readonly startedAt = Date.now();
  private servers: Server[] = [];
  private connectionsTotal = 0;
  private connectionsMax = 0;
  private openConnections = 0;
  private webSocketCount: (() => number) | null = null;

  constructor(readonly capacity = TRACE_CAPACITY) {
    this.ring = new Array(capacity);
  }

  /**
   * The middleware: records the request after the answer. `isUpstream` tells the pages' in-process API calls
   * apart; `user` reads the user the API resolved (set on the context), `ip` the client address.
   */
  middleware(o: { isUpstream: (env: unknown) => boolean; user: (c: Parameters<MiddlewareHandler>[0]) => UserLike; ip: (c: Parameters<MiddlewareHandler>[0]) => string | null }): MiddlewareHandler {
    return async (c, next) => {
      if (o.isUpstream(c.env)) {
        await next();
        const pending = current.getStore();
        const u = o.user(c);
        if (pending && u && !pending.userId) {
          pending.userId = u.id;
          pending.username = u.username;
        }
        return;
      }
      const started = performance.now();
      const timestamp = Date.now();
      const pending: Pending = { userId: null, username: null };
      this.stats.inFlight++;
      if (this.stats.inFlight > this.stats.maxInFlight) this.stats.maxInFlight = this.stats.inFlight;
      let status = 500;
      try {
        await current.run(pending, next);
        status = c.res.status;
      } finally {
        this.stats.inFlight--;
        const u = o.user(c);
        if (u && !pending.userId) {
          pending.userId = u.id;
          pending.username = u.username;
        }
        const url = new URL(c.req.url);
        this.add({
          timestamp,
          method: c.req.method,
          uri: redactUri(url.pathname + url.search),
          status,
          timeTaken: Math.round((performance.now() - started) * 10) / 10,
          ip: o.ip(c),
          userId: pending.userId,
          username: pending.username,
          headers: redactHeaders(c.req.raw.headers),
        });
      }
    };
  }

  /** Adds one finished request (the middleware's work; exposed for tests of the arithmetic). */
  add(r: Omit<TraceRecord, 'id'>): void {
    const rec: TraceRecord = { id: ++this.seq, ...r };
    this.ring[this.next] = rec;
    this.next = (this.next + 1) % this.capacity;
    const s = this.stats;
    s.total++;
    const cls = Math.min(Math.max(Math.floor(r.status / 100), 1), 5) - 1;
    s.byClass[cls]++;
    if (r.status >= 500) s.errors++;
    s.totalMs += r.timeTaken;
    if (r.timeTaken > s.maxMs) s.maxMs = r.timeTaken;
    let b = LATENCY_BUCKETS_MS.findIndex((le) => r.timeTaken <= le);
    if (b < 0) b = LATENCY_BUCKETS_MS.length;
    this.buckets[b]++;
  }

  /** The kept requests, newest first. */
  traces(): TraceRecord[] {
    const out: TraceRecord[] = [];
    for (let i = 1; i <= this.capacity; i++) {
      const r = this.ring[(this.next - i + this.capacity) % this.capacity];
      if (!r) break;
      out.push(r);
    }
    return out;
  }

  /** The bucket bound under which `q` (0–1) of the requests finished (the max for the open bucket). */
  private percentile(q: number): number {
    const count = this.stats.total;
    if (!count) return 0;
    const rank = Math.ceil(q * count);
    let seen = 0;
    for (let i = 0; i < this.buckets.length; i++) {
      seen += this.buckets[i];
      if (seen >= rank) return i < LATENCY_BUCKETS_MS.length ? Math.min(LATENCY_BUCKETS_MS[i], this.stats.maxMs) : this.stats.maxMs;
    }
    return this.stats.maxMs;
  }

  /** Counts the connections of a listening server (the node server of main.ts, or a test's). */
  watchServer(server: Server): void {
    this.servers.push(server);
    server.on('connection', (socket) => {
      this.connectionsTotal++;
      this.openConnections++;
      if (this.openConnections > this.connectionsMax) this.connectionsMax = this.openConnections;
      socket.once('close', () => this.openConnections--);
    });
  }

  /** Where the number of open websockets comes from (the realtime module). */
  countWebSockets(count: () => number): void {
    this.webSocketCount = count;
  }

  snapshot(): HttpStats {
    const s = this.stats;
    const [c1, c2, c3, c4, c5] = s.byClass;
    return {
      startedAt: this.startedAt,
      total: s.total,
      inFlight: s.inFlight,
      maxInFlight: s.maxInFlight,
      byClass: { '1xx': c1, '2xx': c2, '3xx': c3, '4xx': c4, '5xx': c5 },
      errors: s.errors,
      latency: {
        count: s.total,
        totalMs: Math.round(s.totalMs),
        meanMs: s.total ? Math.round((s.totalMs / s.total) * 10) / 10 : 0,
        maxMs: s.maxMs,
        p50: this.percentile(0.5),
        p90: this.percentile(0.9),
        p95: this.percentile(0.95),
        p99: this.percentile(0.99),
        buckets: this.buckets.map((count, i) => ({ le: i < LATENCY_BUCKETS_MS.length ? LATENCY_BUCKETS_MS[i] : null, count })),
      },
      connections: { current: this.servers.length ? this.openConnections : null, total: this.connectionsTotal, maxCurrent: this.connectionsMax },
      webSockets: this.webSocketCount ? this.webSocketCount() : null,
    };
  }
}
