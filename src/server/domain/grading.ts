// 批改: who may grade a work, and the grading itself as one transaction. The API (api/teaching/work-desk.ts) parses
// the request, asks these and answers; the rule and the writes live here.
import type { Kysely } from 'kysely';
import type { Database, TeachingWork } from '../db/schema.js';
import { recordDataLog } from './data-log.js';
import { recordClassEvent } from './day-log.js';
import { newId } from './ids.js';
import type { SessionUser } from './sessions.js';
import { now } from './time.js';
import { managesAuthor } from './works.js';

type Actor = Pick<SessionUser, 'id' | 'username' | 'roles'>;

/**
 * Policy: the actor may grade the work when its author is in their scope (admins: every author). The permission
 * code work:correct is the route's own check; this is the per-record one.
 */
const canGrade = (db: Kysely<Database>, actor: Actor, work: Pick<TeachingWork, 'user_id'>) => managesAuthor(db, actor, work.user_id);

/** What one 批改 changes: the work's name and status when given, and its one grade (null removes it; undefined leaves it). */
export interface GradeChange {
  workName?: string | null;
  workStatus?: number;
  grade?: { score: number; comment?: string | null } | null;
}

export type GradeOutcome = { ok: true } | { ok: false; reason: 'not-found' | 'not-yours' };

/**
 * Grades a work in one transaction: its name and status, its one grade row (inserted, replaced or removed), and
 * the class record's event for a course or homework work; then the data log keeps the work as it was.
 */
export async function gradeWork(db: Kysely<Database>, actor: Actor, workId: string, change: GradeChange): Promise<GradeOutcome> {
  const work = await db.selectFrom('teaching_work').selectAll().where('id', '=', workId).executeTakeFirst();
  if (!work) return { ok: false, reason: 'not-found' };
  if (!(await canGrade(db, actor, work))) return { ok: false, reason: 'not-yours' };
  const at = now();
  await db.transaction().execute(async (tx) => {
    const set = { ...(change.workName !== undefined && change.workName !== null ? { work_name: change.workName } : {}), ...(change.workStatus !== undefined ? { work_status: change.workStatus } : {}) };
    if (Object.keys(set).length) await tx.updateTable('teaching_work').set({ ...set, update_by: actor.username, update_time: at }).where('id', '=', workId).execute();
    const grade = change.grade;
    if (grade === undefined) return;
    if (!grade) {
      await tx.deleteFrom('teaching_work_correct').where('work_id', '=', workId).execute();
      return;
    }
    const comment = grade.comment ?? null;
    const existing = await tx.selectFrom('teaching_work_correct').select('id').where('work_id', '=', workId).executeTakeFirst();
    if (existing) {
      await tx.updateTable('teaching_work_correct').set({ score: grade.score, comment, update_by: actor.username, update_time: at }).where('id', '=', existing.id).execute();
    } else {
      await tx
        .insertInto('teaching_work_correct')
        .values({ id: newId(), work_id: workId, score: grade.score, comment, create_by: actor.username, create_time: at })
        .onConflict((oc) => oc.column('work_id').doUpdateSet({ score: grade.score, comment, update_by: actor.username, update_time: at }))
        .execute();
    }
    const scene = work.work_scene;
    if (work.depart_id && (scene === 'course' || scene === 'additional')) {
      await recordClassEvent(tx, work.depart_id, scene === 'course' ? 'courseWorkCorrect' : 'additionalWorkCorrect', workId, at);
    }
  });
  await recordDataLog(db, 'teaching_work', workId, work, actor.username);
  return { ok: true };
}
