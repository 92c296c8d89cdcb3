// The daily upload quota sums a user's sys_file rows of the day (domain/uploads.ts uploadedToday): an index
// on (create_by, create_time) keeps that a range read of the user's own rows, however many files there are.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('idx_sys_file_create_by_time').on('sys_file').columns(['create_by', 'create_time']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex('idx_sys_file_create_by_time').ifExists().execute();
}
