// Password recovery by e-mail (and the ticket of a verified phone, api/sys/sms.ts): a 256-bit random token, only its sha256 stored (sys_password_reset), valid 30
// minutes, and once: using it deletes it and every other open token of the account. A new request replaces
// the account's earlier tokens, so only the newest mail works.
import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from './ids.js';

const RESET_TTL_MS = 30 * 60 * 1000;

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');
/** base64url of 32 bytes. */
const TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;

/** `ttlMs`: 30 minutes for an e-mailed link; less for the ticket of a phone verification (api/sys/sms.ts). */
export async function createResetToken(db: Kysely<Database>, userId: string, ip?: string | null, ttlMs = RESET_TTL_MS): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  const t = Date.now();
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('sys_password_reset').where((eb) => eb.or([eb('user_id', '=', userId), eb('expires_at', '<=', t)])).execute();
    await tx
      .insertInto('sys_password_reset')
      .values({ id: newId(), token_hash: hashToken(token), user_id: userId, created_at: t, expires_at: t + ttlMs, ip: ip?.slice(0, 64) ?? null })
      .execute();
  });
  return token;
}

/** The account a valid, unexpired token belongs to (the token stays usable), or null. */
export async function resetTokenUser(db: Kysely<Database>, token: unknown): Promise<string | null> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
  const row = await db.selectFrom('sys_password_reset').select(['user_id', 'expires_at']).where('token_hash', '=', hashToken(token)).executeTakeFirst();
  return row && Number(row.expires_at) > Date.now() ? row.user_id : null;
}

/**
 * Uses the token: deletes it (one statement, so of two simultaneous uses only one gets the row) and the
 * account's other tokens. Returns the account, or null when the token is unknown, used or expired.
 */
export async function consumeResetToken(db: Kysely<Database>, token: unknown): Promise<string | null> {
  if (typeof token !== 'string' || !TOKEN_PATTERN.test(token)) return null;
  const rows = await db.deleteFrom('sys_password_reset').where('token_hash', '=', hashToken(token)).returning(['user_id', 'expires_at']).execute();
  const row = rows[0];
  if (!row || Number(row.expires_at) <= Date.now()) return null;
  await db.deleteFrom('sys_password_reset').where('user_id', '=', row.user_id).execute();
  return row.user_id;
}
