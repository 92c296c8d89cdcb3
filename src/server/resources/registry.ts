// Every form declared from a resource, with the API paths that save it. resources/declared-once.test.ts walks
// this list: each form field's maxlength and required mark must be its resource's rule, and the API must refuse
// a value one character over the limit with the form's own message. A new form is added here.
import type { FieldRule, Resource } from './fields.js';
import { departFields, departForm, departRoleFields, departRoleForm, departRolesList, departsList } from './departs.js';
import { positionFields, positionForm, positionsList } from './positions.js';
import { roleFields, roleForm, rolesList } from './roles.js';
import type { FormSpec } from './spec.js';
import { passwordFields, passwordForm, userFields, userForm, usersList } from './users.js';

export interface DeclaredForm {
  /** What the form edits, for test names. */
  name: string;
  resource: Resource<Record<string, FieldRule>>;
  form: FormSpec;
  /** API paths (relative to /api) the form posts to, with the fixed part of their body (e.g. a parent id). */
  saves: { method: 'POST' | 'PUT'; path: string }[];
}

export const DECLARED_FORMS: DeclaredForm[] = [
  // 系统管理: users, classes, roles, positions
  { name: '角色', resource: roleFields, form: roleForm, saves: [{ method: 'POST', path: rolesList.api.add! }, { method: 'PUT', path: rolesList.api.edit! }] },
  { name: '用户', resource: userFields, form: userForm, saves: [{ method: 'POST', path: usersList.api.add! }] },
  // The edit form is the add form without its add-only fields (the password and its confirmation).
  { name: '用户（编辑）', resource: userFields, form: { ...userForm, fields: userForm.fields.filter((f) => !f.addOnly) }, saves: [{ method: 'PUT', path: usersList.api.edit! }] },
  { name: '重置密码', resource: passwordFields, form: passwordForm, saves: [{ method: 'PUT', path: '/sys/user/changePassword' }] },
  { name: '部门', resource: departFields, form: departForm, saves: [{ method: 'POST', path: departsList.api.add! }, { method: 'PUT', path: departsList.api.edit! }] },
  { name: '部门角色', resource: departRoleFields, form: departRoleForm, saves: [{ method: 'POST', path: departRolesList.api.add! }, { method: 'PUT', path: departRolesList.api.edit! }] },
  { name: '职务', resource: positionFields, form: positionForm, saves: [{ method: 'POST', path: positionsList.api.add! }, { method: 'PUT', path: positionsList.api.edit! }] },

  // 系统管理: dictionaries, categories, rules, menus, jobs, messages

  // 教学: courses, units, homework, works, news, announcements, Scratch assets

  // 示例 and read-only details
];
