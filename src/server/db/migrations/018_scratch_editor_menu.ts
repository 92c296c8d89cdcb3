// The Scratch editor exists now: databases seeded before it get the back-office 创作 → Scratch3.0 entry back
// (un-hidden with the grants 007 kept, or inserted with the seed's grants), with its 创作 container, and the
// public site's menu gets 创作 → Scratch3 unless it already links the editor. The other editors of teaching-open's
// 创作 menu (ScratchJr, 图形化Python, Blockly) stay out until they are built.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { FRONT_SCRATCH_URL, frontMenuEntryRows } from '../seed/front-menu.js';
import { syncSeededEntries } from '../seed/menu-sync.js';

export const SCRATCH_SCREENS: readonly (readonly [string, string])[] = [['/scratch3/index.html?scene=create', 'layouts/IframePageView']];

export async function up(db: Kysely<any>): Promise<void> {
  await syncSeededEntries(db, SCRATCH_SCREENS);
  await addFrontMenuEditor(db);
}

/** The seed's 创作 group of the public menu, for a seeded site whose menu does not link the editor yet. */
async function addFrontMenuEditor(db: Kysely<Database>): Promise<void> {
  const seeded = await db.selectFrom('teaching_menu').select('id').limit(1).executeTakeFirst();
  if (!seeded) return; // an empty database gets the whole menu from the seed
  const linked = await db.selectFrom('teaching_menu').select('id').where('url', '=', FRONT_SCRATCH_URL).executeTakeFirst();
  if (linked) return;
  await db.insertInto('teaching_menu').values(frontMenuEntryRows(FRONT_SCRATCH_URL)).execute();
}

/** Nothing to undo safely: the rows may have been edited or granted further since. */
export async function down(): Promise<void> {}
