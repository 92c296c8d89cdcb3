// npm run datasource:rekey — moves every data-source password to a new key (README: 数据源密钥).
//   DATA_SOURCE_KEY=<new key> DATA_SOURCE_OLD_KEY=<old key> npm run datasource:rekey
// It opens the database the server would (DATABASE_URL, or DATA_DIR/xuetang.db), decrypts each password with
// whichever of the two keys wrote it, encrypts it under the new one, and writes them all in one transaction.
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/server/config.js';
import { connect } from '../src/server/db/connect.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { rekeyPasswords } from '../src/server/domain/data-sources.js';

async function main() {
  const config = loadConfig();
  const { db, dialect, close } = connect({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'xuetang.db'), pgSchema: process.env.PG_SCHEMA || undefined });
  try {
    await migrateToLatest(db, dialect === 'postgres' ? process.env.PG_SCHEMA || 'public' : undefined);
    const n = await rekeyPasswords(db, config.dataSourceKeys);
    console.log(`datasource:rekey: ${n} password(s) re-encrypted under the key of DATA_SOURCE_KEY. Remove DATA_SOURCE_OLD_KEY once every server runs with the new key.`);
  } finally {
    await close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `datasource:rekey failed: ${(err as Error).message}`);
  process.exit(1);
});
