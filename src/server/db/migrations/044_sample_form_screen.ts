// An online form's generated list screen exists now (/online/cgformList/{code}): databases seeded before get the
// sample form's entry 在线开发 → 比赛报名 (the admin's only), as a fresh seed has it. Migration 040 ran while the entry
// was planned and added no menu row; its definition and table came then.
import type { Kysely } from 'kysely';
import { syncSeededEntries } from '../seed/menu-sync.js';
import { SAMPLE_FORM_SCREENS } from './040_sample_form.js';

export async function up(db: Kysely<any>): Promise<void> {
  await syncSeededEntries(db, SAMPLE_FORM_SCREENS);
}

/** Nothing to undo safely: the row may have been edited or granted further since. */
export async function down(): Promise<void> {}
