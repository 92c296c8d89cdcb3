// The class day log (班级教学记录): each teaching event raises one counter of the class's row for today, the
// first time that event happens for that class and subject — a unit opened by its teacher, a homework
// assigned, a work submitted, a work graded. Callers name the event; this module is the only writer.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from './ids.js';
import { now } from './time.js';

/** Event kind → the counter it raises. */
const CLASS_EVENTS = {
  unitOpen: 'unit_open_count',
  courseWorkAssign: 'course_work_assign_count',
  additionalWorkAssign: 'additional_work_assign_count',
  courseWorkSubmit: 'course_work_submit_count',
  additionalWorkSubmit: 'additional_work_submit_count',
  courseWorkCorrect: 'course_work_correct_count',
  additionalWorkCorrect: 'additional_work_correct_count',
} as const;
export type ClassEvent = keyof typeof CLASS_EVENTS;

/**
 * Counts `kind` for `subjectId` (a unit, homework or work id) in class `departId`, once ever: a second call
 * for the same class, kind and subject changes nothing. Returns whether it counted. Safe under concurrency
 * (unique keys decide), and usable inside a caller's transaction.
 */
export async function recordClassEvent(
  db: Kysely<Database>,
  departId: string,
  kind: ClassEvent,
  subjectId: string,
  at: string = now(),
): Promise<boolean> {
  if (!departId || !subjectId) return false;
  const inserted = await db
    .insertInto('teaching_depart_day_event')
    .values({ id: newId(), depart_id: departId, kind, subject_id: subjectId, create_time: at })
    .onConflict((oc) => oc.columns(['depart_id', 'kind', 'subject_id']).doNothing())
    .executeTakeFirst();
  if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return false;

  const day = at.slice(0, 10);
  const counter = CLASS_EVENTS[kind];
  const depart = await db.selectFrom('sys_depart').select('depart_name').where('id', '=', departId).executeTakeFirst();
  await db
    .insertInto('teaching_depart_day_log')
    .values({ id: newId(), depart_id: departId, depart_name: depart?.depart_name ?? '', create_time: day, [counter]: 1 })
    .onConflict((oc) => oc.columns(['depart_id', 'create_time']).doUpdateSet((eb) => ({ [counter]: eb(`teaching_depart_day_log.${counter}`, '+', 1) })))
    .execute();
  return true;
}
