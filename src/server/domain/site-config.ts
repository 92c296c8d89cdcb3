// Site configuration (sys_config key/value rows). Only keys meant for visitors leave the server anonymously:
// teaching-open returned every row, including editorial `_` keys and the default registration role.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { PUBLIC_CONFIG_KEYS } from '../db/seed/site-config.js';

export { PUBLIC_CONFIG_KEYS };

export async function readConfig(db: Kysely<Database>, keys?: readonly string[]): Promise<Record<string, string>> {
  let q = db.selectFrom('sys_config').select(['config_key', 'config_value']).where('config_enabled', '=', 1);
  if (keys) q = q.where('config_key', 'in', [...keys]);
  const rows = await q.execute();
  return Object.fromEntries(rows.map((r) => [r.config_key, r.config_value]));
}

export async function publicConfig(db: Kysely<Database>): Promise<Record<string, string>> {
  return { ...(await readConfig(db, PUBLIC_CONFIG_KEYS)), uploadType: 'local', staticDomain: '/api/sys/common/static' };
}
