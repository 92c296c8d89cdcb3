// Site configuration (sys_config key/value rows). Only keys meant for visitors leave the server anonymously:
// teaching-open returned every row, including editorial `_` keys and the default registration role.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { HTML_CONFIG_KEYS, PUBLIC_CONFIG_KEYS } from '../db/seed/site-config.js';
import { sanitizeRichHtml } from '../shared/rich-text.js';

const HTML_KEYS = new Set<string>(HTML_CONFIG_KEYS);

/** The enabled rows; HTML keys sanitised again on the way out, so rows stored before the current rules are harmless to API clients too. */
export async function readConfig(db: Kysely<Database>, keys?: readonly string[]): Promise<Record<string, string>> {
  let q = db.selectFrom('sys_config').select(['config_key', 'config_value']).where('config_enabled', '=', 1);
  if (keys) q = q.where('config_key', 'in', [...keys]);
  const rows = await q.execute();
  return Object.fromEntries(rows.map((r) => [r.config_key, HTML_KEYS.has(r.config_key) ? sanitizeRichHtml(r.config_value) : r.config_value]));
}

export async function publicConfig(db: Kysely<Database>): Promise<Record<string, string>> {
  return { ...(await readConfig(db, PUBLIC_CONFIG_KEYS)), uploadType: 'local', staticDomain: '/api/sys/common/static' };
}
