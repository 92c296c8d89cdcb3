// Scratch backpack (the editor's 书包): per-user items kept in the database, their files under the files
// directory (backpack/<userId>/…, never served by the public stored-file route). teaching-open kept the list in
// Redis and the files on Qiniu; here both live with the rest of the school's data.
//   type        script | costume | sound | sprite
//   body_name   the name the item's content is fetched by (getFile/<name>): <md5>.<ext> for costumes and
//               sounds (Scratch loads them as assets by md5ext), <id>.json for scripts, <id>.sprite3 for sprites
//   order_no    per-user insertion order, so the list is newest first without relying on clock resolution
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('teaching_scratch_backpack')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('order_no', 'integer', (c) => c.notNull())
    .addColumn('type', 'varchar(16)', (c) => c.notNull())
    .addColumn('mime', 'varchar(32)', (c) => c.notNull())
    .addColumn('name', 'varchar(200)', (c) => c.notNull())
    .addColumn('body_name', 'varchar(80)', (c) => c.notNull())
    .addColumn('body_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('body_size', 'integer', (c) => c.notNull())
    .addColumn('thumbnail_name', 'varchar(80)', (c) => c.notNull())
    .addColumn('thumbnail_key', 'varchar(200)', (c) => c.notNull())
    .addColumn('thumbnail_size', 'integer', (c) => c.notNull())
    .addColumn('create_time', 'varchar(19)', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_scratch_backpack_user_order').on('teaching_scratch_backpack').columns(['user_id', 'order_no']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('teaching_scratch_backpack').ifExists().execute();
}
