// 作业管理 has 导入 now (POST /teaching/teachingWork/importExcel, work:import): databases seeded before get the
// button 导入作业 with the seed's grants (admin, teacher), as a fresh seed has it.
import type { Kysely } from 'kysely';
import { syncSeededEntries } from '../seed/menu-sync.js';

export async function up(db: Kysely<any>): Promise<void> {
  await syncSeededEntries(db, [['/teaching/workList', 'teaching/TeachingWorkList']]);
}

/** Nothing to undo safely: the button may have been granted further since. */
export async function down(): Promise<void> {}
