// SMS verification codes (POST /sys/sms; domain/sms-codes.ts): one open code per phone and purpose (注册,
// 找回密码), stored as a salted sha256 only, valid 5 minutes, a few tries, single use.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_sms_code')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    .addColumn('phone', 'varchar(32)', (c) => c.notNull())
    // 'register' or 'forgot'.
    .addColumn('purpose', 'varchar(16)', (c) => c.notNull())
    // salt$sha256(salt:code), both hex; the code itself is not stored.
    .addColumn('code_hash', 'varchar(128)', (c) => c.notNull())
    // Wrong answers so far; the code is dead at the limit (domain/sms-codes.ts).
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('uniq_sys_sms_code_phone').on('sys_sms_code').columns(['phone', 'purpose']).unique().execute();
  await db.schema.createIndex('idx_sys_sms_code_expires').on('sys_sms_code').column('expires_at').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_sms_code').ifExists().execute();
}
