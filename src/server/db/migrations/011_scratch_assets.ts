// Scratch素材库 (teaching-open's teaching_scratch_assets): one row per library item — a backdrop, sound or
// costume (one file) or a sprite (several costumes and sounds). asset_data is the item's library JSON,
// computed by the server from the files; md5_ext the storage keys (internalapi/asset/<md5>.<ext>, a comma
// list for sprites); tags a comma list of the stock Scratch tag values.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('teaching_scratch_assets')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('asset_type', 'integer', (c) => c.notNull())
    .addColumn('asset_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('asset_data', 'text', (c) => c.notNull())
    .addColumn('md5_ext', 'varchar(5000)', (c) => c.notNull())
    .addColumn('tags', 'varchar(500)', (c) => c.notNull().defaultTo(''))
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'varchar(19)')
    .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  // The editor asks for one type at a time; the list filters by type and sorts by time.
  await db.schema.createIndex('idx_scratch_assets_type_time').on('teaching_scratch_assets').columns(['asset_type', 'create_time']).execute();
  await db.schema.createIndex('idx_scratch_assets_name').on('teaching_scratch_assets').columns(['asset_name']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('teaching_scratch_assets').ifExists().execute();
}
