// `npm run bench:import`: moving a big teaching-open school (100k users, 1M works with their 2M file rows, grades
// and comments; bench/teaching-open-data.ts) into a fresh Xuetang, as `npm run import:teaching-open` does it:
// SQLite in a temporary directory, and PostgreSQL (a fresh schema, dropped afterwards) when BENCH_DATABASE_URL is
// set. Prints each table's seconds and rows, the whole run's time against the budget (10 minutes), and a second run
// over the same data (nothing to write: every row 未变), which is what a school re-running the import waits for.
//
// The source database `to_bench` on the local MariaDB is generated once and reused (BENCH_REGENERATE=1 makes it
// again; BENCH_USERS / BENCH_WORKS change its size, and then it is regenerated). Files are not generated: the
// rows name keys only, so the file step only reports them missing (copying is the file system's speed, not ours).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import mysql from 'mysql2/promise';
import { connect, type Db } from '../src/server/db/connect.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { seedIfEmpty } from '../src/server/db/seed/index.js';
import { LocalFileStore } from '../src/server/storage/index.js';
import { runImport } from '../src/server/importer/index.js';
import type { ImportReport } from '../src/server/importer/report.js';
import { connectionOptions, databaseUrl, TEACHING_OPEN_SERVER } from '../test/teaching-open-schema.js';
import { generateTeachingOpenDatabase } from './teaching-open-data.js';

const USERS = Number(process.env.BENCH_USERS ?? 100_000);
const WORKS = Number(process.env.BENCH_WORKS ?? 1_000_000);
const DATABASE = 'to_bench';
const BUDGET_S = 600;

async function sourceReady(): Promise<string> {
  const url = databaseUrl(TEACHING_OPEN_SERVER, DATABASE);
  if (process.env.BENCH_REGENERATE !== '1') {
    try {
      const conn = await mysql.createConnection(connectionOptions(url));
      const n = async (table: string) => Number(((await conn.query(`SELECT COUNT(*) AS n FROM ${table}`))[0] as { n: number }[])[0].n);
      const [users, works] = [await n('sys_user'), await n('teaching_work')];
      await conn.end();
      if (users === USERS && works === WORKS) {
        console.log(`source: ${DATABASE} (${USERS} users, ${WORKS} works), reused`);
        return url;
      }
    } catch {
      // not there yet: generate it
    }
  }
  const g = await generateTeachingOpenDatabase({ database: DATABASE, users: USERS, works: WORKS });
  console.log(`source: ${DATABASE} generated in ${Math.round(g.ms / 1000)} s`);
  return g.url;
}

async function target(dialect: 'sqlite' | 'postgres'): Promise<{ db: Db; filesDir: string; drop: () => Promise<void> }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xt-bench-import-'));
  const filesDir = path.join(dir, 'files');
  if (dialect === 'sqlite') {
    const db = connect({ sqliteFile: path.join(dir, 'xuetang.db') });
    await migrateToLatest(db.db);
    await seedIfEmpty(db.db, { demoContent: false, filesDir, adminPassword: 'Bench-admin-2026' });
    return { db, filesDir, drop: async () => { await db.close(); fs.rmSync(dir, { recursive: true, force: true }); } };
  }
  const url = process.env.BENCH_DATABASE_URL!;
  const schema = `bench_import_${process.pid}`;
  const admin = connect({ databaseUrl: url });
  await admin.db.schema.createSchema(schema).execute();
  await admin.close();
  const db = connect({ databaseUrl: url, pgSchema: schema });
  await migrateToLatest(db.db, schema);
  await seedIfEmpty(db.db, { demoContent: false, filesDir, adminPassword: 'Bench-admin-2026' });
  return {
    db,
    filesDir,
    drop: async () => {
      await db.close();
      const a = connect({ databaseUrl: url });
      await a.db.schema.dropSchema(schema).cascade().execute();
      await a.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function print(label: string, seconds: number, report: ImportReport) {
  console.log(`\n${label}: ${seconds.toFixed(1)} s (budget ${BUDGET_S} s: ${seconds <= BUDGET_S ? 'within' : 'OVER'})`);
  const rows = report.tables.filter((t) => t.read > 0).sort((a, b) => b.seconds - a.seconds);
  for (const t of rows.slice(0, 12)) {
    const rate = t.seconds > 0 ? Math.round(t.read / t.seconds) : t.read;
    console.log(`  ${t.label.padEnd(14, '　')} ${String(t.read).padStart(8)} rows ${t.seconds.toFixed(1).padStart(6)} s  ${String(rate).padStart(7)} rows/s  new ${t.imported}, updated ${t.updated}, unchanged ${t.unchanged}`);
  }
}

async function bench(dialect: 'sqlite' | 'postgres', from: string) {
  const t = await target(dialect);
  try {
    for (const [label, n] of [['first import', 1], ['second import (nothing changed)', 2]] as const) {
      const started = process.hrtime.bigint();
      const { report } = await runImport({ db: t.db.db, dialect, from, store: new LocalFileStore(t.filesDir) });
      const seconds = Number(process.hrtime.bigint() - started) / 1e9;
      print(`${dialect}, ${label}`, seconds, report);
      if (n === 2) {
        const written = report.tables.reduce((s, x) => s + x.imported + x.updated, 0);
        console.log(`  rows written by the second run: ${written}`);
      }
    }
  } finally {
    await t.drop();
  }
}

const from = await sourceReady();
if (process.env.BENCH_SKIP_SQLITE !== '1') await bench('sqlite', from);
if (process.env.BENCH_DATABASE_URL) await bench('postgres', from);
