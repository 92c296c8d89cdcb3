// Every form declared from a resource, with the API paths that save it. resources/declared-once.test.ts walks
// this list: each form field's maxlength and required mark must be its resource's rule, and the API must refuse
// a value one character over the limit with the form's own message. A new form is added here.
import type { FieldRule, Resource } from './fields.js';
import { departFields, departForm, departRoleFields, departRoleForm, departRolesList, departsList } from './departs.js';
import { positionFields, positionForm, positionsList } from './positions.js';
import { advancedFields, advancedGroups, baseForm, goalFields, memberColumns, memberFields, queryList, sampleFields, sampleForm, stepForm, stepPassword, transferFields } from './demo.js';
import { frontMenuFields, frontMenuFormFields } from './front-menu.js';
import { traceDetail, traceFields } from './monitor.js';
import { roleFields, roleForm, rolesList } from './roles.js';
import { categoriesList, categoryFields, categoryForm } from './categories.js';
import { checkRuleForm, checkRulesList, codeRuleFields, fillRuleForm, fillRulesList } from './code-rules.js';
import { dataRuleScreenForm, dataRulesList } from './data-rules.js';
import { dictFields, dictForm, dictItemFields, dictItemForm, dictItemsList, dictsList } from './dicts.js';
import { templateFields, templateForm, templatesList } from './messages.js';
import { DATA_RULE_COLUMNS, dataRuleFields, dataRuleForm, PERMISSION_FIELDS_BY_TYPE, permissionFormFields } from './permissions.js';
import { quartzJobFields, quartzJobForm, quartzJobsList } from './quartz-jobs.js';
import type { FormSpec, ListSpec } from './spec.js';
import { passwordFields, passwordForm, userFields, userForm, usersList } from './users.js';
import { homeworkFields, homeworkForm, homeworkList } from './additional-work.js';
import { announcementFields, announcementForm, announcementsList } from './announcements.js';
import { courseFields, courseForm, coursesList, unitFields, unitForm, unitsList } from './courses.js';
import { newsFields, newsForm, newsList } from './news.js';
import { scratchAssetFields, scratchAssetForm, scratchAssetsList } from './scratch-assets.js';
import { workFields, workGradeForm, worksList } from './works.js';
import { dataSourceFields, dataSourceForm, dataSourcesList } from './data-sources.js';
import { cgformButtonFields, cgformButtonForm, cgformFieldColumns, cgformFieldFields, cgformHeadFields, cgformHeadForm, cgformIndexColumns, cgformIndexFields, cgformPageColumns } from './online-forms.js';
import { reportHeadFields, reportHeadForm, reportItemColumns, reportItemFields, reportParamColumns, reportParamFields } from './online-reports.js';

export interface DeclaredForm {
  /** What the form edits, for test names. */
  name: string;
  resource: Resource<Record<string, FieldRule>>;
  form: FormSpec;
  /** API paths (relative to /api) the form posts to, with the fixed part of their body (e.g. a parent id). */
  saves: { method: 'POST' | 'PUT'; path: string }[];
}

/** The saves of a list's form: a new record POSTed to the list's add endpoint, a changed one PUT to its edit endpoint. */
const addAndEdit = (list: ListSpec): DeclaredForm['saves'] => [
  { method: 'POST', path: list.api.add!.path },
  { method: 'PUT', path: list.api.edit!.path },
];

export const DECLARED_FORMS: DeclaredForm[] = [
  // 系统管理: users, classes, roles, positions
  { name: '角色', resource: roleFields, form: roleForm, saves: addAndEdit(rolesList) },
  { name: '用户', resource: userFields, form: userForm, saves: [{ method: 'POST', path: usersList.api.add!.path }] },
  // The edit form is the add form without its add-only fields (the password and its confirmation).
  { name: '用户（编辑）', resource: userFields, form: { ...userForm, fields: userForm.fields.filter((f) => !f.addOnly) }, saves: [{ method: 'PUT', path: usersList.api.edit!.path }] },
  { name: '重置密码', resource: passwordFields, form: passwordForm, saves: [{ method: 'PUT', path: '/sys/user/changePassword' }] },
  { name: '部门', resource: departFields, form: departForm, saves: addAndEdit(departsList) },
  { name: '部门角色', resource: departRoleFields, form: departRoleForm, saves: addAndEdit(departRolesList) },
  { name: '职务', resource: positionFields, form: positionForm, saves: addAndEdit(positionsList) },

  // 系统管理: dictionaries, categories, rules, menus, jobs, messages
  { name: '字典', resource: dictFields, form: dictForm, saves: addAndEdit(dictsList) },
  { name: '字典项', resource: dictItemFields, form: dictItemForm, saves: addAndEdit(dictItemsList) },
  { name: '分类字典', resource: categoryFields, form: categoryForm, saves: addAndEdit(categoriesList) },
  { name: '编码校验规则', resource: codeRuleFields, form: checkRuleForm, saves: addAndEdit(checkRulesList) },
  { name: '填值规则', resource: codeRuleFields, form: fillRuleForm, saves: addAndEdit(fillRulesList) },
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
  { name: '数据规则', resource: dataRuleFields, form: dataRuleScreenForm, saves: addAndEdit(dataRulesList) },
  { name: '定时任务', resource: quartzJobFields, form: quartzJobForm, saves: addAndEdit(quartzJobsList) },
  { name: '消息模板', resource: templateFields, form: templateForm, saves: addAndEdit(templatesList) },
  { name: '数据源', resource: dataSourceFields, form: dataSourceForm, saves: addAndEdit(dataSourcesList) },
  // A report saves as {head, items, params}: the API's errors name the part (head, items, params), not the field,
  // so the over-long test has no path to post them to; the designer's limits are still its resource's.
  { name: '在线报表', resource: reportHeadFields, form: reportHeadForm, saves: [] },
  { name: '在线报表·列', resource: reportItemFields, form: { fields: reportItemColumns }, saves: [] },
  { name: '在线报表·参数', resource: reportParamFields, form: { fields: reportParamColumns }, saves: [] },
  // An online form saves as {head, fields, indexs} (errors by path: head.tableName, fields.0.dbLength), so, like a
  // report, its over-long test has no flat path to post to; its buttons save flat.
  { name: '在线表单', resource: cgformHeadFields, form: cgformHeadForm, saves: [] },
  { name: '在线表单·数据库属性', resource: cgformFieldFields, form: { fields: cgformFieldColumns }, saves: [] },
  { name: '在线表单·页面属性', resource: cgformFieldFields, form: { fields: cgformPageColumns }, saves: [] },
  { name: '在线表单·索引', resource: cgformIndexFields, form: { fields: cgformIndexColumns }, saves: [] },
  { name: '在线表单·自定义按钮', resource: cgformButtonFields, form: cgformButtonForm, saves: [{ method: 'POST', path: '/online/cgform/button/add' }, { method: 'PUT', path: '/online/cgform/button/edit' }] },

  // 教学: courses, units, homework, works, news, announcements, Scratch assets
  { name: '课程', resource: courseFields, form: courseForm, saves: addAndEdit(coursesList) },
  { name: '课程单元', resource: unitFields, form: unitForm, saves: addAndEdit(unitsList) },
  { name: '班级作业', resource: homeworkFields, form: homeworkForm, saves: addAndEdit(homeworkList) },
  { name: '批改', resource: workFields, form: workGradeForm, saves: [{ method: 'PUT', path: worksList.api.edit!.path }] },
  { name: '资讯', resource: newsFields, form: newsForm, saves: addAndEdit(newsList) },
  { name: '通告', resource: announcementFields, form: announcementForm, saves: addAndEdit(announcementsList) },
  { name: 'Scratch素材', resource: scratchAssetFields, form: scratchAssetForm, saves: addAndEdit(scratchAssetsList) },

  // 示例 and read-only details
  { name: '示例·查询表格', resource: sampleFields, form: sampleForm, saves: addAndEdit(queryList) },
  { name: '示例·基础表单', resource: goalFields, form: baseForm, saves: [{ method: 'POST', path: '/demo/form/base' }] },
  { name: '示例·分步表单', resource: transferFields, form: stepForm, saves: [{ method: 'POST', path: '/demo/form/step?stage=check' }] },
  { name: '示例·分步表单·支付密码', resource: transferFields, form: stepPassword, saves: [{ method: 'POST', path: '/demo/form/step?stage=submit' }] },
  ...advancedGroups.map((g): DeclaredForm => ({ name: `示例·高级表单·${g.title}`, resource: advancedFields, form: g.form, saves: [{ method: 'POST', path: '/demo/form/advanced' }] })),
  // The member rows post as members.<i>.<key>: their limits are checked by the over-long test of no path.
  { name: '示例·高级表单·成员', resource: memberFields, form: { fields: memberColumns }, saves: [] },
  { name: '请求追踪详情', resource: traceFields, form: traceDetail, saves: [] },
  // The 一级菜单 form; a 子菜单's adds 上级菜单, required for it alone (the API checks it against the tree).
  { name: '前台菜单', resource: frontMenuFields, form: { fields: frontMenuFormFields(0) }, saves: [{ method: 'POST', path: '/teaching/menu/add' }, { method: 'PUT', path: '/teaching/menu/edit' }] },
];
