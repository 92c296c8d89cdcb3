// SMS verification codes: 6 random digits, stored as salt$sha256(salt:code) (sys_sms_code), valid 5 minutes,
// single use, and dead after MAX_TRIES wrong answers (a million codes, a handful of guesses). One open code per
// phone and purpose: a new one replaces the old, so only the latest message works.
import { createHash, randomBytes, randomInt, timingSafeEqual } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from './ids.js';

/** What a code is for; the column (sys_sms_code.purpose) is varchar(16). */
export type SmsPurpose = 'register' | 'forgot' | 'login';

const SMS_CODE_TTL_MS = 5 * 60 * 1000;
const MAX_TRIES = 5;
export const SMS_CODE_PATTERN = /^\d{6}$/;

const digest = (salt: string, code: string) => createHash('sha256').update(`${salt}:${code}`).digest('hex');

/** A new code for `phone` and `purpose` (the earlier one, and every expired code, is deleted). */
export async function issueSmsCode(db: Kysely<Database>, phone: string, purpose: SmsPurpose, ip?: string | null): Promise<string> {
  const code = String(randomInt(0, 1_000_000)).padStart(6, '0');
  const salt = randomBytes(16).toString('hex');
  const t = Date.now();
  await db.transaction().execute(async (tx) => {
    await tx
      .deleteFrom('sys_sms_code')
      .where((eb) => eb.or([eb.and([eb('phone', '=', phone), eb('purpose', '=', purpose)]), eb('expires_at', '<=', t)]))
      .execute();
    await tx
      .insertInto('sys_sms_code')
      .values({ id: newId(), phone, purpose, code_hash: `${salt}$${digest(salt, code)}`, created_at: t, expires_at: t + SMS_CODE_TTL_MS, ip: ip?.slice(0, 64) ?? null })
      .execute();
  });
  return code;
}

/**
 * Checks `code` for `phone` and `purpose` without using it up: the id of the open code when it is right, else
 * null. Every check takes one of the code's tries first (one statement, so parallel guesses cannot share a try).
 */
export async function checkSmsCode(db: Kysely<Database>, phone: string, purpose: SmsPurpose, code: unknown): Promise<string | null> {
  if (typeof code !== 'string' || !SMS_CODE_PATTERN.test(code)) return null;
  const rows = await db
    .updateTable('sys_sms_code')
    .set((eb) => ({ attempts: eb('attempts', '+', 1) }))
    .where('phone', '=', phone)
    .where('purpose', '=', purpose)
    .where('attempts', '<', MAX_TRIES)
    .where('expires_at', '>', Date.now())
    .returning(['id', 'code_hash'])
    .execute();
  const row = rows[0];
  if (!row) return null;
  const [salt, hash] = row.code_hash.split('$');
  const given = Buffer.from(digest(salt, code), 'hex');
  const stored = Buffer.from(hash ?? '', 'hex');
  return stored.length === given.length && timingSafeEqual(stored, given) ? row.id : null;
}

/** Uses the code up; false when another request used it first (or it expired meanwhile). */
export async function consumeSmsCode(db: Kysely<Database>, id: string): Promise<boolean> {
  const rows = await db.deleteFrom('sys_sms_code').where('id', '=', id).where('expires_at', '>', Date.now()).returning('id').execute();
  return rows.length === 1;
}

/** Checks and uses up in one: true when `code` was right and this request got it. */
export async function useSmsCode(db: Kysely<Database>, phone: string, purpose: SmsPurpose, code: unknown): Promise<boolean> {
  const id = await checkSmsCode(db, phone, purpose, code);
  return id !== null && (await consumeSmsCode(db, id));
}
