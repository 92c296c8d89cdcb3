// The screens of 在线报表 and 多数据源管理 exist now: databases seeded before get 在线开发 → 在线报表配置,
// 系统管理 → 多数据源管理 and the sample report 各班作品统计 (统计报表) with its menu entry, all the admin's only.
import type { Kysely } from 'kysely';
import { REPORT_COMPONENT, SAMPLE_REPORT_URL } from '../seed/menus.js';
import { syncSeededEntries } from '../seed/menu-sync.js';
import { addSampleReport } from '../seed/reports.js';

export const REPORT_SCREENS: readonly (readonly [string, string])[] = [
  ['/online/cgreport', 'modules/online/cgreport/OnlCgreportHeadList'],
  ['/isystem/dataSource', 'system/SysDataSourceList'],
  [SAMPLE_REPORT_URL, REPORT_COMPONENT],
];

export async function up(db: Kysely<any>): Promise<void> {
  // Only a seeded database (it has users) gets the report; an empty one gets everything from the seed.
  if (!(await db.selectFrom('sys_user').select('id').limit(1).executeTakeFirst())) return;
  await addSampleReport(db);
  await syncSeededEntries(db, REPORT_SCREENS);
}

/** Nothing to undo safely: the rows may have been edited or granted further since. */
export async function down(): Promise<void> {}
