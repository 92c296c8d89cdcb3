// Scratch cloud variables (云变量) of a work: one row per (work, variable name). teaching-open kept them in a
// Redis hash per project; in the database they survive restarts and every process sees the same values.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('teaching_scratch_cloud_var')
    .addColumn('work_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(64)', (c) => c.notNull())
    .addColumn('value', 'varchar(256)', (c) => c.notNull())
    .addColumn('update_by', 'varchar(32)')
    .addColumn('update_time', 'varchar(19)', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_scratch_cloud_var', ['work_id', 'name'])
    .execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('teaching_scratch_cloud_var').ifExists().execute();
}
