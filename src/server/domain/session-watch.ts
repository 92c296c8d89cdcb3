// What long-lived connections (the notice websocket) need in order not to outlive a session: every place that
// ends sessions announces it here (logout, password change, freezing, deleting a user, an expired session
// found), and a connection can ask until when its session lives. The realtime layer subscribes and carries
// the announcement to every process (REDIS_URL), where the sockets of those sessions close.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

/** Sessions that ended: these ids, and/or every session of these users except one (the caller's own). */
export interface SessionsEnded {
  sessionIds?: string[];
  userIds?: string[];
  exceptSessionId?: string;
}

type Listener = (db: Kysely<Database>, ended: SessionsEnded) => void;
const listeners = new Set<Listener>();

/** Announces ended sessions to this process's listeners; call after the change is committed. */
export function announceSessionsEnded(db: Kysely<Database>, ended: SessionsEnded): void {
  for (const listener of listeners) {
    try {
      listener(db, ended);
    } catch {
      /* a failing listener must not fail the logout or the freeze that ended the sessions */
    }
  }
}

/** Subscribes to ended sessions (of any database: compare `db`); returns the unsubscribe function. */
export function onSessionsEnded(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Whether `ended` covers this session of this user. */
export function endsSession(ended: SessionsEnded, userId: string, sessionId: string): boolean {
  if (ended.sessionIds?.includes(sessionId)) return true;
  return !!ended.userIds?.includes(userId) && ended.exceptSessionId !== sessionId;
}

/** When a live session expires (ms epoch), or null when it is gone, expired, or its account frozen or deleted. */
export async function sessionExpiry(db: Kysely<Database>, sessionId: string): Promise<number | null> {
  const row = await db
    .selectFrom('sys_session as s')
    .innerJoin('sys_user as u', 'u.id', 's.user_id')
    .select(['s.expires_at', 'u.status', 'u.del_flag'])
    .where('s.id', '=', sessionId)
    .executeTakeFirst();
  if (!row || row.status !== 1 || row.del_flag !== 0 || row.expires_at <= Date.now()) return null;
  return Number(row.expires_at);
}
