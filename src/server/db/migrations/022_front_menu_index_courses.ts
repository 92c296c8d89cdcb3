// 首页 (/index) and 课程 (/courseList) exist now. A public menu seeded before them had 首页 → /home: that row
// becomes 社区 (teaching-open's name for the gallery, icon experiment) when it is still as the seed made it, and
// the menu gets the seed's 首页 → /index and 课程 → /courseList entries unless something links them already.
// An administrator's edits (a renamed or re-pointed row) are left alone.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { FRONT_COMMUNITY_URL, FRONT_COURSES_URL, FRONT_INDEX_URL, frontMenuEntryRows } from '../seed/front-menu.js';

export async function up(db: Kysely<any>): Promise<void> {
  await addFrontMenuIndexAndCourses(db);
}

/** Idempotent: run it as often as you like. */
export async function addFrontMenuIndexAndCourses(db: Kysely<Database>): Promise<void> {
  const seeded = await db.selectFrom('teaching_menu').select('id').limit(1).executeTakeFirst();
  if (!seeded) return; // an empty database gets the whole menu from the seed
  // The old seed's 首页 → /home, untouched (top level, its name and icon): renamed to 社区.
  await db
    .updateTable('teaching_menu')
    .set({ name: '社区', icon: 'experiment' })
    .where('url', '=', FRONT_COMMUNITY_URL)
    .where('name', '=', '首页')
    .where('icon', '=', 'home')
    .where('parent_id', '=', '')
    .execute();
  for (const url of [FRONT_INDEX_URL, FRONT_COURSES_URL]) {
    const linked = await db.selectFrom('teaching_menu').select('id').where('url', '=', url).executeTakeFirst();
    if (!linked) await db.insertInto('teaching_menu').values(frontMenuEntryRows(url)).execute();
  }
}

/** Nothing to undo safely: the rows may have been edited since. */
export async function down(): Promise<void> {}
