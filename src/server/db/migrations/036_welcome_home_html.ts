// 首页 (/index) showed a banner and one card: the seed now has a welcoming 首页文案 (`_homeHtml`) with links to 社区,
// 课程, 发现 and 登录. A site seeded before it gets the new text only where nobody wrote one: the value is empty (or
// the row is missing) or is still the two-line text the seed used to write. A school's own text is never replaced.
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { configRow, WELCOME_HOME_HTML } from '../seed/site-config.js';

/** What the seed wrote before this migration (kept here only to recognise an untouched value). */
export const PREVIOUS_HOME_HTML =
  '<h2>欢迎来到学堂</h2><p>在这里学习 Scratch 图形化编程，创作属于自己的动画和游戏，' + '把作品分享给老师和同学。</p>';

export async function up(db: Kysely<any>): Promise<void> {
  await seedWelcomeHomeHtml(db);
}

/** Idempotent: a second run finds the new text and leaves it. */
export async function seedWelcomeHomeHtml(db: Kysely<Database>): Promise<void> {
  const seeded = await db.selectFrom('sys_config').select('id').limit(1).executeTakeFirst();
  if (!seeded) return; // an empty database gets the text from the seed
  const rows = await db.selectFrom('sys_config').select(['id', 'config_value']).where('config_key', '=', '_homeHtml').execute();
  if (!rows.length) {
    await db.insertInto('sys_config').values(configRow({ key: '_homeHtml', comment: '前台首页文案', value: WELCOME_HOME_HTML })).execute();
    return;
  }
  const untouched = rows.filter((r) => !(r.config_value ?? '').trim() || r.config_value === PREVIOUS_HOME_HTML).map((r) => r.id);
  if (untouched.length) await db.updateTable('sys_config').set({ config_value: WELCOME_HOME_HTML }).where('id', 'in', untouched).execute();
}

/** Nothing to undo safely: the text may have been edited since. */
export async function down(): Promise<void> {}
