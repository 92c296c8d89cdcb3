// What the caller may do with each work of a list (作业管理, 我的作品): the per-record answers of the rules the API
// applies when the action is asked for (批改: domain/grading.ts; 删除: api/teaching/work-desk.ts). The lists send
// them as row abilities, so a page offers an action exactly where the API would allow it.
import type { Kysely } from 'kysely';
import type { Database, TeachingWork } from '../db/schema.js';
import type { SessionUser } from './sessions.js';
import { userScope } from './user-scope.js';
import { managedAuthors } from './works.js';

type Actor = Pick<SessionUser, 'id' | 'roles'>;

export interface WorkAbilities {
  /** The author is in the caller's scope (the route also asks for work:correct). */
  canGrade: boolean;
  /** The caller's own work, or (staff: admins and work:del holders) one of an author in their scope. */
  canDelete: boolean;
}

/**
 * Policy, for many works at once: each work's abilities for the actor. `staff` says whether the actor may delete
 * others' works at all (admins, or holders of work:del: a permission code, which the API resolves).
 */
export async function workAbilities(db: Kysely<Database>, actor: Actor, works: Pick<TeachingWork, 'id' | 'user_id'>[], staff: boolean): Promise<Map<string, WorkAbilities>> {
  if (!works.length) return new Map();
  // grading.ts's canGrade and the delete route's scope test, for every author of the page in one query.
  const managed = await managedAuthors(db, await userScope(db, actor), works.map((w) => w.user_id));
  return new Map(works.map((w) => [w.id, { canGrade: managed.has(w.user_id), canDelete: w.user_id === actor.id || (staff && managed.has(w.user_id)) }]));
}
