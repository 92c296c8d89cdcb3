// 编码校验规则 and 填值规则: the rule tables (the anchor's sys_check_rule and sys_fill_rule, rule_class naming a
// built-in generator), the serial counters, the seed rules where their codes are missing, and the two
// screens of 系统管理 (with their buttons) for databases seeded while they were planned or hidden by 007.
import type { CreateTableBuilder, Kysely } from 'kysely';
import type { Database } from '../schema.js';
import { SEED_CHECK_RULES, SEED_FILL_RULES } from '../seed/code-rules.js';
import { syncSeededEntries } from '../seed/menu-sync.js';

export const CODE_RULE_SCREENS: readonly (readonly [string, string])[] = [
  ['/isystem/checkRule', 'system/SysCheckRuleList'],
  ['/isystem/fillRule', 'system/SysFillRuleList'],
];

const audit = (t: CreateTableBuilder<any, any>) =>
  t
    .addColumn('create_by', 'varchar(50)')
    .addColumn('create_time', 'varchar(19)')
    .addColumn('update_by', 'varchar(50)')
    .addColumn('update_time', 'varchar(19)');

export async function up(db: Kysely<any>): Promise<void> {
  await audit(
    db.schema
      .createTable('sys_check_rule')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('rule_code', 'varchar(100)', (c) => c.notNull())
      .addColumn('rule_json', 'varchar(4000)', (c) => c.notNull())
      .addColumn('rule_description', 'varchar(200)'),
  ).execute();
  await db.schema.createIndex('uniq_sys_check_rule_code').on('sys_check_rule').column('rule_code').unique().execute();

  await audit(
    db.schema
      .createTable('sys_fill_rule')
      .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
      .addColumn('rule_name', 'varchar(100)', (c) => c.notNull())
      .addColumn('rule_code', 'varchar(100)', (c) => c.notNull())
      .addColumn('rule_class', 'varchar(100)', (c) => c.notNull())
      .addColumn('rule_params', 'varchar(1000)'),
  ).execute();
  await db.schema.createIndex('uniq_sys_fill_rule_code').on('sys_fill_rule').column('rule_code').unique().execute();

  // One row per rule and period; the primary key is what INSERT … ON CONFLICT increments atomically.
  await db.schema
    .createTable('sys_fill_rule_counter')
    .addColumn('rule_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('period', 'varchar(16)', (c) => c.notNull())
    .addColumn('current_value', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('pk_sys_fill_rule_counter', ['rule_id', 'period'])
    .execute();

  await addCodeRuleEntries(db as Kysely<Database>);
}

/** The seed rules whose codes are missing, and the menu entries (idempotent; tests of later migrations chain it). */
export async function addCodeRuleEntries(db: Kysely<Database>): Promise<void> {
  const at = '2020-02-07 11:25:48';
  const checks = new Set((await db.selectFrom('sys_check_rule').select('rule_code').execute()).map((r) => r.rule_code));
  const newChecks = SEED_CHECK_RULES.filter((r) => !checks.has(r.rule_code));
  if (newChecks.length) await db.insertInto('sys_check_rule').values(newChecks.map((r) => ({ ...r, create_by: 'admin', create_time: at }))).execute();
  const fills = new Set((await db.selectFrom('sys_fill_rule').select('rule_code').execute()).map((r) => r.rule_code));
  const newFills = SEED_FILL_RULES.filter((r) => !fills.has(r.rule_code));
  if (newFills.length) await db.insertInto('sys_fill_rule').values(newFills.map((r) => ({ ...r, create_by: 'admin', create_time: at }))).execute();
  await syncSeededEntries(db, CODE_RULE_SCREENS);
}

export async function down(db: Kysely<any>): Promise<void> {
  // The menu rows may have been edited or granted since: they stay.
  await db.schema.dropTable('sys_fill_rule_counter').ifExists().execute();
  await db.schema.dropTable('sys_fill_rule').ifExists().execute();
  await db.schema.dropTable('sys_check_rule').ifExists().execute();
}
