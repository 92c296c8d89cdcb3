// A user editing their own profile (the anchor let any caller edit any user; here it is always oneself):
// realname, sex, birthday, email, phone, avatar. Email and phone stay unique among users.
import type { Kysely } from 'kysely';
import { isUniqueViolation } from '../db/errors.js';
import type { Database, SysUserUpdate } from '../db/schema.js';
import { now } from './time.js';

export interface ProfileChange {
  realname?: string;
  sex?: number | null;
  birthday?: string | null;
  email?: string | null;
  phone?: string | null;
  avatar?: string | null;
}

export type ProfileField = keyof ProfileChange;
export type ProfileResult = { ok: true } | { ok: false; errors: Partial<Record<ProfileField, string>> };

const EMAIL_TAKEN = '该邮箱已被其他用户使用';
const PHONE_TAKEN = '该手机号已被其他用户使用';

export async function updateOwnProfile(db: Kysely<Database>, userId: string, by: string, change: ProfileChange): Promise<ProfileResult> {
  const errors: Partial<Record<ProfileField, string>> = {};
  const takenBy = async (column: 'email' | 'phone', value: string) =>
    !!(await db.selectFrom('sys_user').select('id').where(column, '=', value).where('id', '!=', userId).executeTakeFirst());
  if (change.email && (await takenBy('email', change.email))) errors.email = EMAIL_TAKEN;
  if (change.phone && (await takenBy('phone', change.phone))) errors.phone = PHONE_TAKEN;
  if (Object.keys(errors).length) return { ok: false, errors };

  const set: SysUserUpdate = { update_by: by, update_time: now() };
  for (const k of Object.keys(change) as ProfileField[]) {
    if (change[k] !== undefined) (set as Record<string, unknown>)[k] = change[k];
  }
  try {
    await db.updateTable('sys_user').set(set).where('id', '=', userId).execute();
  } catch (err) {
    // Another user took the address between the check and the update.
    if (!isUniqueViolation(err)) throw err;
    const msg = String((err as Error).message ?? '') + String((err as { constraint?: string }).constraint ?? '');
    return { ok: false, errors: /phone/i.test(msg) ? { phone: PHONE_TAKEN } : { email: EMAIL_TAKEN } };
  }
  return { ok: true };
}
