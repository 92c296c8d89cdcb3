// 发现 (/workList) exists now: a site seeded before it gets the public menu's 发现 entry, unless its menu already
// links the works list (an administrator may have added one under another name or type).
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { FRONT_DISCOVER_URL, frontMenuEntryRows } from '../seed/front-menu.js';

export async function up(db: Kysely<any>): Promise<void> {
  await addFrontMenuDiscover(db);
}

/** The seed's 发现 entry of the public menu, for a seeded site whose menu does not link /workList yet (idempotent). */
export async function addFrontMenuDiscover(db: Kysely<Database>): Promise<void> {
  const seeded = await db.selectFrom('teaching_menu').select('id').limit(1).executeTakeFirst();
  if (!seeded) return; // an empty database gets the whole menu from the seed
  const linked = await db
    .selectFrom('teaching_menu')
    .select('id')
    .where('del_flag', '=', 0)
    .where((eb) => eb.or([eb('url', '=', '/workList'), eb('url', 'like', '/workList?%')]))
    .executeTakeFirst();
  if (linked) return;
  await db.insertInto('teaching_menu').values(frontMenuEntryRows(FRONT_DISCOVER_URL)).execute();
}

/** Nothing to undo safely: the row may have been edited since. */
export async function down(): Promise<void> {}
