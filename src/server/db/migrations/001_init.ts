// The initial schema: system tables, sessions and logs, and the teaching tables the public pages read.
// Written once with Kysely's schema builder so SQLite and PostgreSQL get the same tables and indexes.
import type { CreateTableBuilder, Kysely } from 'kysely';

type T = CreateTableBuilder<string, never>;

const id = (t: T) => t.addColumn('id', 'varchar(32)', (c) => c.primaryKey());
const audit = (t: T) =>
  t
    .addColumn('create_by', 'varchar(64)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(64)')
    .addColumn('update_time', 'varchar(19)');
const text = 'text';

export async function up(db: Kysely<any>): Promise<void> {
  const table = (name: string, build: (t: T) => T) => build(db.schema.createTable(name) as T).execute();
  const index = (name: string, tableName: string, columns: string[], unique = false) => {
    let b = db.schema.createIndex(name).on(tableName).columns(columns);
    if (unique) b = b.unique();
    return b.execute();
  };

  await table('sys_user', (t) =>
    audit(
      id(t)
        .addColumn('username', 'varchar(100)', (c) => c.notNull())
        .addColumn('realname', 'varchar(100)', (c) => c.notNull().defaultTo(''))
        .addColumn('password', 'varchar(255)', (c) => c.notNull())
        .addColumn('salt', 'varchar(45)')
        .addColumn('avatar', 'varchar(255)')
        .addColumn('birthday', 'varchar(19)')
        .addColumn('sex', 'integer')
        .addColumn('email', 'varchar(45)')
        .addColumn('phone', 'varchar(45)')
        .addColumn('org_code', 'varchar(64)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('work_no', 'varchar(100)')
        .addColumn('post', 'varchar(100)')
        .addColumn('school', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('telephone', 'varchar(45)')
        .addColumn('user_identity', 'integer', (c) => c.notNull().defaultTo(1)),
    ),
  );
  await index('uniq_sys_user_username', 'sys_user', ['username'], true);
  await index('uniq_sys_user_email', 'sys_user', ['email'], true);
  await index('uniq_sys_user_phone', 'sys_user', ['phone'], true);
  await index('uniq_sys_user_work_no', 'sys_user', ['work_no'], true);
  await index('idx_sys_user_del_create', 'sys_user', ['del_flag', 'create_time']);
  await index('idx_sys_user_realname', 'sys_user', ['realname']);

  await table('sys_role', (t) =>
    audit(
      id(t)
        .addColumn('role_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('role_code', 'varchar(100)', (c) => c.notNull())
        .addColumn('role_level', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('description', 'varchar(255)'),
    ),
  );
  await index('uniq_sys_role_role_code', 'sys_role', ['role_code'], true);

  await table('sys_user_role', (t) =>
    id(t)
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('role_id', 'varchar(32)', (c) => c.notNull()),
  );
  await index('uniq_sys_user_role', 'sys_user_role', ['user_id', 'role_id'], true);
  await index('idx_sys_user_role_role', 'sys_user_role', ['role_id']);

  await table('sys_permission', (t) =>
    audit(
      id(t)
        .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('url', 'varchar(255)')
        .addColumn('component', 'varchar(255)')
        .addColumn('component_name', 'varchar(100)')
        .addColumn('redirect', 'varchar(255)')
        .addColumn('menu_type', 'integer', (c) => c.notNull())
        .addColumn('perms', 'varchar(255)')
        .addColumn('perms_type', 'varchar(10)', (c) => c.notNull().defaultTo('1'))
        .addColumn('sort_no', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('always_show', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('icon', 'varchar(100)')
        .addColumn('is_route', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('is_leaf', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('keep_alive', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('description', 'varchar(255)')
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('rule_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'varchar(2)', (c) => c.notNull().defaultTo('1'))
        .addColumn('internal_or_external', 'integer', (c) => c.notNull().defaultTo(0)),
    ),
  );
  await index('idx_sys_permission_parent', 'sys_permission', ['parent_id', 'sort_no']);
  await index('idx_sys_permission_type', 'sys_permission', ['menu_type', 'del_flag']);

  await table('sys_role_permission', (t) =>
    id(t)
      .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('permission_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('data_rule_ids', 'varchar(1000)'),
  );
  await index('uniq_sys_role_permission', 'sys_role_permission', ['role_id', 'permission_id'], true);
  await index('idx_sys_role_permission_perm', 'sys_role_permission', ['permission_id']);

  await table('sys_permission_data_rule', (t) =>
    audit(
      id(t)
        .addColumn('permission_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('rule_name', 'varchar(50)', (c) => c.notNull())
        .addColumn('rule_column', 'varchar(50)')
        .addColumn('rule_conditions', 'varchar(50)')
        .addColumn('rule_value', 'varchar(300)')
        .addColumn('status', 'varchar(3)', (c) => c.notNull().defaultTo('1')),
    ),
  );
  await index('idx_sys_permission_data_rule_perm', 'sys_permission_data_rule', ['permission_id']);

  await table('sys_depart', (t) =>
    audit(
      id(t)
        .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('depart_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('depart_name_en', 'varchar(500)')
        .addColumn('depart_name_abbr', 'varchar(500)')
        .addColumn('depart_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('description', text)
        .addColumn('org_category', 'varchar(10)', (c) => c.notNull().defaultTo('1'))
        .addColumn('org_type', 'varchar(10)', (c) => c.notNull().defaultTo('1'))
        .addColumn('org_code', 'varchar(64)', (c) => c.notNull())
        .addColumn('mobile', 'varchar(32)')
        .addColumn('fax', 'varchar(32)')
        .addColumn('address', 'varchar(100)')
        .addColumn('memo', 'varchar(500)')
        .addColumn('status', 'varchar(1)', (c) => c.notNull().defaultTo('1'))
        .addColumn('del_flag', 'varchar(1)', (c) => c.notNull().defaultTo('0')),
    ),
  );
  await index('uniq_sys_depart_org_code', 'sys_depart', ['org_code'], true);
  await index('idx_sys_depart_parent', 'sys_depart', ['parent_id', 'depart_order']);

  for (const name of ['sys_user_depart', 'sys_user_manage_depart']) {
    await table(name, (t) =>
      id(t)
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('dep_id', 'varchar(32)', (c) => c.notNull()),
    );
    await index(`uniq_${name}`, name, ['user_id', 'dep_id'], true);
    await index(`idx_${name}_dep`, name, ['dep_id']);
  }

  await table('sys_depart_permission', (t) =>
    id(t)
      .addColumn('depart_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('permission_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('data_rule_ids', 'varchar(1000)'),
  );
  await index('uniq_sys_depart_permission', 'sys_depart_permission', ['depart_id', 'permission_id'], true);

  await table('sys_depart_role', (t) =>
    audit(
      id(t)
        .addColumn('depart_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('role_name', 'varchar(200)', (c) => c.notNull())
        .addColumn('role_code', 'varchar(100)', (c) => c.notNull())
        .addColumn('description', 'varchar(255)'),
    ),
  );
  await index('uniq_sys_depart_role_code', 'sys_depart_role', ['depart_id', 'role_code'], true);

  await table('sys_depart_role_permission', (t) =>
    id(t)
      .addColumn('depart_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('role_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('permission_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('data_rule_ids', 'varchar(1000)'),
  );
  await index('uniq_sys_depart_role_permission', 'sys_depart_role_permission', ['role_id', 'permission_id'], true);

  await table('sys_depart_role_user', (t) =>
    id(t)
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('drole_id', 'varchar(32)', (c) => c.notNull()),
  );
  await index('uniq_sys_depart_role_user', 'sys_depart_role_user', ['user_id', 'drole_id'], true);

  await table('sys_dict', (t) =>
    audit(
      id(t)
        .addColumn('dict_name', 'varchar(100)', (c) => c.notNull())
        .addColumn('dict_code', 'varchar(100)', (c) => c.notNull())
        .addColumn('description', 'varchar(255)')
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('type', 'integer', (c) => c.notNull().defaultTo(0)),
    ),
  );
  await index('uniq_sys_dict_dict_code', 'sys_dict', ['dict_code'], true);

  await table('sys_dict_item', (t) =>
    audit(
      id(t)
        .addColumn('dict_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('item_text', 'varchar(100)', (c) => c.notNull())
        .addColumn('item_value', 'varchar(100)', (c) => c.notNull())
        .addColumn('description', 'varchar(255)')
        .addColumn('sort_order', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(1)),
    ),
  );
  await index('uniq_sys_dict_item_value', 'sys_dict_item', ['dict_id', 'item_value'], true);

  await table('sys_announcement', (t) =>
    audit(
      id(t)
        .addColumn('titile', 'varchar(100)', (c) => c.notNull())
        .addColumn('msg_content', text)
        .addColumn('start_time', 'varchar(19)')
        .addColumn('end_time', 'varchar(19)')
        .addColumn('sender', 'varchar(100)')
        .addColumn('priority', 'varchar(255)', (c) => c.notNull().defaultTo('L'))
        .addColumn('msg_category', 'varchar(10)', (c) => c.notNull().defaultTo('2'))
        .addColumn('msg_type', 'varchar(10)', (c) => c.notNull().defaultTo('ALL'))
        .addColumn('send_status', 'varchar(10)', (c) => c.notNull().defaultTo('0'))
        .addColumn('send_time', 'varchar(19)')
        .addColumn('cancel_time', 'varchar(19)')
        .addColumn('del_flag', 'varchar(1)', (c) => c.notNull().defaultTo('0'))
        .addColumn('bus_type', 'varchar(20)')
        .addColumn('bus_id', 'varchar(50)')
        .addColumn('open_type', 'varchar(20)')
        .addColumn('open_page', 'varchar(255)')
        .addColumn('msg_abstract', text),
    ),
  );
  await index('idx_sys_announcement_status', 'sys_announcement', ['send_status', 'del_flag', 'msg_type']);

  await table('sys_announcement_send', (t) =>
    audit(
      id(t)
        .addColumn('annt_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('read_flag', 'varchar(10)', (c) => c.notNull().defaultTo('0'))
        .addColumn('read_time', 'varchar(19)'),
    ),
  );
  await index('uniq_sys_announcement_send', 'sys_announcement_send', ['annt_id', 'user_id'], true);
  await index('idx_sys_announcement_send_user', 'sys_announcement_send', ['user_id', 'read_flag']);

  await table('sys_config', (t) =>
    id(t)
      .addColumn('config_key', 'varchar(60)', (c) => c.notNull())
      .addColumn('config_value', text, (c) => c.notNull())
      .addColumn('config_enabled', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('comment', 'varchar(255)'),
  );
  await index('uniq_sys_config_key', 'sys_config', ['config_key'], true);

  await table('sys_session', (t) =>
    id(t)
      .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
      .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('ip', 'varchar(64)')
      .addColumn('user_agent', 'varchar(255)'),
  );
  await index('uniq_sys_session_token', 'sys_session', ['token_hash'], true);
  await index('idx_sys_session_user', 'sys_session', ['user_id']);

  await table('sys_log', (t) =>
    id(t)
      .addColumn('log_type', 'integer', (c) => c.notNull())
      .addColumn('log_content', 'varchar(1000)')
      .addColumn('operate_type', 'integer')
      .addColumn('userid', 'varchar(32)')
      .addColumn('username', 'varchar(100)')
      .addColumn('ip', 'varchar(100)')
      .addColumn('method', 'varchar(500)')
      .addColumn('request_url', 'varchar(255)')
      .addColumn('request_param', text)
      .addColumn('request_type', 'varchar(10)')
      .addColumn('cost_time', 'bigint')
      .addColumn('create_by', 'varchar(64)')
      .addColumn('create_time', 'varchar(19)', (c) => c.notNull()),
  );
  await index('idx_sys_log_type_time', 'sys_log', ['log_type', 'create_time']);

  await table('sys_file', (t) =>
    audit(
      id(t)
        .addColumn('file_type', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('file_name', 'varchar(255)', (c) => c.notNull())
        .addColumn('file_path', 'varchar(1024)', (c) => c.notNull())
        .addColumn('file_location', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('file_tag', 'varchar(100)')
        .addColumn('mime_type', 'varchar(100)')
        .addColumn('file_size', 'bigint', (c) => c.notNull().defaultTo(0))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
    ),
  );

  await table('teaching_course', (t) =>
    audit(
      id(t)
        .addColumn('course_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('course_desc', text)
        .addColumn('course_icon', 'varchar(256)')
        .addColumn('course_cover', 'varchar(256)')
        .addColumn('show_type', 'integer', (c) => c.notNull().defaultTo(2))
        .addColumn('course_map', 'varchar(256)')
        .addColumn('is_shared', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('show_home', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('course_type', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('course_category', 'varchar(16)', (c) => c.notNull().defaultTo(''))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
    ),
  );
  await index('idx_teaching_course_home', 'teaching_course', ['show_home', 'order_num']);

  await table('teaching_course_auth_depart', (t) =>
    id(t)
      .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('depart_id', 'varchar(32)', (c) => c.notNull()),
  );
  await index('uniq_teaching_course_auth_depart', 'teaching_course_auth_depart', ['course_id', 'depart_id'], true);

  await table('teaching_course_unit', (t) =>
    audit(
      id(t)
        .addColumn('unit_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('unit_intro', 'varchar(256)')
        .addColumn('unit_cover', 'varchar(256)')
        .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('course_video', text)
        .addColumn('course_video_source', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('show_course_video', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('course_case', 'varchar(256)', (c) => c.notNull().defaultTo(''))
        .addColumn('show_course_case', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('course_ppt', 'varchar(1000)')
        .addColumn('show_course_ppt', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('course_work_type', 'integer')
        .addColumn('course_work', 'varchar(256)')
        .addColumn('course_work_answer', 'varchar(256)')
        .addColumn('course_plan', 'varchar(1000)')
        .addColumn('show_course_plan', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('map_x', 'integer')
        .addColumn('map_y', 'integer')
        .addColumn('media_content', text)
        .addColumn('order_num', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0)),
    ),
  );
  await index('idx_teaching_course_unit_course', 'teaching_course_unit', ['course_id', 'order_num']);

  await table('teaching_course_dept', (t) =>
    audit(
      id(t)
        .addColumn('dept_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('course_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('open_time', 'varchar(19)'),
    ),
  );
  await index('uniq_teaching_course_dept', 'teaching_course_dept', ['dept_id', 'course_id'], true);
  await index('idx_teaching_course_dept_course', 'teaching_course_dept', ['course_id']);

  await table('teaching_additional_work', (t) =>
    audit(
      id(t)
        .addColumn('code_type', 'integer')
        .addColumn('work_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('work_desc', 'varchar(512)')
        .addColumn('work_cover', 'varchar(256)')
        .addColumn('work_url', 'varchar(256)')
        .addColumn('work_document_url', 'varchar(256)')
        .addColumn('status', 'integer', (c) => c.notNull().defaultTo(0)),
    ),
  );
  await table('teaching_additional_work_dept', (t) =>
    id(t)
      .addColumn('additional_id', 'varchar(32)', (c) => c.notNull())
      .addColumn('dept_id', 'varchar(32)', (c) => c.notNull()),
  );
  await index('uniq_teaching_additional_work_dept', 'teaching_additional_work_dept', ['additional_id', 'dept_id'], true);
  await index('idx_teaching_additional_work_dept_dept', 'teaching_additional_work_dept', ['dept_id']);

  await table('teaching_work', (t) =>
    audit(
      id(t)
        .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('depart_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('course_id', 'varchar(32)')
        .addColumn('additional_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('work_name', 'varchar(64)', (c) => c.notNull())
        .addColumn('work_type', 'varchar(32)', (c) => c.notNull())
        .addColumn('work_file', 'varchar(32)', (c) => c.notNull())
        .addColumn('work_cover', 'varchar(32)')
        .addColumn('work_status', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('star_num', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('collect_num', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('view_num', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('work_scene', 'varchar(20)')
        .addColumn('has_cloud_data', 'integer', (c) => c.notNull().defaultTo(0)),
    ),
  );
  // The public lists sort by one counter among works of status ≥ 3.
  await index('idx_teaching_work_status_view', 'teaching_work', ['work_status', 'view_num']);
  await index('idx_teaching_work_status_star', 'teaching_work', ['work_status', 'star_num']);
  await index('idx_teaching_work_status_time', 'teaching_work', ['work_status', 'create_time']);
  await index('idx_teaching_work_user', 'teaching_work', ['user_id', 'create_time']);
  await index('idx_teaching_work_course', 'teaching_work', ['course_id']);
  await index('idx_teaching_work_additional', 'teaching_work', ['additional_id']);

  await table('teaching_work_correct', (t) =>
    audit(
      id(t)
        .addColumn('work_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('score', 'integer')
        .addColumn('comment', 'varchar(512)'),
    ),
  );
  await index('uniq_teaching_work_correct_work', 'teaching_work_correct', ['work_id'], true);

  await table('teaching_work_comment', (t) =>
    audit(
      id(t)
        .addColumn('work_id', 'varchar(32)', (c) => c.notNull())
        .addColumn('comment', 'varchar(512)', (c) => c.notNull())
        .addColumn('user_id', 'varchar(32)'),
    ),
  );
  await index('idx_teaching_work_comment_work', 'teaching_work_comment', ['work_id', 'create_time']);

  await table('teaching_menu', (t) =>
    audit(
      id(t)
        .addColumn('parent_id', 'varchar(32)', (c) => c.notNull().defaultTo(''))
        .addColumn('name', 'varchar(100)', (c) => c.notNull())
        .addColumn('url', 'varchar(255)')
        .addColumn('menu_type', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('sort_no', 'double precision', (c) => c.notNull().defaultTo(0))
        .addColumn('icon', 'varchar(100)')
        .addColumn('is_leaf', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('description', 'varchar(255)')
        .addColumn('del_flag', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('internal_or_external', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_route', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('hidden', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('need_login', 'integer', (c) => c.notNull().defaultTo(0)),
    ),
  );
}

export async function down(db: Kysely<any>): Promise<void> {
  for (const name of [
    'teaching_menu', 'teaching_work_comment', 'teaching_work_correct', 'teaching_work', 'teaching_additional_work_dept',
    'teaching_additional_work', 'teaching_course_dept', 'teaching_course_unit', 'teaching_course_auth_depart',
    'teaching_course', 'sys_file', 'sys_log', 'sys_session', 'sys_config', 'sys_announcement_send', 'sys_announcement',
    'sys_dict_item', 'sys_dict', 'sys_depart_role_user', 'sys_depart_role_permission', 'sys_depart_role',
    'sys_depart_permission', 'sys_user_manage_depart', 'sys_user_depart', 'sys_depart', 'sys_permission_data_rule',
    'sys_role_permission', 'sys_permission', 'sys_user_role', 'sys_role', 'sys_user',
  ]) {
    await db.schema.dropTable(name).ifExists().execute();
  }
}
