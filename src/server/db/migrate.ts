// Migrations are listed statically so the bundled server (one file, no migrations folder) can run them.
import { Migrator, type Migration, type MigrationProvider } from 'kysely';
import type { Kysely } from 'kysely';
import * as m001 from './migrations/001_init.js';
import * as m003UserIndexes from './migrations/003_user_indexes.js';
import * as m004HideUnbuiltMenus from './migrations/004_hide_unbuilt_menus.js';

const migrations: Record<string, Migration> = {
  '001_init': m001,
  '003_user_indexes': m003UserIndexes,
  '004_hide_unbuilt_menus': m004HideUnbuiltMenus,
};

class StaticProvider implements MigrationProvider {
  async getMigrations() {
    return migrations;
  }
}

/**
 * `schema` is the PostgreSQL schema the tables live in: without it Kysely finds a migration table of any
 * schema in the database (another app, another test run) and takes it for ours.
 */
export async function migrateToLatest(db: Kysely<any>, schema?: string): Promise<void> {
  const migrator = new Migrator({ db, provider: new StaticProvider(), ...(schema ? { migrationTableSchema: schema } : {}) });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : String(error ?? 'unknown error');
    throw new Error(`Database migration ${failed?.migrationName ?? ''} failed: ${reason}`);
  }
}
