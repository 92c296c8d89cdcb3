// 前台菜单管理 (/teaching/menu): the public site's navigation (teaching_menu) as an admin tree table with a
// drawer form. Declarations shared by the API and the pages. Pure data: no database, no HTML.
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

const switchField = (key: string, label: string, help?: string): FieldSpec => ({ key, label, type: 'switch', placeholder: '是', help });

/** Fields of the drawer form (teaching-open's TeachingMenuModal); the page renders 菜单图标 as a choice of icons. */
export function frontMenuFormFields(menuType: 0 | 1): FieldSpec[] {
  return [
    { key: 'menuType', label: '菜单类型', type: 'radio', required: true, options: FRONT_MENU_TYPES },
    { key: 'name', label: '菜单名称', type: 'text', required: true, maxLength: 100 },
    ...(menuType === 1 ? [{ key: 'parentId', label: '上级菜单', type: 'select' as const, required: true }] : []),
    { key: 'url', label: '菜单路径', type: 'text', maxLength: 255, placeholder: '例如 /home，或 https:// 外部链接', help: '有下级菜单时可留空' },
    { key: 'icon', label: '菜单图标', type: 'select' },
    { key: 'sortNo', label: '排序', type: 'number' },
    switchField('hidden', '隐藏', '隐藏后不在前台导航中显示'),
    switchField('route', '是否路由', '站内页面的导航链接；路径须是存在的页面'),
    switchField('needLogin', '登录显示', '只对已登录的用户显示'),
    { key: 'internalOrExternal', label: '打开方式', type: 'radio', options: FRONT_MENU_OPEN },
  ];
}
