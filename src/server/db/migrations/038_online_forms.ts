// 在线表单开发: the anchor's onl_cgform_head (a form definition: its table name, title, kind and list options),
// onl_cgform_field (its columns with their control, validation and list/form/query settings), onl_cgform_index
// and onl_cgform_button (custom buttons, stored only: Xuetang runs no custom code). Column names are the anchor's
// (the button table's, upper case there, in lower case). The generated tables themselves are created by 同步数据库
// (domain/cgform-ddl.ts), never by a migration, and live in their own namespace (cg_…, domain/cgform-names.ts).
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
      .createTable('onl_cgform_head')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('table_name', 'varchar(50)', (c) => c.notNull())
      .addColumn('table_type', 'integer', (c) => c.notNull())
      .addColumn('table_version', 'integer', (c) => c.defaultTo(1))
      .addColumn('table_txt', 'varchar(200)', (c) => c.notNull())
      .addColumn('is_checkbox', 'varchar(5)', (c) => c.notNull())
      .addColumn('is_db_synch', 'varchar(20)', (c) => c.notNull().defaultTo('N'))
      .addColumn('is_page', 'varchar(5)', (c) => c.notNull())
      .addColumn('is_tree', 'varchar(5)', (c) => c.notNull())
      .addColumn('id_sequence', 'varchar(200)')
      .addColumn('id_type', 'varchar(100)')
      .addColumn('query_mode', 'varchar(10)', (c) => c.notNull())
      .addColumn('relation_type', 'integer')
      .addColumn('sub_table_str', 'varchar(1000)')
      .addColumn('tab_order_num', 'integer')
      .addColumn('tree_parent_id_field', 'varchar(50)')
      .addColumn('tree_id_field', 'varchar(50)')
      .addColumn('tree_fieldname', 'varchar(50)')
      .addColumn('form_category', 'varchar(50)', (c) => c.notNull().defaultTo('bdfl_ptbd'))
      .addColumn('form_template', 'varchar(50)')
      .addColumn('form_template_mobile', 'varchar(50)')
      .addColumn('scroll', 'integer', (c) => c.defaultTo(0))
      .addColumn('copy_version', 'integer')
      .addColumn('copy_type', 'integer', (c) => c.defaultTo(0))
      .addColumn('physic_id', 'varchar(32)')
      .addColumn('theme_template', 'varchar(50)'),
  ).execute();
  await db.schema.createIndex('uniq_onl_cgform_head_table_name').on('onl_cgform_head').column('table_name').unique().execute();
  await db.schema.createIndex('idx_onl_cgform_head_create_time').on('onl_cgform_head').columns(['create_time', 'id']).execute();

  await audit(
    db.schema
      .createTable('onl_cgform_field')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('cgform_head_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('db_field_name', 'varchar(32)', (c) => c.notNull())
      .addColumn('db_field_txt', 'varchar(200)')
      .addColumn('db_field_name_old', 'varchar(32)')
      .addColumn('db_is_key', 'integer')
      .addColumn('db_is_null', 'integer')
      .addColumn('db_type', 'varchar(32)', (c) => c.notNull())
      .addColumn('db_length', 'integer', (c) => c.notNull())
      .addColumn('db_point_length', 'integer')
      .addColumn('db_default_val', 'varchar(20)')
      .addColumn('dict_field', 'varchar(100)')
      .addColumn('dict_table', 'varchar(255)')
      .addColumn('dict_text', 'varchar(100)')
      .addColumn('field_show_type', 'varchar(10)')
      .addColumn('field_href', 'varchar(200)')
      .addColumn('field_length', 'integer')
      .addColumn('field_valid_type', 'varchar(300)')
      .addColumn('field_must_input', 'varchar(2)')
      .addColumn('field_extend_json', 'varchar(500)')
      .addColumn('field_default_value', 'varchar(100)')
      .addColumn('is_query', 'integer')
      .addColumn('is_show_form', 'integer')
      .addColumn('is_show_list', 'integer')
      .addColumn('is_read_only', 'integer', (c) => c.defaultTo(0))
      .addColumn('query_mode', 'varchar(10)')
      .addColumn('main_table', 'varchar(100)')
      .addColumn('main_field', 'varchar(100)')
      .addColumn('order_num', 'integer')
      .addColumn('converter', 'varchar(255)')
      .addColumn('query_def_val', 'varchar(50)')
      .addColumn('query_dict_text', 'varchar(100)')
      .addColumn('query_dict_field', 'varchar(100)')
      .addColumn('query_dict_table', 'varchar(500)')
      .addColumn('query_show_type', 'varchar(50)')
      .addColumn('query_config_flag', 'varchar(3)')
      .addColumn('query_valid_type', 'varchar(50)')
      .addColumn('query_must_input', 'varchar(3)')
      .addColumn('sort_flag', 'varchar(3)'),
  ).execute();
  await db.schema.createIndex('idx_onl_cgform_field_head').on('onl_cgform_field').columns(['cgform_head_id', 'order_num']).execute();

  await audit(
    db.schema
      .createTable('onl_cgform_index')
      .addColumn('id', 'varchar(36)', (c) => c.primaryKey())
      .addColumn('cgform_head_id', 'varchar(32)')
      .addColumn('index_name', 'varchar(100)')
      .addColumn('index_field', 'varchar(500)')
      .addColumn('index_type', 'varchar(32)')
      .addColumn('is_db_synch', 'varchar(2)', (c) => c.defaultTo('N'))
      .addColumn('del_flag', 'integer', (c) => c.defaultTo(0)),
  ).execute();
  await db.schema.createIndex('idx_onl_cgform_index_head').on('onl_cgform_index').column('cgform_head_id').execute();

  await db.schema
    .createTable('onl_cgform_button')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('button_code', 'varchar(50)')
    .addColumn('button_icon', 'varchar(20)')
    .addColumn('button_name', 'varchar(50)')
    .addColumn('button_status', 'varchar(2)')
    .addColumn('button_style', 'varchar(20)')
    .addColumn('exp', 'varchar(255)')
    .addColumn('cgform_head_id', 'varchar(32)')
    .addColumn('opt_type', 'varchar(20)')
    .addColumn('order_num', 'integer')
    .addColumn('opt_position', 'varchar(3)')
    .execute();
  await db.schema.createIndex('idx_onl_cgform_button_head').on('onl_cgform_button').columns(['cgform_head_id', 'order_num']).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const t of ['onl_cgform_button', 'onl_cgform_index', 'onl_cgform_field', 'onl_cgform_head']) await db.schema.dropTable(t).ifExists().execute();
}
