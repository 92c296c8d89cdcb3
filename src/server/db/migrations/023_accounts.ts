// Self-service accounts: image captchas (registration, recovery, and login after repeated failures) and
// password-reset tokens. Both live in the database so every process of an installation sees them (no Redis
// needed) and both are single use: a check deletes the rows it reads.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sys_captcha')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // The client's checkKey (the anchor's client sends Date.now()); several codes may share one key.
    .addColumn('check_key', 'varchar(64)', (c) => c.notNull())
    // sha256 of checkKey + ':' + the lower-cased code; the code itself is not stored.
    .addColumn('code_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('idx_sys_captcha_key').on('sys_captcha').column('check_key').execute();
  await db.schema.createIndex('idx_sys_captcha_expires').on('sys_captcha').column('expires_at').execute();

  await db.schema
    .createTable('sys_password_reset')
    .addColumn('id', 'varchar(32)', (c) => c.primaryKey())
    // sha256 of the token sent by e-mail; the token itself is never stored.
    .addColumn('token_hash', 'varchar(64)', (c) => c.notNull())
    .addColumn('user_id', 'varchar(32)', (c) => c.notNull())
    .addColumn('created_at', 'bigint', (c) => c.notNull())
    .addColumn('expires_at', 'bigint', (c) => c.notNull())
    .addColumn('ip', 'varchar(64)')
    .execute();
  await db.schema.createIndex('uniq_sys_password_reset_token').on('sys_password_reset').column('token_hash').unique().execute();
  await db.schema.createIndex('idx_sys_password_reset_user').on('sys_password_reset').column('user_id').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropTable('sys_password_reset').ifExists().execute();
  await db.schema.dropTable('sys_captcha').ifExists().execute();
}
