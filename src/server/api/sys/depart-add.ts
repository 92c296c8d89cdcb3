// Adding a department, shared by /sys/sysDepart/add and /sys/sysDepart/importExcel so both apply the same rules:
// the parent in the caller's scope (non-admins only below a department they manage), a class has no children,
// a top-level department is an 机构 and one below is not, the name unique among siblings, a fresh org code.
import type { Context } from 'hono';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { departApi } from '../../contracts/departs.js';
import { isUniqueViolation } from '../../db/errors.js';
import type { SysDepart } from '../../db/schema.js';
import { childOrgType, defaultChildCategory, isSiblingNameViolation, nextOrgCode, SIBLING_NAME_TAKEN } from '../../domain/departs.js';
import { newId } from '../../domain/ids.js';
import { now } from '../../domain/time.js';
import { departFields, departsList } from '../../resources/departs.js';
import { perm, type ApiRoutes } from '../access.js';
import { importWorkbook } from '../excel.js';
import { departScope, scopedDepart, type DepartScope } from './depart-scope.js';

/** The texts a blank or missing value clears (stored as NULL). */
const CLEARED = ['mobile', 'fax', 'address', 'memo', 'description', 'departNameEn', 'departNameAbbr'] as const;
type Cleared = Record<(typeof CLEARED)[number], string | null>;
export const cleared = <B extends Record<(typeof CLEARED)[number], string | null | undefined>>(b: B) => ({
  ...b,
  ...(Object.fromEntries(CLEARED.map((k) => [k, b[k] || null])) as Cleared),
});

export const departBody = departFields.schema(['departName', 'departOrder', ...CLEARED]).extend({
  // Missing: the default of the department's place in the tree (add) or unchanged (edit). The values are the
  // org_category dictionary's: 机构, 部门, 班级.
  orgCategory: z
    .union([z.string(), z.number()], { message: '机构类型只能是机构、部门或班级' })
    .nullish()
    .transform((v) => (v === null || v === undefined || v === '' ? null : (String(v) as '1' | '2' | '3')))
    .refine((v) => v === null || ['1', '2', '3'].includes(v), '机构类型只能是机构、部门或班级'),
  status: z.enum(['0', '1'], { message: '状态只能是启用或不启用' }).nullish(),
});

export const addBody = departBody
  .extend({ parentId: z.string({ message: '上级部门必须是文本' }).trim().max(64, '上级部门不存在').nullish() })
  .transform(cleared);
type AddBody = z.infer<typeof addBody>;

export async function siblingNameTaken(c: Context<ApiEnv>, parentId: string, name: string, exceptId?: string) {
  let q = c.get('deps').db.selectFrom('sys_depart').select('id').where('parent_id', '=', parentId).where('depart_name', '=', name);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export type AddOutcome = { row: SysDepart } | { field?: string; message: string };

/** Adds one department as the caller; a refusal names the field it is about (when there is one). */
export async function addDepart(c: Context<ApiEnv>, scope: DepartScope, b: AddBody): Promise<AddOutcome> {
  const user = c.get('user')!;
  const { db } = c.get('deps');
  let parent: SysDepart | undefined;
  if (b.parentId) {
    parent = await scopedDepart(c, scope, b.parentId);
    if (!parent) return { field: 'parentId', message: '上级部门不存在' };
    if (parent.org_category === '3') return { field: 'parentId', message: '班级下不能再添加下级部门' };
  } else if (!scope.all) {
    return { message: '权限不足，只能在您负责的部门下添加' };
  }
  const category = b.orgCategory ?? defaultChildCategory(parent ?? null);
  if (!parent && category !== '1') return { field: 'orgCategory', message: '一级部门只能是机构' };
  if (parent && category === '1') return { field: 'orgCategory', message: '下级部门只能是部门或班级' };
  if (await siblingNameTaken(c, parent?.id ?? '', b.departName)) return { field: 'departName', message: SIBLING_NAME_TAKEN };

  // org_code is unique: two adds under one parent at the same moment compute the same code, one of them
  // fails on the index and tries again with the codes as they are now. The name is unique among siblings
  // too: of parallel adds of one name, one is made and the others hear the name is taken.
  const id = newId();
  // Without an order the new department goes after its siblings.
  const order =
    b.departOrder ??
    Number(
      (await db.selectFrom('sys_depart').select((eb) => eb.fn.max('depart_order').as('m')).where('parent_id', '=', parent?.id ?? '').executeTakeFirst())?.m ?? 0,
    ) + 1;
  for (let attempt = 0; attempt < 25; attempt++) {
    const code = await nextOrgCode(db, parent?.org_code ?? '');
    if (!code) return { message: '该部门下的下级部门数量已达上限' };
    try {
      await db
        .insertInto('sys_depart')
        .values({
          id,
          parent_id: parent?.id ?? '',
          depart_name: b.departName,
          depart_name_en: b.departNameEn,
          depart_name_abbr: b.departNameAbbr,
          depart_order: Math.min(order, 99999),
          description: b.description,
          org_category: category,
          org_type: childOrgType(parent ?? null),
          org_code: code,
          mobile: b.mobile,
          fax: b.fax,
          address: b.address,
          memo: b.memo,
          status: b.status ?? '1',
          del_flag: '0',
          create_by: user.username,
          create_time: now(),
        })
        .execute();
      return { row: await db.selectFrom('sys_depart').selectAll().where('id', '=', id).executeTakeFirstOrThrow() };
    } catch (err) {
      if (isSiblingNameViolation(err)) return { field: 'departName', message: SIBLING_NAME_TAKEN };
      if (!isUniqueViolation(err)) throw err;
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * 8 * (attempt + 1)));
    }
  }
  return { message: '操作失败，请稍后重试' };
}

// ---------------------------------------------------------------------------------------------------------
// 导入: the export's columns (部门名称, 上级部门, 机构类型, 排序, 手机号, 传真, 地址, 备注, 状态). 机构编码 and 创建时间 are
// not read: a new department gets a fresh code. 上级部门 names the parent by its org code or, when unique in the
// caller's scope, by its name (the export writes the name); parents earlier in the sheet are found too.

const IMPORT_TITLES: Record<string, string> = {
  部门名称: 'departName',
  上级部门: 'parent',
  机构类型: 'orgCategory',
  排序: 'departOrder',
  手机号: 'mobile',
  传真: 'fax',
  地址: 'address',
  备注: 'memo',
  状态: 'status',
};
const CATEGORY_TEXT: Record<string, string> = { 机构: '1', 部门: '2', 班级: '3' };
const STATUS_TEXT: Record<string, string> = { 启用: '1', 不启用: '0' };
const byText = (map: Record<string, string>) => (v: unknown) => (typeof v === 'string' && v in map ? map[v] : v);

const importRow = departBody
  .extend({
    orgCategory: z.preprocess(byText(CATEGORY_TEXT), departBody.shape.orgCategory),
    status: z.preprocess(byText(STATUS_TEXT), departBody.shape.status),
    parent: z.string().trim().max(100, '上级部门不存在').optional(),
  })
  .transform(cleared);

/** The parent a sheet names, among the departments the caller may add below (admins: all). */
async function namedParent(c: Context<ApiEnv>, scope: DepartScope, named: string): Promise<{ id: string } | { message: string }> {
  const { db } = c.get('deps');
  const rows = await db
    .selectFrom('sys_depart')
    .selectAll()
    .where((eb) => eb.or([eb('org_code', '=', named), eb('depart_name', '=', named)]))
    .execute();
  const visible = scope.all ? rows : rows.filter((d) => scope.ids.has(d.id));
  const byCode = visible.find((d) => d.org_code === named);
  if (byCode) return { id: byCode.id };
  if (!visible.length) return { message: `上级部门不存在：${named}` };
  if (visible.length > 1) return { message: `上级部门名称不唯一，请填写机构编码：${named}` };
  return { id: visible[0].id };
}

export function registerDepartImportRoute(r: ApiRoutes) {
  r.at(departApi.importExcel, perm('depart:add'), async (c) => {
    const scope = await departScope(c);
    return importWorkbook(c, departsList, IMPORT_TITLES, importRow, async ({ parent, ...data }) => {
      let parentId: string | null = null;
      if (parent) {
        const found = await namedParent(c, scope, parent);
        if ('message' in found) return found.message;
        parentId = found.id;
      }
      const added = await addDepart(c, scope, { ...data, parentId });
      if ('row' in added) {
        // Later rows may name this one as their parent: it joins the caller's scope.
        if (!scope.all) {
          scope.ids.add(added.row.id);
          scope.departs.push(added.row);
        }
        return null;
      }
      return added.message;
    });
  });
}
