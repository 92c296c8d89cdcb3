// sys_user.legacy_password: a password imported from teaching-open, as it stored it (hex of PBEWithMD5AndDES
// over the username, with sys_user.salt; domain/legacy-password.ts). Login checks it while it is set, then
// stores the password with our own hash and clears it; setting a password any other way clears it too.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sys_user').addColumn('legacy_password', 'varchar(1024)').execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sys_user').dropColumn('legacy_password').execute();
}
