// Who may put people into a class or take them out (班级成员). Administrators may move anyone; everyone else only
// students whose highest role ranks below their own (a teacher manages the class's students, not its teachers).
// The API asks this before every change, and the member list carries each row's answer (`canRemove`), so the
// page offers 移出 exactly where the API would allow it.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { isSuperUser, maxRoleLevel, type SessionUser } from './sessions.js';

type Actor = Pick<SessionUser, 'roles'>;
interface Person {
  id: string;
  user_identity: number;
}

/** Each user's highest role level (0 without a role). */
async function roleLevels(db: Kysely<Database>, userIds: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!userIds.length) return out;
  const rows = await db.selectFrom('sys_user_role as ur').innerJoin('sys_role as r', 'r.id', 'ur.role_id').select(['ur.user_id', 'r.role_level']).where('ur.user_id', 'in', userIds).execute();
  for (const r of rows) out.set(r.user_id, Math.max(out.get(r.user_id) ?? 0, r.role_level));
  return out;
}

/** Policy: the ids of `people` the actor may add to or remove from a class. */
export async function movableMembers(db: Kysely<Database>, actor: Actor, people: Person[]): Promise<Set<string>> {
  if (isSuperUser(actor)) return new Set(people.map((p) => p.id));
  const levels = await roleLevels(
    db,
    people.map((p) => p.id),
  );
  const mine = maxRoleLevel(actor);
  return new Set(people.filter((p) => p.user_identity === 1 && (levels.get(p.id) ?? 0) < mine).map((p) => p.id));
}

/** Policy: whether the actor may move every one of `people`. */
export const movesAll = async (db: Kysely<Database>, actor: Actor, people: Person[]) => (await movableMembers(db, actor, people)).size === new Set(people.map((p) => p.id)).size;
