// 在线报表 and 多数据源管理: the anchor's onl_cgreport_head (a report: one SELECT, optionally on a data source),
// onl_cgreport_item (its columns), onl_cgreport_param (its ${name} parameters) and sys_data_source (another
// database a report may read; db_password holds AES-256-GCM ciphertext, never the password). Column names are
// the anchor's; cgr_sql is longer than its varchar(1000). No menu rows: the screens come with their pages.
import type { CreateTableBuilder, Kysely } from 'kysely';

const audit = (t: CreateTableBuilder<any, any>) =>
  t
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'varchar(19)');

export async function up(db: Kysely<any>): Promise<void> {
  await audit(
    db.schema
      .createTable('onl_cgreport_head')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('code', 'varchar(100)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('cgr_sql', 'varchar(8000)', (c) => c.notNull())
      .addColumn('return_val_field', 'varchar(100)')
      .addColumn('return_txt_field', 'varchar(100)')
      .addColumn('return_type', 'varchar(2)')
      .addColumn('db_source', 'varchar(100)')
      .addColumn('content', 'varchar(1000)'),
  ).execute();
  await db.schema.createIndex('uniq_onl_cgreport_head_code').on('onl_cgreport_head').column('code').unique().execute();
  await db.schema.createIndex('idx_onl_cgreport_head_create_time').on('onl_cgreport_head').columns(['create_time', 'id']).execute();

  await audit(
    db.schema
      .createTable('onl_cgreport_item')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('cgrhead_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('field_name', 'varchar(64)', (c) => c.notNull())
      .addColumn('field_txt', 'varchar(300)')
      .addColumn('field_width', 'integer')
      .addColumn('field_type', 'varchar(10)')
      .addColumn('search_mode', 'varchar(10)')
      .addColumn('is_order', 'integer')
      .addColumn('is_search', 'integer')
      .addColumn('dict_code', 'varchar(500)')
      .addColumn('field_href', 'varchar(120)')
      .addColumn('is_show', 'integer')
      .addColumn('order_num', 'integer')
      .addColumn('replace_val', 'varchar(200)'),
  ).execute();
  await db.schema.createIndex('idx_onl_cgreport_item_head').on('onl_cgreport_item').columns(['cgrhead_id', 'order_num']).execute();

  await audit(
    db.schema
      .createTable('onl_cgreport_param')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('cgrhead_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('param_name', 'varchar(32)', (c) => c.notNull())
      .addColumn('param_txt', 'varchar(32)')
      .addColumn('param_value', 'varchar(32)')
      .addColumn('order_num', 'integer'),
  ).execute();
  await db.schema.createIndex('idx_onl_cgreport_param_head').on('onl_cgreport_param').columns(['cgrhead_id', 'order_num']).execute();

  await audit(
    db.schema
      .createTable('sys_data_source')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('code', 'varchar(100)', (c) => c.notNull())
      .addColumn('name', 'varchar(100)', (c) => c.notNull())
      .addColumn('remark', 'varchar(200)')
      .addColumn('db_type', 'varchar(10)', (c) => c.notNull())
      .addColumn('db_driver', 'varchar(100)')
      .addColumn('db_url', 'varchar(500)', (c) => c.notNull())
      .addColumn('db_name', 'varchar(100)')
      .addColumn('db_username', 'varchar(100)')
      // v1:<key id>:<iv>:<tag>:<ciphertext> (domain/data-sources.ts), longer than the anchor's varchar(100).
      .addColumn('db_password', 'varchar(400)')
      .addColumn('sys_org_code', 'varchar(64)'),
  ).execute();
  await db.schema.createIndex('uniq_sys_data_source_code').on('sys_data_source').column('code').unique().execute();
  await db.schema.createIndex('idx_sys_data_source_create_time').on('sys_data_source').columns(['create_time', 'id']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['onl_cgreport_param', 'onl_cgreport_item', 'onl_cgreport_head', 'sys_data_source']) await db.schema.dropTable(t).ifExists().execute();
}
