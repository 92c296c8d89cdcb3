// 前台菜单管理 (/teaching/menu): the public site's navigation (teaching_menu) as an admin tree table with a
// drawer form. Declarations shared by the API and the pages. Pure data: no database, no HTML.
import { resource } from './fields.js';
import type { FieldOption, FieldSpec } from './spec.js';

export const FRONT_MENU_ROUTE = '/teaching/menu';

/** Button codes of the screen: admin-only (ADMIN_ONLY_CODES), since the menu is what every visitor sees. */
export const FRONT_MENU_PERMS = {
  add: 'menu:add',
  edit: 'menu:edit',
  del: 'menu:del',
} as const;

/** menu_type values. */
export const FRONT_MENU_TYPES: FieldOption[] = [
  { value: '0', label: '一级菜单' },
  { value: '1', label: '子菜单' },
];

const FRONT_MENU_OPEN: FieldOption[] = [
  { value: '0', label: '内部打开' },
  { value: '1', label: '外部打开(新窗口)' },
];

/** A menu link: a site path (not `//host`) or an http(s) URL; never javascript:, data: or a relative path. */
export const FRONT_MENU_URL_RE = /^(https?:\/\/[^\s<>"'`\\]+|\/(?![/\\])[^\s<>"'`\\]*)$/i;
/** An icon name (antd names such as `home`, `video-camera`); unknown names render no icon. */
export const FRONT_MENU_ICON_RE = /^[A-Za-z][A-Za-z0-9-]{0,49}$/;

/** A menu row (teaching_menu). The link and icon formats are checked by the API against the tree (checkMenu). */
export const frontMenuFields = resource({
  menuType: { label: '菜单类型', kind: 'choice', required: true, options: FRONT_MENU_TYPES },
  name: { label: '菜单名称', kind: 'name', required: true, max: 100 },
  // Required for a 子菜单 only (the API checks it with the tree); an id, so longer is no menu.
  parentId: { label: '上级菜单', kind: 'choice', max: 64 },
  url: { label: '菜单路径', kind: 'text', max: 255 },
  icon: { label: '菜单图标', kind: 'text', max: 50 },
  // sort_no is a double: a fraction slots a row between two.
  sortNo: { label: '排序', kind: 'int', min: -100000, max: 100000, decimals: Infinity, messages: { range: '排序必须在-100000到100000之间' } },
  hidden: { label: '隐藏', kind: 'flag' },
  route: { label: '是否路由', kind: 'flag' },
  needLogin: { label: '登录显示', kind: 'flag' },
  internalOrExternal: { label: '打开方式', kind: 'flag' },
  description: { label: '描述', kind: 'text', max: 255 },
});

/** The fields an add or an edit sends. */
export const FRONT_MENU_KEYS = ['menuType', 'name', 'parentId', 'url', 'icon', 'sortNo', 'hidden', 'route', 'needLogin', 'internalOrExternal', 'description'] as const;

const switchField = (key: 'hidden' | 'route' | 'needLogin', help: string): FieldSpec => frontMenuFields.formField(key, { placeholder: '是', help });

/** Fields of the drawer form (teaching-open's TeachingMenuModal); the page renders 菜单图标 as a choice of icons. */
export function frontMenuFormFields(menuType: 0 | 1): FieldSpec[] {
  return [
    frontMenuFields.formField('menuType', { type: 'radio' }),
    frontMenuFields.formField('name'),
    // A 子菜单 must name its parent: the mark the rule cannot carry (the API requires it for menuType 1 only).
    ...(menuType === 1 ? [{ ...frontMenuFields.formField('parentId'), required: true }] : []),
    frontMenuFields.formField('url', { placeholder: '例如 /home，或 https:// 外部链接', help: '有下级菜单时可留空' }),
    frontMenuFields.formField('icon', { type: 'select' }),
    frontMenuFields.formField('sortNo'),
    switchField('hidden', '隐藏后不在前台导航中显示'),
    switchField('route', '站内页面的导航链接；路径须是存在的页面'),
    switchField('needLogin', '只对已登录的用户显示'),
    frontMenuFields.formField('internalOrExternal', { type: 'radio', options: FRONT_MENU_OPEN }),
  ];
}
