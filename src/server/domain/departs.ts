// The department tree (school 机构 → grade 部门 → class 班级). Its shape lives in org_code: every level adds
// one 3-character segment (A01, A01A01, A01A01A01 …), so a subtree is "every code starting with this one".
// Here: org code generation, subtree helpers (also used by user management for a teacher's scope), the
// anchor's tree models, and the cascade that removes departments with everything that hangs on them.
import type { Kysely, Transaction } from 'kysely';
import { isUniqueViolation } from '../db/errors.js';
import { SIBLING_NAME_INDEX } from '../db/migrations/005_unique_sibling_departs.js';
import type { Database, SysDepart, SysPermission } from '../db/schema.js';
import { camel, type Camel } from './serialize.js';
import { treeModels } from './permission-tree.js';
import { escapeLike, like } from './sql-like.js';
import { buildTree, mapTree } from '../shared/tree.js';

type Db = Kysely<Database> | Transaction<Database>;

/** Characters one level adds to the org code. */
export const ORG_CODE_SEGMENT = 3;
/** A segment is a letter and two digits: A01 … A99, B01 … Z99. */
const SEGMENT_RE = /^[A-Z][0-9]{2}$/;
const MAX_SIBLINGS = 26 * 99;

/** org_category: 1 机构 (school), 2 部门 (grade), 3 班级 (class). */
export type OrgCategory = '1' | '2' | '3';

/** 'A01' → 0, 'A99' → 98, 'B01' → 99; null for anything that is not a segment. */
export function segmentOrdinal(segment: string): number | null {
  if (!SEGMENT_RE.test(segment)) return null;
  const n = Number(segment.slice(1));
  if (n < 1) return null;
  return (segment.charCodeAt(0) - 65) * 99 + (n - 1);
}

export function ordinalSegment(ordinal: number): string {
  const letter = String.fromCharCode(65 + Math.floor(ordinal / 99));
  return `${letter}${String((ordinal % 99) + 1).padStart(2, '0')}`;
}

/**
 * The code of a new child of `parentCode` given the codes its level already uses: one past the highest
 * (so a deleted department's code is not handed out again while later siblings exist — users' current
 * department is remembered by code); when the highest is Z99, the lowest free one. Null when all are taken.
 */
export function nextOrgCodeFrom(parentCode: string, siblingCodes: string[]): string | null {
  const used = new Set<number>();
  for (const code of siblingCodes) {
    if (!code.startsWith(parentCode) || code.length !== parentCode.length + ORG_CODE_SEGMENT) continue;
    const n = segmentOrdinal(code.slice(parentCode.length));
    if (n !== null) used.add(n);
  }
  if (!used.size) return parentCode + ordinalSegment(0);
  const max = Math.max(...used);
  if (max + 1 < MAX_SIBLINGS) return parentCode + ordinalSegment(max + 1);
  for (let i = 0; i < MAX_SIBLINGS; i++) if (!used.has(i)) return parentCode + ordinalSegment(i);
  return null;
}

/** Codes one level below `parentCode` ('' for roots), whatever their parent_id says. */
async function childCodes(db: Db, parentCode: string): Promise<string[]> {
  const rows = await db
    .selectFrom('sys_depart')
    .select('org_code')
    .where(like('org_code', `${escapeLike(parentCode)}${'_'.repeat(ORG_CODE_SEGMENT)}`))
    .execute();
  return rows.map((r) => r.org_code);
}

export async function nextOrgCode(db: Db, parentCode: string): Promise<string | null> {
  return nextOrgCodeFrom(parentCode, await childCodes(db, parentCode));
}

/** Drops codes that lie inside another listed code's subtree (A01A01 goes when A01 is there). */
export function topmostCodes(codes: string[]): string[] {
  const sorted = [...new Set(codes.filter(Boolean))].sort((a, b) => a.length - b.length || a.localeCompare(b));
  const out: string[] = [];
  for (const code of sorted) if (!out.some((p) => code.startsWith(p))) out.push(code);
  return out;
}

const CHUNK = 500;
/** `items` in runs of at most `size` (IN lists and multi-row inserts stay under the drivers' parameter limits). */
export const chunks = <T>(items: T[], size = CHUNK): T[][] => {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
};

/** Departments of the subtrees rooted at these org codes (the roots included). */
export async function subtreeByCodes(db: Db, codes: string[]): Promise<SysDepart[]> {
  const tops = topmostCodes(codes);
  if (!tops.length) return [];
  const out: SysDepart[] = [];
  for (const part of chunks(tops, 100)) {
    const rows = await db
      .selectFrom('sys_depart')
      .selectAll()
      .where((eb) => eb.or(part.map((code) => like('org_code', `${escapeLike(code)}%`))))
      .execute();
    out.push(...rows);
  }
  return out;
}

async function codesOf(db: Db, departIds: string[]): Promise<string[]> {
  const out: string[] = [];
  for (const part of chunks([...new Set(departIds)])) {
    const rows = await db.selectFrom('sys_depart').select('org_code').where('id', 'in', part).execute();
    out.push(...rows.map((r) => r.org_code));
  }
  return out;
}

/** Ids of the departments a user manages (sys_user_manage_depart, the anchor's depart_ids). */
export async function managedDepartIdsOf(db: Db, userId: string): Promise<string[]> {
  const rows = await db.selectFrom('sys_user_manage_depart').select('dep_id').where('user_id', '=', userId).execute();
  return rows.map((r) => r.dep_id);
}

/** Rows of the managed subtrees (for trees and scope checks in one query). */
export async function managedSubtree(db: Db, userId: string): Promise<SysDepart[]> {
  return subtreeByCodes(db, await codesOf(db, await managedDepartIdsOf(db, userId)));
}

/** Level of a department under a parent: the anchor's org_type (1 for roots). */
export const childOrgType = (parent: Pick<SysDepart, 'org_type'> | null) => String(parent ? (Number.parseInt(parent.org_type, 10) || 1) + 1 : 1);

/** Default category of a new child: a school's children are grades, a grade's children classes. */
export function defaultChildCategory(parent: Pick<SysDepart, 'org_category'> | null): OrgCategory {
  if (!parent) return '1';
  return parent.org_category === '1' ? '2' : '3';
}

const bySiblingOrder = (a: SysDepart, b: SysDepart) => a.depart_order - b.depart_order || a.org_code.localeCompare(b.org_code);

/** SysDepartTreeModel of the anchor: the entity's fields plus key/value/title/isLeaf/children. */
export interface DepartTreeModel extends Camel<SysDepart> {
  key: string;
  value: string;
  title: string;
  isLeaf: boolean;
  children: DepartTreeModel[];
}

export function departModel(d: SysDepart, children: DepartTreeModel[] = []): DepartTreeModel {
  return {
    key: d.id,
    value: d.id,
    title: d.depart_name,
    isLeaf: children.length === 0,
    ...camel(d),
    id: d.id,
    parentId: d.parent_id ?? '',
    orgCode: d.org_code,
    children,
  };
}

/**
 * Builds the tree of the given rows. Roots are rows whose parent is not among them (so a teacher's
 * managed subtrees become roots); siblings are ordered by depart_order, then org_code.
 */
export function buildDepartTree(rows: SysDepart[]): DepartTreeModel[] {
  // Sorting first orders every set of siblings: the builder keeps the rows' order.
  return buildTree([...rows].sort(bySiblingOrder), { id: (d) => d.id, parentId: (d) => d.parent_id, toNode: departModel });
}

/** The light {key, value, title, children} tree of queryIdTree. */
export interface IdTreeNode {
  key: string;
  value: string;
  title: string;
  children: IdTreeNode[];
}
export const toIdTree = (nodes: DepartTreeModel[]): IdTreeNode[] =>
  mapTree(nodes, (n, children: IdTreeNode[]) => ({ key: n.id, value: n.id, title: n.title, children }));

/** Every department of the database, ordered for tree building. */
export const allDeparts = (db: Db) => db.selectFrom('sys_depart').selectAll().orderBy('depart_order').orderBy('org_code').execute();

/** Everything stored per department id: removed with the department (sys_user.org_code is reset separately). */
async function deleteLinks(tx: Transaction<Database>, ids: string[]) {
  for (const part of chunks(ids)) {
    const roles = tx.selectFrom('sys_depart_role').select('id').where('depart_id', 'in', part);
    await tx.deleteFrom('sys_depart_role_user').where('drole_id', 'in', roles).execute();
    await tx.deleteFrom('sys_depart_role_permission').where('depart_id', 'in', part).execute();
    await tx.deleteFrom('sys_depart_role').where('depart_id', 'in', part).execute();
    await tx.deleteFrom('sys_depart_permission').where('depart_id', 'in', part).execute();
    await tx.deleteFrom('sys_user_depart').where('dep_id', 'in', part).execute();
    await tx.deleteFrom('sys_user_manage_depart').where('dep_id', 'in', part).execute();
    // A deleted class takes no courses and no homework any more (the works its students made stay theirs).
    await tx.deleteFrom('teaching_course_dept').where('dept_id', 'in', part).execute();
    await tx.deleteFrom('teaching_additional_work_dept').where('dept_id', 'in', part).execute();
  }
}

/**
 * Physically deletes the departments (already including their descendants) and everything linked to them,
 * in one transaction. Users whose current department was one of them get another of their departments as
 * current, or none.
 */
export async function deleteDepartsCascade(db: Kysely<Database>, departs: Pick<SysDepart, 'id' | 'org_code'>[]): Promise<void> {
  const ids = departs.map((d) => d.id);
  const codes = departs.map((d) => d.org_code);
  await db.transaction().execute(async (tx) => {
    const affected: string[] = [];
    for (const part of chunks(codes)) {
      const rows = await tx.selectFrom('sys_user').select('id').where('org_code', 'in', part).execute();
      affected.push(...rows.map((r) => r.id));
    }
    await deleteLinks(tx, ids);
    for (const part of chunks(ids)) await tx.deleteFrom('sys_depart').where('id', 'in', part).execute();
    for (const userId of affected) await resetCurrentDepart(tx, userId);
  });
}

/** Sets a user's current department (org_code) to one they still belong to, or none. */
async function resetCurrentDepart(db: Db, userId: string): Promise<void> {
  const first = await db
    .selectFrom('sys_user_depart as ud')
    .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
    .select('d.org_code')
    .where('ud.user_id', '=', userId)
    .orderBy('d.org_code')
    .executeTakeFirst();
  await db.updateTable('sys_user').set({ org_code: first?.org_code ?? null }).where('id', '=', userId).execute();
}

/** Users whose current department is one they no longer belong to get a valid one (after membership removals). */
export async function repairCurrentDeparts(db: Db, userIds: string[]): Promise<void> {
  for (const part of chunks([...new Set(userIds)])) {
    const rows = await db
      .selectFrom('sys_user as u')
      .select(['u.id', 'u.org_code'])
      .where('u.id', 'in', part)
      .where('u.org_code', 'is not', null)
      .where(({ not, exists, selectFrom }) =>
        not(
          exists(
            selectFrom('sys_user_depart as ud')
              .innerJoin('sys_depart as d', 'd.id', 'ud.dep_id')
              .select('ud.id')
              .whereRef('ud.user_id', '=', 'u.id')
              .whereRef('d.org_code', '=', 'u.org_code'),
          ),
        ),
      )
      .execute();
    for (const r of rows) await resetCurrentDepart(db, r.id);
  }
}

/** A sibling already has the name (the unique index on parent_id + depart_name), on either database. */
export function isSiblingNameViolation(err: unknown): boolean {
  const e = err as { constraint?: string; message?: string } | null;
  return isUniqueViolation(err) && (e?.constraint === SIBLING_NAME_INDEX || /sys_depart\.depart_name/.test(e?.message ?? ''));
}

export const SIBLING_NAME_TAKEN = '同一上级下已存在同名部门';

/**
 * Department permission and department-role grant trees: the anchor's TreeModel, built like the role grant
 * tree (rows whose parent is outside the department's set become roots).
 */
export const buildPermissionTree = (rows: SysPermission[]) => treeModels(rows);

/** Live permission rows, in menu order (optionally only these ids). */
export async function permissionRows(db: Db, onlyIds?: string[]): Promise<SysPermission[]> {
  if (onlyIds && !onlyIds.length) return [];
  let q = db.selectFrom('sys_permission').selectAll().where('del_flag', '=', 0);
  if (onlyIds) q = q.where('id', 'in', onlyIds);
  return q.orderBy('sort_no', 'asc').orderBy('id', 'asc').execute();
}

