// Private work tags (teaching-open kept them in Redis): each user has a catalogue of tag names and puts at most
// one of them on a work. Tags are the user's own; nobody else sees them.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from './ids.js';
import { now } from './time.js';

export const TAG_IN_USE = '标签正在使用中,是否确认删除？';
export const MAX_TAG_LENGTH = 32;

export async function tagNames(db: Kysely<Database>, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('teaching_work_tag_name').select('tag').where('user_id', '=', userId).orderBy('create_time').orderBy('tag').execute();
  return rows.map((r) => r.tag);
}

/** Puts `tag` on the work for the user (replacing their previous tag); a blank tag clears it. */
export async function setWorkTag(db: Kysely<Database>, userId: string, workId: string, tag: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('teaching_work_tag').where('user_id', '=', userId).where('work_id', '=', workId).execute();
    if (!tag) return;
    const at = now();
    await tx.insertInto('teaching_work_tag').values({ id: newId(), user_id: userId, work_id: workId, tag, create_time: at }).execute();
    await tx
      .insertInto('teaching_work_tag_name')
      .values({ id: newId(), user_id: userId, tag, create_time: at })
      .onConflict((oc) => oc.columns(['user_id', 'tag']).doNothing())
      .execute();
  });
}

/** Works the user tagged with `tag`. */
export async function taggedCount(db: Kysely<Database>, userId: string, tag: string): Promise<number> {
  const r = await db
    .selectFrom('teaching_work_tag')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('user_id', '=', userId)
    .where('tag', '=', tag)
    .executeTakeFirst();
  return Number(r?.n ?? 0);
}

/** Removes the tag from the user's catalogue and from their works. */
export async function deleteTag(db: Kysely<Database>, userId: string, tag: string): Promise<void> {
  await db.transaction().execute(async (tx) => {
    await tx.deleteFrom('teaching_work_tag').where('user_id', '=', userId).where('tag', '=', tag).execute();
    await tx.deleteFrom('teaching_work_tag_name').where('user_id', '=', userId).where('tag', '=', tag).execute();
  });
}
