// npm run import:teaching-open -- --from mysql://USER:PASS@HOST:PORT/DB [--files DIR] [--dry-run] [--fetch-remote]
// Moves a teaching-open 2.x school into the database the server is configured with (DATABASE_URL, or
// DATA_DIR/xuetang.db), fresh or in use; README "从 teaching-open 迁移" says how to load a .sql backup first.
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, loadConfig } from '../src/server/config.js';
import { connect } from '../src/server/db/connect.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { firstStartBanner } from '../src/server/db/seed/banner.js';
import { seedIfEmpty } from '../src/server/db/seed/index.js';
import { runImport } from '../src/server/importer/index.js';
import { reportText } from '../src/server/importer/report.js';
import { openStorage } from '../src/server/storage/index.js';

const USAGE = '用法：npm run import:teaching-open -- --from mysql://用户:密码@主机:端口/数据库 [--files 上传目录] [--dry-run] [--fetch-remote]';

function progressBar(): (label: string, done: number, total: number) => void {
  if (!process.stdout.isTTY) {
    let last = '';
    return (label, done, total) => {
      if (done === total && label !== last) {
        last = label;
        console.log(`${label}：${total} 条`);
      }
    };
  }
  let current = '';
  return (label, done, total) => {
    if (label !== current) {
      if (current) process.stdout.write('\n');
      current = label;
    }
    const width = 30;
    const filled = total ? Math.round((done / total) * width) : width;
    process.stdout.write(`\r${label.padEnd(16, '　')} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${done}/${total}`);
  };
}

async function main() {
  const { values } = parseArgs({
    options: { from: { type: 'string' }, files: { type: 'string' }, 'dry-run': { type: 'boolean' }, 'fetch-remote': { type: 'boolean' }, help: { type: 'boolean' } },
  });
  if (values.help || !values.from) {
    console.log(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const config = loadConfig();
  const pgSchema = process.env.PG_SCHEMA || undefined;
  const { db, dialect, close } = connect({ databaseUrl: config.databaseUrl, sqliteFile: path.join(config.dataDir, 'xuetang.db'), pgSchema });
  // The files go where the server keeps them: DATA_DIR/files, or the bucket STORAGE_URL names.
  const storage = await openStorage(config).catch(async (err: unknown) => {
    await close();
    throw err;
  });
  try {
    await migrateToLatest(db, dialect === 'postgres' ? pgSchema || 'public' : undefined);
    // A fresh database gets Xuetang's system data first (roles, menu, dictionaries): the school's rows meet it.
    const seeded = await seedIfEmpty(db, { ...config, demoContent: false });
    if (seeded.seeded) for (const line of firstStartBanner(seeded.accounts)) console.log(line);
    const started = Date.now();
    const { report } = await runImport({
      db,
      dialect,
      from: values.from,
      filesDir: values.files ? path.resolve(values.files) : undefined,
      store: storage,
      dryRun: !!values['dry-run'],
      fetchRemote: !!values['fetch-remote'],
      onProgress: progressBar(),
    });
    if (process.stdout.isTTY) process.stdout.write('\n');
    console.log('');
    console.log(reportText(report));
    console.log('');
    console.log(`用时 ${Math.round((Date.now() - started) / 1000)} 秒。${report.dryRun ? '试运行：没有写入任何数据。' : '报告已保存，管理员可在 系统管理 › 数据迁移 查看。'}`);
  } finally {
    await storage.close();
    await close();
  }
}

main().catch((err) => {
  console.error(err instanceof ConfigError ? err.message : `导入失败：${(err as Error).message}`);
  process.exit(1);
});
