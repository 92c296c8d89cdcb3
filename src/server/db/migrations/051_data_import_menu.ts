// 数据迁移 (/system/dataImport) exists now: databases seeded before get 系统管理 → 数据迁移 with its button
// 查看数据迁移报告 (importRun:view), the admin's only, as a fresh seed has it. Its table came with migration 045.
import type { Kysely } from 'kysely';
import { syncSeededEntries } from '../seed/menu-sync.js';

export const DATA_IMPORT_SCREENS: readonly (readonly [string, string])[] = [['/system/dataImport', 'system/DataImportList']];

export async function up(db: Kysely<any>): Promise<void> {
  await syncSeededEntries(db, DATA_IMPORT_SCREENS);
}

/** Nothing to undo safely: the row may have been edited or granted further since. */
export async function down(): Promise<void> {}
