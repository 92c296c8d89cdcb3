// The code editors exist now (积木编程 /blockly/, 图形化Python /python/, issue 23): databases seeded while they were
// planned get the back-office 创作 → 图形化Python and Blockly entries (un-hidden with the grants 007 kept, or inserted
// with the seed's grants), and the public site's 创作 group gets Python and Blockly unless it already links them.
// ScratchJr stays out (no maintained web package).
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { FRONT_CODE_EDITOR_URLS, FRONT_SCRATCH_URL, frontMenuEntryRows } from '../seed/front-menu.js';
import { syncSeededEntries } from '../seed/menu-sync.js';

export const CODE_EDITOR_SCREENS: readonly (readonly [string, string])[] = [
  ['/python/index.html?scene=create', 'layouts/IframePageView'],
  ['/blockly/index.html?lang=zh-hans&scene=create', 'layouts/IframePageView'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await syncSeededEntries(db, CODE_EDITOR_SCREENS);
  await addFrontMenuEditors(db);
}

/** The seed's entries of the public 创作 group, under the site's own group (the one holding Scratch, else the seed's). */
async function addFrontMenuEditors(db: Kysely<Database>): Promise<void> {
  const seeded = await db.selectFrom('teaching_menu').select('id').limit(1).executeTakeFirst();
  if (!seeded) return; // an empty database gets the whole menu from the seed
  for (const url of FRONT_CODE_EDITOR_URLS) {
    const linked = await db.selectFrom('teaching_menu').select('id').where('url', '=', url).where('del_flag', '=', 0).executeTakeFirst();
    if (linked) continue;
    const [group, entry] = frontMenuEntryRows(url);
    const scratch = await db.selectFrom('teaching_menu').select('parent_id').where('url', '=', FRONT_SCRATCH_URL).where('del_flag', '=', 0).executeTakeFirst();
    const ownGroup = scratch?.parent_id
      ? scratch.parent_id
      : (await db.selectFrom('teaching_menu').select('id').where('name', '=', group.name).where('parent_id', '=', '').where('del_flag', '=', 0).executeTakeFirst())?.id;
    if (ownGroup) {
      await db.insertInto('teaching_menu').values({ ...entry, parent_id: ownGroup }).execute();
      await db.updateTable('teaching_menu').set({ is_leaf: 0 }).where('id', '=', ownGroup).execute();
    } else {
      await db.insertInto('teaching_menu').values([group, entry]).execute();
    }
  }
}

/** Nothing to undo safely: the rows may have been edited or granted further since. */
export async function down(): Promise<void> {}
