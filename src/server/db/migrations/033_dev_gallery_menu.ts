// 开发示例 exists now (the gallery of pages/demo/): databases seeded while it was planned get its 表单页, 列表页
// and 异常页 entries with the seed's grants, which are the admin's only. 仪表盘 and 用户页 are not named here.
import type { Kysely } from 'kysely';
import { syncSeededEntries } from '../seed/menu-sync.js';

export const GALLERY_SCREENS: readonly (readonly [string, string])[] = [
  ['/form/base-form', 'form/BasicForm'],
  ['/form/step-form', 'form/stepForm/StepForm'],
  ['/form/advanced-form', 'form/advancedForm/AdvancedForm'],
  ['/list/query-list', 'list/TableList'],
  ['/list/basic-list', 'list/StandardList'],
  ['/list/card', 'list/CardList'],
  ['/list/search', 'list/search/SearchLayout'],
  ['/exception/403', 'exception/403'],
  ['/exception/404', 'exception/404'],
  ['/exception/500', 'exception/500'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await syncSeededEntries(db, GALLERY_SCREENS);
}

/** Nothing to undo safely: the rows may have been edited or granted further since. */
export async function down(): Promise<void> {}
