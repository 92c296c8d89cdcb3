// sys_user.need_change_password: 1 while the account's password was chosen by someone else (generated at
// first start, given on an import or the add form, reset by an admin or teacher). The user is then sent to
// change it before doing anything else; their own change clears it. Existing accounts start at 0.
import type { Kysely } from 'kysely';

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sys_user').addColumn('need_change_password', 'integer', (c) => c.notNull().defaultTo(0)).execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('sys_user').dropColumn('need_change_password').execute();
}
