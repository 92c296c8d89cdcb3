// The Scratch cloud variable websocket: /api/websocket/scratch/cloudData (teaching-open's path). The editor's
// CloudProvider (scratch-gui) speaks Scratch's protocol: newline-separated JSON messages
//   client → server  {method: 'handshake'|'set'|'create'|'delete'|'rename', user, project_id, name?, value?, new_name?}
//   server → client  {method: 'set', name, value}            (after the handshake: every variable; then changes)
//                    {method: 'ack', name, reply: 'OK'|'FAIL', message?}   (answers create/delete/rename, and a
//                    refused set; teaching-open's acknowledgement, ignored by the stock editor)
// project_id is the work id. The socket is authenticated by the session (the cookie from our own pages, or the
// `token` query parameter / Sec-WebSocket-Protocol — also `bearer!<token>`, as CloudProvider sends it — or the
// `token` field of the handshake, as teaching-open's editor sends it); `user` is ignored, the session decides.
// Who may do what is domain/cloud-data.ts. A change is stored, then sent to every other socket of the work, in
// every process through the hub (Redis with REDIS_URL), coalesced: see cloud-limits.ts for that and for the
// socket caps and message allowances (per user and work, per user, per work; not per socket).
// Close codes: 4400 a malformed or out-of-order message, 4401 no valid session (or it ended), 4403 the work is
// not the caller's to see, 4404 no such work (or it does not use cloud data), 4408 no handshake within 10 s,
// 4429 too many sockets ('too many connections') or far more messages than the allowance ('too many messages').
// Messages beyond the allowance are dropped. A socket that does not read its messages is terminated (1006).
import type { Context } from 'hono';
import type { WSContext, WSEvents } from 'hono/ws';
import type { AppDeps } from '../context.js';
import {
  cloudAccess,
  cloudValue,
  cloudVariables,
  createCloudVariable,
  deleteCloudVariable,
  isCloudName,
  MAX_CLOUD_VALUE_LENGTH,
  MAX_CLOUD_VARIABLES,
  renameCloudVariable,
  setCloudVariable,
  type CloudRole,
} from '../domain/cloud-data.js';
import { newId } from '../domain/ids.js';
import { limitsOf } from '../domain/limits.js';
import { resolveSession, type SessionUser } from '../domain/sessions.js';
import { CLOUD_LIMITS, CloudCoalescer, CloudSlots, type CloudKeys } from './cloud-limits.js';

export const CLOUD_PATH = '/api/websocket/scratch/cloudData';
const CLOUD_BAD_MESSAGE = 4400;
const CLOUD_UNAUTHENTICATED = 4401;
const CLOUD_FORBIDDEN = 4403;
const CLOUD_NOT_FOUND = 4404;
const CLOUD_HANDSHAKE_TIMEOUT = 4408;
const CLOUD_TOO_FAST = 4429;

/** Lines in one websocket frame. */
const MAX_LINES = 10;
const HANDSHAKE_MS = 10_000;
const RECHECK_MS = 60_000;
const PROJECT_RE = /^[A-Za-z0-9_-]{1,64}$/;

/** An open, authenticated socket, as websocket.ts's session watch sees it. */
export interface LiveCloudSocket {
  userId: string;
  sessionId: string;
  end(): void;
}

const NOT_NUMBER = `云变量只能保存数字（不超过${MAX_CLOUD_VALUE_LENGTH}个字符）`;
const BAD_NAME = '云变量名须为1到64个字符';
const AUTHOR_ONLY = '只有作品的作者可以创建、删除或重命名云变量';

const line = (m: unknown) => `${JSON.stringify(m)}\n`;

export interface CloudDataServer {
  /**
   * The socket events for one connection. `token` is the session token the upgrade request carried (or
   * undefined).
   */
  events(token: string | undefined): (c: Context) => Promise<WSEvents>;
  /** Stops the coalescing timers (server shutdown; the values are stored already). */
  close(): void;
}

/**
 * The cloud variable sockets of this process, sharing their counts, allowances and coalesced fan-out. `live` is
 * the set of sockets websocket.ts closes when their session ends.
 */
export function cloudDataServer(deps: AppDeps, live: Set<LiveCloudSocket>): CloudDataServer {
  const log = (what: string, err: unknown) => deps.config.logLevel !== 'silent' && console.error(`[cloud] ${what}:`, err);
  const { db, hub } = deps;
  const limits = { ...CLOUD_LIMITS, ...deps.config.cloudLimits };
  const slots = new CloudSlots(limits);
  // The socket caps across processes (Redis with REDIS_URL); `slots` keeps this process's counts and allowances.
  const shared = limitsOf(deps).concurrent('cloud');
  const sharedKeys = ({ userId, workId }: CloudKeys): [string, number][] => [
    [`uw:${userId}:${workId}`, limits.socketsPerUserWork],
    [`u:${userId}`, limits.socketsPerUser],
    [`w:${workId}`, limits.socketsPerWork],
  ];
  const coalescer = new CloudCoalescer(limits.flushMs, (u) => void hub.publishCloud(u).catch((err) => log('publishing a change failed', err)));

  const events = (token: string | undefined) => async (): Promise<WSEvents> => {
    let sessionToken = token?.startsWith('bearer!') ? token.slice('bearer!'.length) : token;
    let user: SessionUser | null = null;
    try {
      user = sessionToken ? await resolveSession(db, sessionToken) : null;
    } catch (err) {
      log('session lookup failed', err);
    }
    const connId = newId();
    let workId: string | null = null;
    let role: CloudRole | null = null;
    let unsubscribe: (() => void) | null = null;
    let entry: LiveCloudSocket | null = null;
    /** Set while this socket is counted in `slots` (from an accepted handshake until it closes). */
    let keys: CloudKeys | null = null;
    let closed = false;
    let checkedAt = Date.now();
    let handshakeTimer: ReturnType<typeof setTimeout> | undefined;
    let dropWindow = 0;
    let drops = 0;
    // Messages are handled one after the other, in the order they came.
    let queue: Promise<void> = Promise.resolve();

    const stop = () => {
      closed = true;
      clearTimeout(handshakeTimer);
      unsubscribe?.();
      unsubscribe = null;
      if (entry) live.delete(entry);
      entry = null;
      if (keys) {
        slots.close(keys);
        void shared.close(sharedKeys(keys), connId);
      }
      keys = null;
    };
    const close = (ws: WSContext, code: number, reason: string) => {
      stop();
      ws.close(code, reason);
    };
    /** Sends text (one or more lines); drops the socket instead when too much waits for it already. */
    const sendText = (ws: WSContext, text: string) => {
      if (ws.readyState !== 1) return;
      const raw = ws.raw as { bufferedAmount?: number; terminate?: () => void } | undefined;
      if ((raw?.bufferedAmount ?? 0) > limits.maxBufferedBytes) {
        stop();
        // No close handshake: a client that does not read would not read that either.
        return raw?.terminate ? raw.terminate() : ws.close(CLOUD_TOO_FAST, 'not reading');
      }
      ws.send(text);
    };
    const send = (ws: WSContext, m: unknown) => sendText(ws, line(m));
    const ack = (ws: WSContext, name: unknown, ok: boolean, message?: string) =>
      send(ws, { method: 'ack', name: typeof name === 'string' ? name : '', reply: ok ? 'OK' : 'FAIL', ...(message ? { message } : {}) });
    const broadcast = (name: string, value: string) => coalescer.change(workId!, { name, value, origin: connId });

    /** False when the message must be dropped (an allowance is spent); closes the socket when a client floods. */
    const admit = (ws: WSContext, k: CloudKeys): boolean => {
      if (slots.take(k)) return true;
      const t = Date.now();
      if (t - dropWindow > 1000) {
        dropWindow = t;
        drops = 0;
      }
      if (++drops > limits.dropsBeforeClose) close(ws, CLOUD_TOO_FAST, 'too many messages');
      return false;
    };

    const handshake = async (ws: WSContext, m: Record<string, unknown>) => {
      if (!user && typeof m.token === 'string' && m.token) {
        sessionToken = m.token;
        user = await resolveSession(db, m.token).catch(() => null);
      }
      if (!user) return close(ws, CLOUD_UNAUTHENTICATED, 'unauthenticated');
      const project = typeof m.project_id === 'number' ? String(m.project_id) : m.project_id;
      if (workId) {
        if (project !== workId) close(ws, CLOUD_BAD_MESSAGE, 'one project per connection');
        return;
      }
      if (typeof project !== 'string' || !PROJECT_RE.test(project)) return close(ws, CLOUD_NOT_FOUND, 'no such project');
      const access = await cloudAccess(db, user, project);
      if (closed) return;
      if ('refused' in access) return close(ws, access.refused === 'forbidden' ? CLOUD_FORBIDDEN : CLOUD_NOT_FOUND, access.refused === 'forbidden' ? 'forbidden' : 'no such project');
      const k = { userId: user.id, workId: project };
      if (!slots.open(k)) return close(ws, CLOUD_TOO_FAST, 'too many connections');
      keys = k;
      if (!(await shared.open(sharedKeys(k), connId))) return close(ws, CLOUD_TOO_FAST, 'too many connections');
      // Closed while Redis answered: stop() ran before the slots were taken.
      if (closed) return void shared.close(sharedKeys(k), connId);
      clearTimeout(handshakeTimer);
      workId = project;
      role = access.role;
      // One frame per coalesced update, without the changes this socket made itself.
      unsubscribe = hub.subscribeCloud(workId, (u) => {
        const text = u.changes
          .filter((c) => c.origin !== connId)
          .map((c) => line({ method: 'set', name: c.name, value: c.value }))
          .join('');
        if (text) sendText(ws, text);
      });
      entry = { userId: user.id, sessionId: user.sessionId, end: () => close(ws, CLOUD_UNAUTHENTICATED, 'session ended') };
      live.add(entry);
      const vars = await cloudVariables(db, workId);
      if (vars.length) sendText(ws, vars.map((v) => line({ method: 'set', name: v.name, value: v.value })).join(''));
    };

    const handle = async (ws: WSContext, m: Record<string, unknown>) => {
      if (m.method === 'handshake') return handshake(ws, m);
      if (!workId || !user || !role || !keys) return close(ws, CLOUD_BAD_MESSAGE, 'handshake first');
      const project = typeof m.project_id === 'number' ? String(m.project_id) : m.project_id;
      if (project !== undefined && project !== workId) return close(ws, CLOUD_BAD_MESSAGE, 'one project per connection');
      if (!admit(ws, keys)) return;
      if (Date.now() - checkedAt > RECHECK_MS && sessionToken) {
        checkedAt = Date.now();
        if (!(await resolveSession(db, sessionToken).catch(() => user))) return close(ws, CLOUD_UNAUTHENTICATED, 'session ended');
      }
      const { name } = m;
      switch (m.method) {
        case 'set': {
          if (!isCloudName(name)) return ack(ws, name, false, BAD_NAME);
          const value = cloudValue(m.value);
          if (value === null) return ack(ws, name, false, NOT_NUMBER);
          const r = await setCloudVariable(db, workId, name, value, user.id, role);
          if (r === 'ok') return void broadcast(name, value);
          return ack(ws, name, false, r === 'full' ? `每个作品最多${MAX_CLOUD_VARIABLES}个云变量` : '云变量不存在（只有作品的作者可以创建云变量）');
        }
        case 'create': {
          if (role !== 'author') return ack(ws, name, false, AUTHOR_ONLY);
          if (!isCloudName(name)) return ack(ws, name, false, BAD_NAME);
          const value = m.value === undefined ? '0' : cloudValue(m.value);
          if (value === null) return ack(ws, name, false, NOT_NUMBER);
          const r = await createCloudVariable(db, workId, name, value, user.id);
          if (r === 'full') return ack(ws, name, false, `每个作品最多${MAX_CLOUD_VARIABLES}个云变量`);
          ack(ws, name, true);
          return void broadcast(name, value);
        }
        case 'delete': {
          if (role !== 'author') return ack(ws, name, false, AUTHOR_ONLY);
          if (!isCloudName(name)) return ack(ws, name, false, BAD_NAME);
          return ack(ws, name, await deleteCloudVariable(db, workId, name), undefined);
        }
        case 'rename': {
          if (role !== 'author') return ack(ws, name, false, AUTHOR_ONLY);
          if (!isCloudName(name) || !isCloudName(m.new_name)) return ack(ws, name, false, BAD_NAME);
          const r = await renameCloudVariable(db, workId, name, m.new_name, user.id);
          return ack(ws, name, r === 'ok', r === 'exists' ? '已有同名的云变量' : r === 'unknown' ? '云变量不存在' : undefined);
        }
        default:
          return close(ws, CLOUD_BAD_MESSAGE, 'unknown method');
      }
    };

    return {
      onOpen(_evt: Event, ws: WSContext) {
        // Without a session now, the handshake may still bring a token; without a handshake, nothing happens.
        handshakeTimer = setTimeout(() => !workId && close(ws, user ? CLOUD_HANDSHAKE_TIMEOUT : CLOUD_UNAUTHENTICATED, 'no handshake'), HANDSHAKE_MS);
        handshakeTimer.unref?.();
      },
      onMessage(evt: MessageEvent, ws: WSContext) {
        if (closed) return;
        if (typeof evt.data !== 'string') return close(ws, CLOUD_BAD_MESSAGE, 'text messages only');
        const lines = evt.data.split('\n').filter((l) => l.trim() !== '');
        if (lines.length > MAX_LINES) return close(ws, CLOUD_BAD_MESSAGE, 'too many messages in one frame');
        const messages: Record<string, unknown>[] = [];
        for (const line of lines) {
          let m: unknown;
          try {
            m = JSON.parse(line);
          } catch {
            return close(ws, CLOUD_BAD_MESSAGE, 'not JSON');
          }
          if (!m || typeof m !== 'object' || Array.isArray(m)) return close(ws, CLOUD_BAD_MESSAGE, 'not a message');
          messages.push(m as Record<string, unknown>);
        }
        queue = queue.then(async () => {
          for (const m of messages) {
            if (closed) return;
            try {
              await handle(ws, m);
            } catch (err) {
              log('handling a message failed', err);
              if (typeof m.name === 'string') ack(ws, m.name, false, '服务器内部错误');
            }
          }
        });
      },
      onClose: stop,
      onError: stop,
    };
  };

  return { events, close: () => coalescer.close() };
}
