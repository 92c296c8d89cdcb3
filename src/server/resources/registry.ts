// Every form declared from a resource, with the API paths that save it. resources/declared-once.test.ts walks
// this list: each form field's maxlength and required mark must be its resource's rule, and the API must refuse
// a value one character over the limit with the form's own message. A new form is added here.
import type { FieldRule, Resource } from './fields.js';
import { roleFields, roleForm, rolesList } from './roles.js';
import { categoriesList, categoryFields, categoryForm } from './categories.js';
import { checkRuleForm, checkRulesList, codeRuleFields, fillRuleForm, fillRulesList } from './code-rules.js';
import { dataRuleScreenForm, dataRulesList } from './data-rules.js';
import { dictFields, dictForm, dictItemFields, dictItemForm, dictItemsList, dictsList } from './dicts.js';
import { templateFields, templateForm, templatesList } from './messages.js';
import { DATA_RULE_COLUMNS, dataRuleFields, dataRuleForm, PERMISSION_FIELDS_BY_TYPE, permissionFormFields } from './permissions.js';
import { quartzJobFields, quartzJobForm, quartzJobsList } from './quartz-jobs.js';
import type { FormSpec } from './spec.js';

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

  // 系统管理: dictionaries, categories, rules, menus, jobs, messages
  { name: '字典', resource: dictFields, form: dictForm, saves: [{ method: 'POST', path: dictsList.api.add! }, { method: 'PUT', path: dictsList.api.edit! }] },
  { name: '字典项', resource: dictItemFields, form: dictItemForm, saves: [{ method: 'POST', path: dictItemsList.api.add! }, { method: 'PUT', path: dictItemsList.api.edit! }] },
  { name: '分类字典', resource: categoryFields, form: categoryForm, saves: [{ method: 'POST', path: categoriesList.api.add! }, { method: 'PUT', path: categoriesList.api.edit! }] },
  { name: '编码校验规则', resource: codeRuleFields, form: checkRuleForm, saves: [{ method: 'POST', path: checkRulesList.api.add! }, { method: 'PUT', path: checkRulesList.api.edit! }] },
  { name: '填值规则', resource: codeRuleFields, form: fillRuleForm, saves: [{ method: 'POST', path: fillRulesList.api.add! }, { method: 'PUT', path: fillRulesList.api.edit! }] },
  ...([0, 1] as const).map(
    (menuType): DeclaredForm => ({
      name: `菜单（${menuType === 0 ? '一级菜单' : '子菜单'}）`,
      resource: PERMISSION_FIELDS_BY_TYPE[menuType],
      form: { fields: permissionFormFields(menuType) },
      saves: [{ method: 'POST', path: '/sys/permission/add' }, { method: 'PUT', path: '/sys/permission/edit' }],
    }),
  ),
  // The button's name is labelled 按钮/权限名称, but the API cannot tell a body holding only a name is a button's:
  // its messages say 菜单名称 (the same field and limit, checked by the two menu forms above).
  { name: '菜单（按钮/权限）', resource: PERMISSION_FIELDS_BY_TYPE[2], form: { fields: permissionFormFields(2) }, saves: [] },
  ...Object.keys(DATA_RULE_COLUMNS).map(
    (component): DeclaredForm => ({
      name: `数据规则（${component}）`,
      resource: dataRuleFields,
      form: dataRuleForm(component),
      saves: [{ method: 'POST', path: '/sys/permission/addPermissionRule' }, { method: 'PUT', path: '/sys/permission/editPermissionRule' }],
    }),
  ),
  { name: '数据规则', resource: dataRuleFields, form: dataRuleScreenForm, saves: [{ method: 'POST', path: dataRulesList.api.add! }, { method: 'PUT', path: dataRulesList.api.edit! }] },
  { name: '定时任务', resource: quartzJobFields, form: quartzJobForm, saves: [{ method: 'POST', path: quartzJobsList.api.add! }, { method: 'PUT', path: quartzJobsList.api.edit! }] },
  { name: '消息模板', resource: templateFields, form: templateForm, saves: [{ method: 'POST', path: templatesList.api.add! }, { method: 'PUT', path: templatesList.api.edit! }] },

  // 教学: courses, units, homework, works, news, announcements, Scratch assets

  // 示例 and read-only details
];
