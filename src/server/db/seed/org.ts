// Roles, the school's department tree and account rows (user, roles, memberships, managed departments).
import type { Insertable } from 'kysely';
import { newId } from '../../domain/ids.js';
import type {
  SysDepartTable,
  SysRoleTable,
  SysUserDepartTable,
  SysUserManageDepartTable,
  SysUserRoleTable,
  SysUserTable,
} from '../schema.js';
import { SEED_ROLES, type SeedRoleCode } from './menus.js';

export type Row<T> = Required<Insertable<T>>;

export function buildRoleRows(createTime: string): { rows: Row<SysRoleTable>[]; ids: Record<SeedRoleCode, string> } {
  const ids = {} as Record<SeedRoleCode, string>;
  const rows = SEED_ROLES.map((r) => {
    const id = newId();
    ids[r.code] = id;
    return {
      id,
      role_name: r.name,
      role_code: r.code,
      role_level: r.level,
      description: r.description,
      create_by: 'admin',
      create_time: createTime,
      update_by: null,
      update_time: null,
    };
  });
  return { rows, ids };
}

const SCHOOL_NAME = '希望小学';

export interface DepartIds {
  school: string;
  grade1: string;
  class1: string;
  class2: string;
}

export interface DepartSeed {
  rows: Row<SysDepartTable>[];
  ids: DepartIds;
  orgCodes: Record<keyof DepartIds, string>;
}

/** 希望小学 (机构) → 一年级 (部门) → 一年级一班, 一年级二班 (班级); org codes grow by 3 characters a level. */
export function buildDepartRows(createTime: string): DepartSeed {
  const ids: DepartIds = { school: newId(), grade1: newId(), class1: newId(), class2: newId() };
  const orgCodes = { school: 'A01', grade1: 'A01A01', class1: 'A01A01A01', class2: 'A01A01A02' };
  const row = (
    key: keyof DepartIds,
    name: string,
    parent: string,
    category: '1' | '2' | '3',
    order: number,
    description: string | null,
  ): Row<SysDepartTable> => ({
    id: ids[key],
    parent_id: parent,
    depart_name: name,
    depart_name_en: null,
    depart_name_abbr: null,
    depart_order: order,
    description,
    org_category: category,
    org_type: category,
    org_code: orgCodes[key],
    mobile: null,
    fax: null,
    address: null,
    memo: null,
    status: '1',
    del_flag: '0',
    create_by: 'admin',
    create_time: createTime,
    update_by: null,
    update_time: null,
  });
  return {
    ids,
    orgCodes,
    rows: [
      row('school', SCHOOL_NAME, '', '1', 0, '学校'),
      row('grade1', '一年级', ids.school, '2', 1, null),
      row('class1', '一年级一班', ids.grade1, '3', 1, null),
      row('class2', '一年级二班', ids.grade1, '3', 2, null),
    ],
  };
}

export interface AccountSpec {
  username: string;
  realname: string;
  passwordHash: string;
  /** A generated password: the user changes it at first login. */
  needChangePassword: boolean;
  identity: 1 | 2;
  role: SeedRoleCode;
  sex: number | null;
  /** Departments the account belongs to; the first one is its current department. */
  memberOf: string[];
  manages: string[];
  orgCode: string | null;
  school?: string;
}

export interface AccountRows {
  users: Row<SysUserTable>[];
  userRoles: Row<SysUserRoleTable>[];
  userDeparts: Row<SysUserDepartTable>[];
  manageDeparts: Row<SysUserManageDepartTable>[];
  /** username → id */
  ids: Record<string, string>;
}

export function buildAccountRows(
  specs: AccountSpec[],
  roleIds: Record<SeedRoleCode, string>,
  createTime: string,
): AccountRows {
  const out: AccountRows = { users: [], userRoles: [], userDeparts: [], manageDeparts: [], ids: {} };
  for (const s of specs) {
    const id = newId();
    out.ids[s.username] = id;
    out.users.push({
      id,
      username: s.username,
      realname: s.realname,
      password: s.passwordHash,
      salt: null,
      legacy_password: null,
      avatar: null,
      birthday: null,
      sex: s.sex,
      email: null,
      phone: null,
      org_code: s.orgCode,
      status: 1,
      del_flag: 0,
      work_no: null,
      post: null,
      school: s.school ?? SCHOOL_NAME,
      telephone: null,
      user_identity: s.identity,
      need_change_password: s.needChangePassword ? 1 : 0,
      create_by: 'admin',
      create_time: createTime,
      update_by: null,
      update_time: null,
    });
    out.userRoles.push({ id: newId(), user_id: id, role_id: roleIds[s.role] });
    for (const dep of s.memberOf) out.userDeparts.push({ id: newId(), user_id: id, dep_id: dep });
    for (const dep of s.manages) out.manageDeparts.push({ id: newId(), user_id: id, dep_id: dep });
  }
  return out;
}
