// The public site's top navigation (teaching_menu, 前台菜单), as teaching-open seeds it.
import { newId } from '../../domain/ids.js';
import type { TeachingMenuTable } from '../schema.js';
import type { Row } from './org.js';

interface FrontMenuDef {
  name: string;
  url: string;
  icon?: string;
  /** Router link (1) or plain href (0). */
  route: boolean;
  /** Opens in a new tab. */
  external?: boolean;
  needLogin?: boolean;
  children?: FrontMenuDef[];
}

// Only pages that exist are seeded: teaching-open's /index, /workList, /courseList and the editors
// (/scratch3 …) arrive with the public-site and Scratch issues, which add their menu rows.
export const FRONT_MENU: FrontMenuDef[] = [
  { name: '首页', url: '/home', icon: 'home', route: true },
  { name: '个人中心', url: '/dashboard/index', route: true, needLogin: true },
];

export function buildFrontMenuRows(createTime: string): Row<TeachingMenuTable>[] {
  const rows: Row<TeachingMenuTable>[] = [];
  const walk = (defs: FrontMenuDef[], parentId: string) => {
    defs.forEach((d, i) => {
      const id = newId();
      rows.push({
        id,
        parent_id: parentId,
        name: d.name,
        url: d.url,
        menu_type: parentId ? 1 : 0,
        // 个人中心 sits last, as in teaching-open (sort 9).
        sort_no: d.needLogin ? 9 : parentId ? i + 1 : i,
        icon: d.icon ?? null,
        is_leaf: d.children?.length ? 0 : 1,
        description: null,
        del_flag: 0,
        internal_or_external: d.external ? 1 : 0,
        is_route: d.route ? 1 : 0,
        hidden: 0,
        need_login: d.needLogin ? 1 : 0,
        create_by: 'admin',
        create_time: createTime,
        update_by: null,
        update_time: null,
      });
      if (d.children) walk(d.children, id);
    });
  };
  walk(FRONT_MENU, '');
  return rows;
}
