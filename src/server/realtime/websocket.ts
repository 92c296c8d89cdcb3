// The notice websocket: /api/websocket/:userId (and /websocket/:userId, the spec's path under the API base).
// Authenticated, unlike the anchor's: the session comes from the session cookie (browsers on our pages send
// it), a `token` query parameter, or Sec-WebSocket-Protocol (API clients). The :userId must be the session's
// user; a socket receives only that user's notices (and announcements to all).
// Any text from the client is answered with the anchor's heartcheck. A socket does not outlive its session:
// it closes (4401) as soon as the session ends anywhere (logout, password change, freezing … announced
// through domain/session-watch and the hub, so in every process), and when it expires (a timer at expiry).
import { createNodeWebSocket } from '@hono/node-ws';
import type { Context, Hono } from 'hono';
import type { WSContext } from 'hono/ws';
import { readSessionCookie } from '../api/request-meta.js';
import type { AppDeps } from '../context.js';
import { endsSession, onSessionsEnded, sessionExpiry, type SessionsEnded } from '../domain/session-watch.js';
import { resolveSession, type SessionUser } from '../domain/sessions.js';
import { CLOUD_PATH, cloudDataServer } from './cloud-data.js';

/** Close codes: no valid session / the path names another user. */
const WS_UNAUTHENTICATED = 4401;
/**
 * The server is restarting (RFC 6455 1012 "Service Restart"): the node drains on SIGTERM. Every client reconnects
 * on it, through the load balancer to another node: the notice bell within 2 s (islands/account/notice-socket.ts),
 * the Scratch editor's and player's cloud providers within a second (they reconnect on any code but their own
 * fatal 4002–4004).
 */
const WS_SERVICE_RESTART = 1012;
/** A socket that has not finished its close handshake by then is cut. */
const CLOSE_WAIT_MS = 2000;
const WS_FORBIDDEN = 4403;
const HEARTCHECK = { cmd: 'heartcheck', msgTxt: '心跳响应' } as const;
/** How often (at most) a heartbeat re-validates the session. */
const RECHECK_MS = 60_000;
/** Notice clients only ever send `HeartBeat`, cloud clients lines of a few hundred bytes; anything larger is refused by the socket layer. */
const MAX_PAYLOAD = 4096;
/** setTimeout's longest delay (about 24.8 days); a later expiry is re-checked then. */
const MAX_TIMER_MS = 2 ** 31 - 1;

/** An open, authenticated socket, as the session watch sees it. */
interface LiveSocket {
  userId: string;
  sessionId: string;
  end(): void;
}

/** A browser on another site may open a websocket to us; the cookie then must not count (CSWSH). */
function crossSite(c: Context): boolean {
  const origin = c.req.header('Origin');
  if (!origin) return false;
  try {
    return new URL(origin).host !== c.req.header('Host');
  } catch {
    return true;
  }
}

/** The token a websocket handshake carries, in order of preference; the cookie only from our own pages. */
function handshakeToken(c: Context, secureCookies: boolean): string | undefined {
  const cookie = readSessionCookie(c, secureCookies);
  if (cookie && !crossSite(c)) return cookie;
  const query = c.req.query('token');
  if (query) return query;
  const header = c.req.header('X-Access-Token');
  if (header) return header;
  const protocols = c.req.header('Sec-WebSocket-Protocol');
  if (protocols) return protocols.split(',').map((p) => p.trim()).find(Boolean);
  return undefined;
}

export interface AttachedWebSocket {
  /** Hooks the websocket upgrade into a node http server returned by @hono/node-server's serve(). */
  injectWebSocket: ReturnType<typeof createNodeWebSocket>['injectWebSocket'];
  /** Cuts every open socket (tests, an app closed at once). */
  closeAll(): void;
  /**
   * Graceful shutdown: closes every socket with 1012 so its client reconnects (to another node), waits for the
   * close handshakes (at most CLOSE_WAIT_MS) and cuts what is left.
   */
  drain(): Promise<void>;
  /** Open sockets (notices and cloud variables), for 系统监控. */
  count(): number;
}

/** Registers the websocket routes on the app; call before the /api routes are mounted. */
export function attachWebSocket(app: Hono, deps: AppDeps): AttachedWebSocket {
  const log = (what: string, err: unknown) => deps.config.logLevel !== 'silent' && console.error(`[realtime] ${what}:`, err);
  const { upgradeWebSocket, injectWebSocket, wss } = createNodeWebSocket({ app });
  // Socket errors (a frame over MAX_PAYLOAD, a broken connection) end in a close, which cleans up; @hono/node-ws
  // reports them here (on Node 20 as a ReferenceError: it builds an ErrorEvent, which Node 20 lacks).
  const socketOptions = { onError: (err: unknown) => log('socket error', err) };
  wss.options.maxPayload = MAX_PAYLOAD;

  // Sessions ended in this process go to the hub; the hub (every process's, with Redis) closes their sockets.
  const live = new Set<LiveSocket>();
  const offDomain = onSessionsEnded((db, ended) => {
    if (db === deps.db) deps.hub.endSessions(ended).catch((err) => log('announcing ended sessions failed', err));
  });
  const offHub = deps.hub.onSessionsEnded((ended: SessionsEnded) => {
    for (const s of [...live]) if (endsSession(ended, s.userId, s.sessionId)) s.end();
  });

  const handler = upgradeWebSocket(async (c) => {
    const userId = c.req.param('userId') ?? '';
    const token = handshakeToken(c, deps.config.secureCookies);
    let user: SessionUser | null = null;
    try {
      user = token ? await resolveSession(deps.db, token) : null;
    } catch (err) {
      log('session lookup failed', err);
    }
    let unsubscribe: (() => void) | null = null;
    let checkedAt = Date.now();
    let expiryTimer: ReturnType<typeof setTimeout> | undefined;
    let entry: LiveSocket | null = null;
    const stop = () => {
      unsubscribe?.();
      unsubscribe = null;
      clearTimeout(expiryTimer);
      if (entry) live.delete(entry);
      entry = null;
    };
    /** Closes the socket now if its session is over, else checks again when it is due to expire. */
    const watchExpiry = async (ws: WSContext, sessionId: string) => {
      let expiresAt: number | null;
      try {
        expiresAt = await sessionExpiry(deps.db, sessionId);
      } catch (err) {
        log('session expiry lookup failed', err);
        expiresAt = Date.now() + RECHECK_MS;
      }
      if (!unsubscribe) return;
      if (expiresAt === null) {
        stop();
        return ws.close(WS_UNAUTHENTICATED, 'session ended');
      }
      expiryTimer = setTimeout(() => void watchExpiry(ws, sessionId), Math.min(Math.max(expiresAt - Date.now(), 0) + 50, MAX_TIMER_MS));
      expiryTimer.unref?.();
    };
    return {
      onOpen(_evt: Event, ws: WSContext) {
        if (!user) return ws.close(WS_UNAUTHENTICATED, 'unauthenticated');
        if (user.id !== userId) return ws.close(WS_FORBIDDEN, 'forbidden');
        unsubscribe = deps.hub.subscribe(user.id, (m) => {
          if (ws.readyState === 1) ws.send(JSON.stringify(m));
        });
        const sessionId = user.sessionId;
        entry = {
          userId: user.id,
          sessionId,
          end: () => {
            stop();
            ws.close(WS_UNAUTHENTICATED, 'session ended');
          },
        };
        live.add(entry);
        void watchExpiry(ws, sessionId);
      },
      async onMessage(_evt: MessageEvent, ws: WSContext) {
        if (!unsubscribe || !token) return;
        ws.send(JSON.stringify(HEARTCHECK));
        if (Date.now() - checkedAt < RECHECK_MS) return;
        checkedAt = Date.now();
        const still = await resolveSession(deps.db, token).catch(() => user);
        if (!still) {
          stop();
          ws.close(WS_UNAUTHENTICATED, 'session ended');
        }
      },
      onClose: stop,
      onError: stop,
    };
  }, socketOptions);
  // Scratch cloud variables (cloud-data.ts); its sockets close with their session like the notice sockets.
  const cloud = cloudDataServer(deps, live);
  app.get(
    CLOUD_PATH,
    upgradeWebSocket((c) => cloud.events(handshakeToken(c, deps.config.secureCookies))(c), socketOptions),
  );
  app.get('/api/websocket/:userId', handler);
  app.get('/websocket/:userId', handler);

  return {
    injectWebSocket,
    count: () => wss.clients.size,
    closeAll() {
      offDomain();
      offHub();
      cloud.close();
      for (const s of [...live]) s.end();
      for (const client of wss.clients) client.terminate();
    },
    async drain() {
      offDomain();
      offHub();
      cloud.close();
      const open = [...wss.clients];
      const closed = Promise.all(open.map((client) => new Promise<void>((resolve) => (client.readyState === client.CLOSED ? resolve() : client.once('close', () => resolve())))));
      for (const client of open) client.close(WS_SERVICE_RESTART, 'server restarting');
      let timer: ReturnType<typeof setTimeout> | undefined;
      await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, CLOSE_WAIT_MS)))]);
      clearTimeout(timer);
      for (const client of wss.clients) client.terminate();
    },
  };
}
