// 消息中心: message templates (JeecgBoot's sys_sms_template) and sent messages (sys_sms) with their tries and the
// due time of the next automatic try; two sample templates; the built-in job that retries failed messages
// (发送待重试消息, every minute); the msgType / msgSendStatus dictionaries and the two screens for databases
// seeded while 消息中心 was planned (or hidden by 007).
import type { Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { dictEntryRows } from '../seed/dicts.js';
import { syncSeededEntries } from '../seed/menu-sync.js';
import { RETRY_JOB, retryJob, sampleTemplates } from '../seed/messages.js';

export const MESSAGE_SCREENS: readonly (readonly [string, string])[] = [
  ['/modules/message/sysMessageList', 'modules/message/SysMessageList'],
  ['/modules/message/sysMessageTemplateList', 'modules/message/SysMessageTemplateList'],
];
export const MESSAGE_DICTS = ['msgType', 'msgSendStatus'];
export { RETRY_JOB };

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_sms_template')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('template_code', 'varchar(100)', (c) => c.notNull())
    .addColumn('template_name', 'varchar(100)', (c) => c.notNull())
    .addColumn('template_content', 'text', (c) => c.notNull())
    .addColumn('template_test_json', 'text')
    .addColumn('template_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  await db.schema.createIndex('uniq_sys_sms_template_code').on('sys_sms_template').column('template_code').unique().execute();

  await db.schema
    .createTable('sys_sms')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('es_type', 'varchar(10)', (c) => c.notNull())
    .addColumn('es_title', 'varchar(200)')
    .addColumn('es_content', 'text')
    .addColumn('es_param', 'text')
    .addColumn('es_receiver', 'varchar(255)', (c) => c.notNull())
    .addColumn('es_send_time', 'varchar(19)')
    .addColumn('es_send_status', 'varchar(2)', (c) => c.notNull())
    .addColumn('es_send_num', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('es_result', 'varchar(1000)')
    .addColumn('remark', 'varchar(500)')
    .addColumn('next_try_time', 'varchar(19)')
    .addColumn('template_code', 'varchar(100)')
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'varchar(19)')
    .execute();
  // The retry job's search: messages whose next try is due.
  await db.schema.createIndex('idx_sys_sms_next_try').on('sys_sms').column('next_try_time').execute();
  // The list, newest first.
  await db.schema.createIndex('idx_sys_sms_create_time').on('sys_sms').columns(['create_time', 'id']).execute();

  await db.insertInto('sys_sms_template').values(sampleTemplates()).execute();
  await addMessageEntries(db as Kysely<Database>);
}

/** What a database seeded before 消息中心 existed lacks besides the tables (idempotent). */
export async function addMessageEntries(db: Kysely<Database>): Promise<void> {
  if (!(await db.selectFrom('sys_quartz_job').select('id').where('job_class_name', '=', RETRY_JOB).executeTakeFirst())) {
    await db.insertInto('sys_quartz_job').values(retryJob()).execute();
  }
  // An empty database gets every dictionary and menu from the seed.
  if (await db.selectFrom('sys_dict').select('id').limit(1).executeTakeFirst()) {
    for (const code of MESSAGE_DICTS) {
      if (await db.selectFrom('sys_dict').select('id').where('dict_code', '=', code).executeTakeFirst()) continue;
      const rows = dictEntryRows(code);
      if (!rows) continue;
      await db.insertInto('sys_dict').values(rows.dict).execute();
      await db.insertInto('sys_dict_item').values(rows.items).execute();
    }
  }
  await syncSeededEntries(db, MESSAGE_SCREENS);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The menu rows and the job may have been edited or granted since: they stay.
  await db.schema.dropTable('sys_sms').ifExists().execute();
  await db.schema.dropTable('sys_sms_template').ifExists().execute();
}
