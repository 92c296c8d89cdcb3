// The notice websocket: /api/websocket/:userId (and /websocket/:userId, the spec's path under the API base).
// Authenticated, unlike the anchor's: the session comes from the session cookie (browsers on our pages send
// it), a `token` query parameter, or Sec-WebSocket-Protocol (API clients). The :userId must be the session's
// user; a socket receives only that user's notices (and announcements to all).
// Any text from the client is answered with the anchor's heartcheck; the session is re-checked now and then,
// so a socket outlives neither logout nor a frozen account for long.
import { createNodeWebSocket } from '@hono/node-ws';
import type { Context, Hono } from 'hono';
import type { WSContext } from 'hono/ws';
import { readSessionCookie } from '../api/request-meta.js';
import type { AppDeps } from '../context.js';
import { resolveSession, type SessionUser } from '../domain/sessions.js';

/** Close codes: no valid session / the path names another user. */
export const WS_UNAUTHENTICATED = 4401;
export const WS_FORBIDDEN = 4403;
export const HEARTCHECK = { cmd: 'heartcheck', msgTxt: '心跳响应' } as const;
/** How often (at most) a heartbeat re-validates the session. */
const RECHECK_MS = 60_000;
/** Clients only ever send `HeartBeat`; anything large is refused by the socket layer. */
const MAX_PAYLOAD = 4096;

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
export function handshakeToken(c: Context, secureCookies: boolean): string | undefined {
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
  /** Closes every open socket (server shutdown). */
  closeAll(): void;
}

/** Registers the websocket routes on the app; call before the /api routes are mounted. */
export function attachWebSocket(app: Hono<any>, deps: AppDeps): AttachedWebSocket {
  const { upgradeWebSocket, injectWebSocket, wss } = createNodeWebSocket({ app });
  wss.options.maxPayload = MAX_PAYLOAD;

  const handler = upgradeWebSocket(async (c) => {
    const userId = c.req.param('userId') ?? '';
    const token = handshakeToken(c, deps.config.secureCookies);
    let user: SessionUser | null = null;
    try {
      user = token ? await resolveSession(deps.db, token) : null;
    } catch (err) {
      if (deps.config.logLevel !== 'silent') console.error('[realtime] session lookup failed:', err);
    }
    let unsubscribe: (() => void) | null = null;
    let checkedAt = Date.now();
    const stop = () => {
      unsubscribe?.();
      unsubscribe = null;
    };
    return {
      onOpen(_evt: Event, ws: WSContext) {
        if (!user) return ws.close(WS_UNAUTHENTICATED, 'unauthenticated');
        if (user.id !== userId) return ws.close(WS_FORBIDDEN, 'forbidden');
        unsubscribe = deps.hub.subscribe(user.id, (m) => {
          if (ws.readyState === 1) ws.send(JSON.stringify(m));
        });
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
  });
  app.get('/api/websocket/:userId', handler);
  app.get('/websocket/:userId', handler);

  return {
    injectWebSocket,
    closeAll() {
      for (const client of wss.clients) client.terminate();
    },
  };
}
