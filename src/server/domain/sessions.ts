// Opaque session tokens: 256 random bits handed to the client, only their sha256 stored.
// Lifetime 7 days, sliding (extended at most once an hour of use), but never beyond 30 days from the login:
// a stolen token does not live forever by being used. Revoked on logout, password change, freezing and an
// administrator's 强制退出. Last activity (在线用户) is written at most once a minute per session.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from './ids.js';
import { announceSessionsEnded } from './session-watch.js';

const SESSION_TTL_MS = 7 * 24 * 60 * 60 * 1000;
/** Absolute lifetime from creation, whatever the use: then the user logs in again. */
export const SESSION_MAX_LIFETIME_MS = 30 * 24 * 60 * 60 * 1000;
const SLIDE_AFTER_MS = 60 * 60 * 1000;
/** last_seen_at is rewritten at most this often (在线用户's 最后活动), so a busy session costs one write a minute. */
const ACTIVITY_EVERY_MS = 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

export interface Role {
  id: string;
  code: string;
  name: string;
  level: number;
}

export interface SessionUser {
  id: string;
  username: string;
  realname: string;
  avatar: string | null;
  orgCode: string | null;
  userIdentity: number;
  roles: Role[];
  sessionId: string;
  /** The password was set by someone else: only changing it (or logging out) is allowed until then. */
  needChangePassword: boolean;
}

export async function createSession(
  db: Kysely<Database>,
  userId: string,
  meta: { ip?: string | null; userAgent?: string | null } = {},
): Promise<{ token: string; sessionId: string; expiresAt: number }> {
  const token = randomBytes(32).toString('base64url');
  const t = Date.now();
  const sessionId = newId();
  await db
    .insertInto('sys_session')
    .values({
      id: sessionId,
      token_hash: hashToken(token),
      user_id: userId,
      created_at: t,
      expires_at: t + SESSION_TTL_MS,
      last_seen_at: t,
      ip: meta.ip?.slice(0, 64) ?? null,
      user_agent: meta.userAgent?.slice(0, 255) ?? null,
    })
    .execute();
  return { token, sessionId, expiresAt: t + SESSION_TTL_MS };
}

export async function loadRoles(db: Kysely<Database>, userId: string): Promise<Role[]> {
  const rows = await db
    .selectFrom('sys_user_role as ur')
    .innerJoin('sys_role as r', 'r.id', 'ur.role_id')
    .select(['r.id', 'r.role_code', 'r.role_name', 'r.role_level'])
    .where('ur.user_id', '=', userId)
    .orderBy('r.role_level', 'desc')
    .execute();
  return rows.map((r) => ({ id: r.id, code: r.role_code, name: r.role_name, level: r.role_level }));
}

/** The user behind a token, or null when the token is unknown, expired, or the account is frozen or deleted. */
export async function resolveSession(db: Kysely<Database>, token: string): Promise<SessionUser | null> {
  if (!token || token.length > 200) return null;
  const row = await db
    .selectFrom('sys_session as s')
    .innerJoin('sys_user as u', 'u.id', 's.user_id')
    .select([
      's.id as session_id',
      's.created_at',
      's.expires_at',
      's.last_seen_at',
      'u.id',
      'u.username',
      'u.realname',
      'u.avatar',
      'u.org_code',
      'u.user_identity',
      'u.status',
      'u.del_flag',
      'u.need_change_password',
    ])
    .where('s.token_hash', '=', hashToken(token))
    .executeTakeFirst();
  if (!row) return null;
  const t = Date.now();
  const ends = Number(row.created_at) + SESSION_MAX_LIFETIME_MS;
  if (row.expires_at <= t || ends <= t || row.status !== 1 || row.del_flag !== 0) {
    await db.deleteFrom('sys_session').where('id', '=', row.session_id).execute();
    announceSessionsEnded(db, { sessionIds: [row.session_id] });
    return null;
  }
  if (t - row.last_seen_at > ACTIVITY_EVERY_MS) {
    // The expiry slides when that gains more than an hour, and never lies beyond the 30-day end.
    const slid = Math.min(t + SESSION_TTL_MS, ends);
    const expiresAt = Number(row.expires_at);
    await db
      .updateTable('sys_session')
      .set(slid - expiresAt > SLIDE_AFTER_MS || expiresAt > ends ? { last_seen_at: t, expires_at: slid } : { last_seen_at: t })
      .where('id', '=', row.session_id)
      .execute();
  }
  return {
    id: row.id,
    username: row.username,
    realname: row.realname,
    avatar: row.avatar,
    orgCode: row.org_code,
    userIdentity: row.user_identity,
    roles: await loadRoles(db, row.id),
    sessionId: row.session_id,
    needChangePassword: row.need_change_password === 1,
  };
}

export async function revokeSession(db: Kysely<Database>, sessionId: string): Promise<void> {
  await db.deleteFrom('sys_session').where('id', '=', sessionId).execute();
  announceSessionsEnded(db, { sessionIds: [sessionId] });
}

/** Ends every session of a user, optionally keeping one (the caller's own after a password change). */
export async function revokeUserSessions(db: Kysely<Database>, userId: string, keepSessionId?: string): Promise<void> {
  let q = db.deleteFrom('sys_session').where('user_id', '=', userId);
  if (keepSessionId) q = q.where('id', '!=', keepSessionId);
  await q.execute();
  announceSessionsEnded(db, { userIds: [userId], exceptSessionId: keepSessionId });
}

export const isSuperUser = (u: Pick<SessionUser, 'roles'>) => u.roles.some((r) => r.code === 'admin' || r.code === 'dev');
export const maxRoleLevel = (u: Pick<SessionUser, 'roles'>) => u.roles.reduce((m, r) => Math.max(m, r.level), 0);
/**
 * Whether `u` may hand out a role of this level, or act on a user whose highest role has it: admins any level,
 * everyone else only levels strictly below their own (a teacher cannot make someone a teacher, or manage one).
 */
export const outranks = (u: Pick<SessionUser, 'roles'>, level: number) => isSuperUser(u) || level < maxRoleLevel(u);
