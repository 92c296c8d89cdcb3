// The screens of 在线表单开发 exist now: databases seeded before get 在线开发 → 在线表单开发 (/online/cgform), the
// admin's only, as a fresh seed grants it. (Migration 040 is another change's; this one relies on nothing of it.)
import type { Kysely } from 'kysely';
import { syncSeededEntries } from '../seed/menu-sync.js';

export const FORM_SCREENS: readonly (readonly [string, string])[] = [['/online/cgform', 'modules/online/cgform/OnlCgformHeadList']];

export async function up(db: Kysely<any>): Promise<void> {
  await syncSeededEntries(db, FORM_SCREENS);
}

/** Nothing to undo safely: the row may have been edited or granted further since. */
export async function down(): Promise<void> {}
