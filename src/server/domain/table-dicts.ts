// Table dictionaries: the few `table,text,code` triples the screens use, fixed in code so no identifier
// from a request ever reaches SQL. Each answers what the caller may see, never deleted rows: people and
// classes follow the caller's scope (domain/user-scope), so a student's dropdown is not the school roster.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { allCategories, ROOT_PID, treeNodes } from './categories.js';
import type { DictOption } from './dicts.js';
import type { SessionUser } from './sessions.js';
import { scopeMemberIds, userScope } from './user-scope.js';

export const TABLE_DICTS = {
  'sys_user,realname,id': { table: 'sys_user', text: 'realname', code: 'id' },
  'sys_user,realname,username': { table: 'sys_user', text: 'realname', code: 'username' },
  'sys_depart,depart_name,id': { table: 'sys_depart', text: 'depart_name', code: 'id' },
  'sys_role,role_name,id': { table: 'sys_role', text: 'role_name', code: 'id' },
  'teaching_course,course_name,id': { table: 'teaching_course', text: 'course_name', code: 'id' },
} as const;

const LIMIT = 1000;

type Viewer = Pick<SessionUser, 'id' | 'roles'>;
type Row = { text: string | null; value: string };

/**
 * Active accounts (not deleted, not frozen) the viewer may see: everyone for admins, the members of the classes
 * they manage for others, and always themselves (a student gets just their own name).
 */
async function users(db: Kysely<Database>, viewer: Viewer, code: 'id' | 'username', only?: string[]): Promise<Row[]> {
  const scope = await userScope(db, viewer);
  let q = db
    .selectFrom('sys_user as u')
    .select(['u.realname as text', `u.${code} as value`])
    .where('u.del_flag', '=', 0)
    .where('u.status', '=', 1);
  if (!scope.all) q = q.where((eb) => eb.or([eb('u.id', '=', viewer.id), eb('u.id', 'in', scopeMemberIds(db, scope))]));
  if (only) q = q.where(`u.${code}`, 'in', only.length ? only : ['']);
  return q.orderBy('u.realname').orderBy('u.id').limit(LIMIT).execute();
}

/**
 * Live departments the viewer may see: all for admins; otherwise the subtrees they manage and the departments
 * they belong to, each with its ancestors (a class name reads with its school and grade).
 */
async function departs(db: Kysely<Database>, viewer: Viewer): Promise<(Row & { parent_id: string })[]> {
  const [scope, all, own] = await Promise.all([
    userScope(db, viewer),
    db.selectFrom('sys_depart').select(['depart_name as text', 'id as value', 'org_code', 'parent_id']).where('del_flag', '=', '0').orderBy('org_code').execute(),
    db
      .selectFrom('sys_user_depart as ud')
      .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
      .select('d.org_code')
      .where('ud.user_id', '=', viewer.id)
      .execute(),
  ]);
  const visible = scope.all
    ? all
    : all.filter(
        (d) =>
          scope.orgCodes.some((root) => d.org_code.startsWith(root) || root.startsWith(d.org_code)) ||
          own.some((m) => m.org_code.startsWith(d.org_code)),
      );
  return visible.slice(0, LIMIT);
}

export async function tableDictItems(db: Kysely<Database>, key: keyof typeof TABLE_DICTS, viewer: Viewer): Promise<DictOption[]> {
  let rows: Row[];
  switch (TABLE_DICTS[key].table) {
    case 'sys_user':
      rows = await users(db, viewer, TABLE_DICTS[key].code as 'id' | 'username');
      break;
    case 'sys_depart':
      rows = await departs(db, viewer);
      break;
    case 'sys_role':
      rows = await db.selectFrom('sys_role').select(['role_name as text', 'id as value']).orderBy('role_level', 'desc').orderBy('role_name').limit(LIMIT).execute();
      break;
    case 'teaching_course':
      rows = await db
        .selectFrom('teaching_course')
        .select(['course_name as text', 'id as value'])
        .where('del_flag', '=', 0)
        .orderBy('order_num')
        .orderBy('id')
        .limit(LIMIT)
        .execute();
      break;
  }
  return rows.map((r) => ({ value: String(r.value), text: r.text ?? '', title: r.text ?? '' }));
}

/**
 * Tree table dictionaries (the tree select's `loadTreeData`: table, text, code and parent fields), fixed here like
 * TABLE_DICTS. Departments follow the viewer's scope; categories are everyone's (the select helpers' rule).
 */
export const TREE_TABLE_DICTS = {
  'sys_depart,depart_name,id,parent_id': 'sys_depart',
  'sys_category,name,id,pid': 'sys_category',
} as const;

/** A node as JeecgBoot's TreeSelectModel: key and value are the code field, title the text. */
export interface TreeOption {
  key: string;
  title: string;
  value: string;
  parentId: string;
  isLeaf: boolean;
}

/**
 * One level of a tree table dictionary: the children of `pid` ('' or '0': the top, which for a teacher are the
 * highest departments they may see).
 */
export async function tableDictTree(db: Kysely<Database>, key: keyof typeof TREE_TABLE_DICTS, viewer: Viewer, pid: string): Promise<TreeOption[]> {
  const top = pid === '' || pid === ROOT_PID;
  if (TREE_TABLE_DICTS[key] === 'sys_category') {
    return treeNodes(await allCategories(db), top ? ROOT_PID : pid, false).map((n) => ({ key: n.key, title: n.title, value: n.value, parentId: n.parentId, isLeaf: n.isLeaf }));
  }
  const rows = await departs(db, viewer);
  const visible = new Set(rows.map((r) => r.value));
  const level = rows.filter((r) => (top ? !visible.has(r.parent_id) : r.parent_id === pid));
  return level.map((r) => ({ key: r.value, title: r.text ?? '', value: r.value, parentId: r.parent_id, isLeaf: !rows.some((k) => k.parent_id === r.value) }));
}

/** The texts of these codes in a table dictionary, in the order asked; codes the viewer may not see are left out. */
export async function tableDictTexts(db: Kysely<Database>, key: keyof typeof TABLE_DICTS, viewer: Viewer, codes: string[]): Promise<string[]> {
  const { table, code } = TABLE_DICTS[key];
  // People are looked up by the codes asked (a school has more than one dropdown's worth of them).
  const options =
    table === 'sys_user'
      ? (await users(db, viewer, code as 'id' | 'username', codes)).map((r) => ({ value: String(r.value), text: r.text ?? '' }))
      : await tableDictItems(db, key, viewer);
  const byValue = new Map(options.map((o) => [o.value, o.text]));
  return codes.flatMap((v) => (byValue.has(v) ? [byValue.get(v)!] : []));
}
