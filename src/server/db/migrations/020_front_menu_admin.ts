// 前台菜单管理 (/teaching/menu) exists now: databases seeded before it get its back-office entry and its
// menu:add / menu:edit / menu:del buttons with the seed's grants (admin), or get back the entry migration 007
// hid, with the grants it kept. The list is a snapshot of what this migration brings; it never changes.
import type { Kysely } from 'kysely';
import { syncSeededEntries } from '../seed/menu-sync.js';

export const FRONT_MENU_SCREENS: readonly (readonly [string, string])[] = [['/teaching/menu', 'teaching/TeachingMenuList']];

export async function up(db: Kysely<any>): Promise<void> {
  await syncSeededEntries(db, FRONT_MENU_SCREENS);
}

/** Nothing to undo safely: the rows may have been edited or granted further since. */
export async function down(): Promise<void> {}
