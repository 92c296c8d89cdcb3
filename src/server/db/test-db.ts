// Databases for tests. Migrating and seeding from scratch cost each test file about a second, so the suite does it
// once: vitest's global setup (test/global-setup.ts → buildTemplates) builds a *template* of each kind a test may
// ask for — migrated only, seeded with the demo content, seeded without it — and every test file gets a copy:
//   - SQLite: the template is a serialized image of an in-memory database; a copy is a new in-memory database
//     deserialized from it (no file is shared, nothing is written to disk);
//   - PostgreSQL (TEST_DATABASE_URL): the templates are databases; a copy is `CREATE DATABASE … TEMPLATE …`,
//     dropped again by close(), so parallel test files never see each other.
// Outside vitest's global setup (a script, a test run without it) the same functions migrate and seed from scratch.
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Kysely } from 'kysely';
import pg from 'pg';
import { connect } from './connect.js';
import { migrateToLatest } from './migrate.js';
import type { Database } from './schema.js';
import { seedIfEmpty } from './seed/index.js';
import { LocalFileStore } from '../storage/index.js';

export interface TestDatabase {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  close(): Promise<void>;
}

/** The PostgreSQL URL tests may use, or undefined when they run on SQLite only. */
export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

/** The passwords every test database is seeded with (test/harness.ts logs in with them). */
export const TEST_PASSWORDS = { admin: 'Admin-test-2026', demo: 'Demo-test-2026' } as const;

/** What a template holds: the migrated schema only, or also the first-start seed with or without demo content. */
export type TemplateKind = 'migrated' | 'demo' | 'plain';
const KINDS: TemplateKind[] = ['migrated', 'demo', 'plain'];

/** Where the global setup left the templates (passed to the test workers in TEMPLATES_ENV). */
interface TemplateIndex {
  /** SQLite: the serialized image of each kind, and the files folder the seed wrote. */
  sqlite: Record<TemplateKind, { image: string; files?: string }>;
  /** PostgreSQL: the template database of each kind, and the files folder its seed wrote. */
  postgres?: Record<TemplateKind, { database: string; files?: string }>;
  dir: string;
}
const TEMPLATES_ENV = 'XUETANG_TEST_TEMPLATES';

function templateIndex(): TemplateIndex | undefined {
  const raw = process.env[TEMPLATES_ENV];
  return raw ? (JSON.parse(raw) as TemplateIndex) : undefined;
}

/**
 * A migrated (and, for 'demo'/'plain', seeded) database for one test file. Uses TEST_DATABASE_URL when set,
 * else in-memory SQLite; pass a dialect to choose explicitly (asking for postgres without TEST_DATABASE_URL is
 * an error). `filesDir` (a local folder) receives the files the seed wrote (seeded kinds only); the test harness
 * opens the test's store on it (test/storage-kit.ts), which on S3 uploads them to the test's bucket.
 */
export async function freshDatabase(dialect?: 'sqlite' | 'postgres', kind: TemplateKind = 'migrated', filesDir?: string): Promise<TestDatabase> {
  const url = testDatabaseUrl();
  const which = dialect ?? (url ? 'postgres' : 'sqlite');
  if (which === 'postgres' && !url) throw new Error('freshDatabase("postgres") needs TEST_DATABASE_URL');
  const index = templateIndex();
  const template = which === 'sqlite' ? index?.sqlite[kind] : index?.postgres?.[kind];
  if (!template) return buildFromScratch(which, kind, filesDir);
  if (filesDir && template.files && fs.existsSync(template.files)) fs.cpSync(template.files, filesDir, { recursive: true });
  if ('image' in template) {
    const conn = connect({ sqliteImage: fs.readFileSync(template.image) });
    return { db: conn.db, dialect: 'sqlite', close: conn.close };
  }
  return copyPostgresDatabase(url!, template.database);
}

async function buildFromScratch(which: 'sqlite' | 'postgres', kind: TemplateKind, filesDir?: string): Promise<TestDatabase> {
  const t = which === 'sqlite' ? await migratedSqlite() : await migratedPostgresSchema(testDatabaseUrl()!);
  if (kind !== 'migrated') await seedForTests(t.db, kind, filesDir ?? fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-seed-')));
  return t;
}

async function migratedSqlite(): Promise<TestDatabase> {
  const conn = connect({ sqliteFile: ':memory:' });
  await migrateToLatest(conn.db);
  return { db: conn.db, dialect: 'sqlite', close: conn.close };
}

/** Without templates: a new schema in TEST_DATABASE_URL's database, migrated, dropped again by close(). */
async function migratedPostgresSchema(url: string): Promise<TestDatabase> {
  const schema = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE SCHEMA "${schema}"`);
  const conn = connect({ databaseUrl: url, pgSchema: schema });
  try {
    await migrateToLatest(conn.db, schema);
  } catch (err) {
    await conn.close();
    await adminQuery(url, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`);
    throw err;
  }
  return onClose(conn.db, 'postgres', conn.close, () => adminQuery(url, `DROP SCHEMA IF EXISTS "${schema}" CASCADE`));
}

/** Seeds into a local folder: a template's files are kept as a folder and copied to each test (freshDatabase). */
function seedForTests(db: Kysely<Database>, kind: 'demo' | 'plain', filesDir: string) {
  return seedIfEmpty(db, { adminPassword: TEST_PASSWORDS.admin, demoPassword: TEST_PASSWORDS.demo, demoContent: kind === 'demo', storage: new LocalFileStore(filesDir) });
}

async function copyPostgresDatabase(url: string, template: string): Promise<TestDatabase> {
  const name = `t_${randomBytes(6).toString('hex')}`;
  await adminQuery(url, `CREATE DATABASE "${name}" TEMPLATE "${template}"`);
  const conn = connect({ databaseUrl: withDatabase(url, name) });
  return onClose(conn.db, 'postgres', conn.close, () => dropDatabase(url, name));
}

/**
 * Drops a test's database once its connections are gone. The pool has been ended, but a backend may take a moment
 * to exit; `WITH (FORCE)` at once would kill it mid-goodbye and its client would report an unhandled
 * "terminating connection due to administrator command". So: plain DROP while the database is in use (55006)
 * for up to 5 s, then FORCE.
 */
async function dropDatabase(url: string, name: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      await adminQuery(url, `DROP DATABASE IF EXISTS "${name}"`);
      return;
    } catch (err) {
      if ((err as { code?: string }).code !== '55006') throw err;
      await new Promise((r) => setTimeout(r, 50));
    }
  }
  await adminQuery(url, `DROP DATABASE IF EXISTS "${name}" WITH (FORCE)`);
}

function onClose(db: Kysely<Database>, dialect: 'sqlite' | 'postgres', closeConn: () => Promise<void>, cleanUp: () => Promise<void>): TestDatabase {
  let closed = false;
  return {
    db,
    dialect,
    async close() {
      if (closed) return;
      closed = true;
      await closeConn();
      await cleanUp();
    },
  };
}

/** The same server and credentials, another database. */
function withDatabase(url: string, database: string): string {
  const u = new URL(url);
  u.pathname = `/${database}`;
  return u.toString();
}

async function adminQuery(url: string, text: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(text);
  } finally {
    await client.end();
  }
}

/**
 * Builds every template once for a test run and publishes their index to the workers (through the
 * environment, which vitest's workers inherit). Returns the teardown that drops them.
 */
export async function buildTemplates(): Promise<() => Promise<void>> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-templates-'));
  const url = testDatabaseUrl();
  const [sqlite, postgres] = await Promise.all([sqliteTemplates(dir), url ? postgresTemplates(url, dir) : undefined]);
  const index: TemplateIndex = { sqlite, postgres, dir };
  process.env[TEMPLATES_ENV] = JSON.stringify(index);
  return async () => {
    delete process.env[TEMPLATES_ENV];
    if (url && postgres) for (const k of KINDS) await adminQuery(url, `DROP DATABASE IF EXISTS "${postgres[k].database}" WITH (FORCE)`);
    fs.rmSync(dir, { recursive: true, force: true });
  };
}

async function sqliteTemplates(dir: string): Promise<TemplateIndex['sqlite']> {
  const out = {} as TemplateIndex['sqlite'];
  for (const kind of KINDS) {
    const files = kind === 'migrated' ? undefined : path.join(dir, `sqlite-${kind}-files`);
    const conn = connect({ sqliteFile: ':memory:' });
    await migrateToLatest(conn.db);
    if (kind !== 'migrated') await seedForTests(conn.db, kind, files!);
    const image = path.join(dir, `sqlite-${kind}.db`);
    fs.writeFileSync(image, conn.serialize!());
    await conn.close();
    out[kind] = { image, files };
  }
  return out;
}

async function postgresTemplates(url: string, dir: string): Promise<NonNullable<TemplateIndex['postgres']>> {
  const run = randomBytes(4).toString('hex');
  const out = {} as NonNullable<TemplateIndex['postgres']>;
  for (const kind of KINDS) {
    const database = `xt_tpl_${run}_${kind}`;
    // Seeded templates start from the migrated one, so the migrations run once.
    await adminQuery(url, kind === 'migrated' ? `CREATE DATABASE "${database}"` : `CREATE DATABASE "${database}" TEMPLATE "${out.migrated.database}"`);
    const conn = connect({ databaseUrl: withDatabase(url, database) });
    const files = kind === 'migrated' ? undefined : path.join(dir, `postgres-${kind}-files`);
    try {
      if (kind === 'migrated') await migrateToLatest(conn.db, 'public');
      else await seedForTests(conn.db, kind, files!);
    } finally {
      await conn.close();
    }
    out[kind] = { database, files };
  }
  return out;
}
