// 开放作品评论 is on in the seed now (it was '0', so a new school's students never saw a comment box while their
// home page showed 最新评论). Databases seeded before get it on too, but only where the '0' is still the old
// seed's: the value alone cannot tell a default from a choice, so a school that ever saved 网站配置 (its one form
// carries the switch; each successful save is in the operation log) keeps what it saved.
import type { Kysely } from 'kysely';

export const CONFIG_SAVE_URL = '/api/sys/config/saveTenantConfig';

export async function up(db: Kysely<any>): Promise<void> {
  const saved = await db
    .selectFrom('sys_log')
    .select('id')
    .where('request_url', '=', CONFIG_SAVE_URL)
    .where('log_content', 'like', '% 成功')
    .limit(1)
    .executeTakeFirst();
  if (saved) return;
  await db.updateTable('sys_config').set({ config_value: '1' }).where('config_key', '=', 'allowComment').where('config_value', '=', '0').execute();
}

/** Nothing to undo safely: the school may have changed the switch since. */
export async function down(): Promise<void> {}
