// First-start seed. On an empty database (no sys_user row) it creates the roles, the back-office menu of
// the screens that exist with button permissions and grants, dictionaries, site configuration, the school's
// department tree, the public site menu and the admin account; with demo content also a teacher, students, courses, works
// (with real cover and .sb3 files), class homework, graded works, the class teaching record and a notice. Everything goes in one transaction, one insert per table.
import { PostgresAdapter, sql, type Insertable, type Kysely, type Transaction } from 'kysely';
import { recordClassEvent } from '../../domain/day-log.js';
import { generatePassword, hashPassword } from '../../domain/password.js';
import { formatDateTime } from '../../domain/time.js';
import { buildCategoryRows } from './categories.js';
import type { Database } from '../schema.js';
import { buildDemoContent, DEMO_ACCOUNTS, type DemoSeed, type SeedFile } from './demo.js';
import { buildDictRows } from './dicts.js';
import { buildFrontMenuRows } from './front-menu.js';
import { buildPermissionSeed, type SeedRoleCode } from './menus.js';
import { buildAccountRows, buildDepartRows, buildRoleRows, type AccountSpec } from './org.js';
import { buildConfigRows } from './site-config.js';
import { addSampleForm } from './forms.js';
import { addSampleReport } from './reports.js';
import type { FileStore } from '../../storage/index.js';

export { PERMISSION_CODES, BACK_OFFICE_MENU } from './menus.js';
export { DICT_CODES } from './dicts.js';
export { PUBLIC_CONFIG_KEYS } from './site-config.js';

export interface SeedOptions {
  adminPassword?: string;
  demoPassword?: string;
  demoContent: boolean;
  /** Where the seeded files are stored (under `demo/`): the app's file store, local or a bucket. */
  storage: FileStore;
}

export interface SeedReport {
  seeded: boolean;
  accounts: { username: string; password: string; generated: boolean; role: string }[];
}

/** Any id for pg_advisory_xact_lock, so two instances starting on one empty database seed it once. */
const SEED_LOCK_KEY = 7_428_531_901;

/** Seeds only when sys_user is empty; idempotent otherwise (returns seeded:false). Runs inside one transaction. */
export async function seedIfEmpty(db: Kysely<Database>, opts: SeedOptions): Promise<SeedReport> {
  if (await hasUsers(db)) return { seeded: false, accounts: [] };

  // Passwords first: scrypt is slow on purpose, so it runs (in parallel) before the transaction opens.
  const planned: { username: string; realname: string; role: SeedRoleCode; password: string; generated: boolean }[] = [
    { username: 'admin', realname: '管理员', role: 'admin', ...pick(opts.adminPassword) },
  ];
  if (opts.demoContent) {
    for (const a of DEMO_ACCOUNTS) planned.push({ username: a.username, realname: a.realname, role: a.role, ...pick(opts.demoPassword) });
  }
  const hashes = await Promise.all(planned.map((a) => hashPassword(a.password)));
  const hashOf = (username: string) => hashes[planned.findIndex((a) => a.username === username)];
  // A generated password was printed on a console: its owner replaces it at first login. Passwords from
  // ADMIN_PASSWORD / DEMO_PASSWORD were chosen by the operator and are kept.
  const generated = (username: string) => planned.find((a) => a.username === username)!.generated;

  const nowDate = new Date();
  const ts = formatDateTime(nowDate);
  const roles = buildRoleRows(ts);
  const departs = buildDepartRows(ts);
  const perms = buildPermissionSeed(roles.ids, ts);
  const dicts = buildDictRows(ts);
  const config = buildConfigRows({ studentRoleId: roles.ids.student, defaultDepartId: departs.ids.class1 });
  const frontMenu = buildFrontMenuRows(ts);

  const specs: AccountSpec[] = [
    {
      username: 'admin',
      realname: '管理员',
      passwordHash: hashOf('admin'),
      needChangePassword: generated('admin'),
      identity: 2,
      role: 'admin',
      sex: null,
      memberOf: [departs.ids.school],
      manages: [departs.ids.school],
      orgCode: departs.orgCodes.school,
    },
  ];
  if (opts.demoContent) {
    for (const a of DEMO_ACCOUNTS) {
      specs.push({
        username: a.username,
        realname: a.realname,
        passwordHash: hashOf(a.username),
        needChangePassword: generated(a.username),
        identity: a.identity,
        role: a.role,
        sex: a.sex,
        memberOf: [departs.ids[a.memberOf]],
        manages: a.manages.map((k) => departs.ids[k]),
        orgCode: departs.orgCodes[a.memberOf],
      });
    }
  }
  const accounts = buildAccountRows(specs, roles.ids, ts);
  const demo: DemoSeed | null = opts.demoContent
    ? buildDemoContent({ userIds: accounts.ids, departs: departs.ids, now: nowDate })
    : null;

  const written: string[] = [];
  let seeded: boolean;
  try {
    seeded = await db.transaction().execute(async (trx) => {
      if (db.getExecutor().adapter instanceof PostgresAdapter) {
        await sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY})`.execute(trx);
      }
      if (await hasUsers(trx)) return false;
      if (demo) await writeFiles(opts.storage, demo.files, written);

      await insertRows(trx, 'sys_role', roles.rows);
      await insertRows(trx, 'sys_depart', departs.rows);
      await insertRows(trx, 'sys_permission', perms.permissions);
      await insertRows(trx, 'sys_permission_data_rule', perms.dataRules);
      await insertRows(trx, 'sys_role_permission', perms.rolePermissions);
      await insertRows(trx, 'sys_dict', dicts.dicts);
      await insertRows(trx, 'sys_dict_item', dicts.items);
      await insertRows(trx, 'sys_category', buildCategoryRows(ts));
      await insertRows(trx, 'sys_config', config);
      await insertRows(trx, 'teaching_menu', frontMenu);
      await addSampleReport(trx, ts);
      await addSampleForm(trx, ts);
      await insertRows(trx, 'sys_user', accounts.users);
      await insertRows(trx, 'sys_user_role', accounts.userRoles);
      await insertRows(trx, 'sys_user_depart', accounts.userDeparts);
      await insertRows(trx, 'sys_user_manage_depart', accounts.manageDeparts);
      if (demo) {
        await insertRows(trx, 'sys_file', demo.sysFiles);
        await insertRows(trx, 'teaching_course', demo.courses);
        await insertRows(trx, 'teaching_course_unit', demo.units);
        await insertRows(trx, 'teaching_course_dept', demo.courseDepts);
        await insertRows(trx, 'teaching_additional_work', demo.additionalWorks);
        await insertRows(trx, 'teaching_additional_work_dept', demo.additionalWorkDepts);
        await insertRows(trx, 'teaching_work', demo.works);
        await insertRows(trx, 'teaching_work_correct', demo.corrects);
        await insertRows(trx, 'sys_announcement', demo.announcements);
        await insertRows(trx, 'teaching_news', demo.news);
        // The class record is written by its one writer, as the live events would have written it.
        for (const e of [...demo.classEvents].sort((a, b) => a.at.localeCompare(b.at))) {
          await recordClassEvent(trx, e.departId, e.kind, e.subjectId, e.at);
        }
      }
      return true;
    });
  } catch (err) {
    await opts.storage.remove(written).catch(() => undefined);
    throw err;
  }
  if (!seeded) return { seeded: false, accounts: [] };
  return {
    seeded: true,
    accounts: planned.map((a) => ({ username: a.username, password: a.password, generated: a.generated, role: a.role })),
  };
}

function pick(given: string | undefined): { password: string; generated: boolean } {
  return given ? { password: given, generated: false } : { password: generatePassword(), generated: true };
}

async function hasUsers(db: Kysely<Database>): Promise<boolean> {
  const row = await db.selectFrom('sys_user').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

// Keeps each statement well under SQLite's 32766 and PostgreSQL's 65535 bind-parameter limits.
const MAX_PARAMS = 30_000;

/** One multi-row insert per table (split only if it would exceed the parameter limit). */
async function insertRows<T extends keyof Database & string>(
  trx: Transaction<Database>,
  table: T,
  rows: readonly Insertable<Database[T]>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.keys(rows[0] as object);
  // Every row must name the same columns: a multi-row VALUES list cannot mix "given" and "default" on SQLite.
  const signature = [...columns].sort().join(',');
  for (const r of rows) {
    if (Object.keys(r as object).sort().join(',') !== signature) throw new Error(`seed: rows for ${table} have different columns`);
  }
  const perChunk = Math.max(1, Math.floor(MAX_PARAMS / columns.length));
  for (let i = 0; i < rows.length; i += perChunk) {
    // The generic table parameter defeats Kysely's per-table value typing; the rows are typed by the caller.
    await trx
      .insertInto(table)
      .values(rows.slice(i, i + perChunk) as never)
      .execute();
  }
}

async function writeFiles(store: FileStore, files: SeedFile[], written: string[]): Promise<void> {
  for (const f of files) {
    await store.put(f.key, f.data, { contentType: f.contentType, exclusive: true });
    written.push(f.key);
  }
}
