// The public site's top navigation (teaching_menu, 前台菜单), as teaching-open seeds it.
import { now } from '../../domain/time.js';
import { newId } from '../../domain/ids.js';
import { flattenTree } from '../../shared/tree.js';
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
  /** Explicit sort_no (teaching-open's); otherwise the position among its siblings. */
  sort?: number;
  children?: FrontMenuDef[];
}

/** The news list's front-menu entry (migration 019 adds it to sites seeded before it). */
export const FRONT_NEWS_URL = '/newsList';

/** 首页 (/index) and the course catalogue's entries (migration 022 adds them to sites seeded before them). */
export const FRONT_INDEX_URL = '/index';
export const FRONT_COURSES_URL = '/courseList';
/** 社区: the gallery, which the seed called 首页 before /index existed. */
export const FRONT_COMMUNITY_URL = '/home';
/** 发现 (the public works, newest first); migration 021 adds it to sites seeded before it. */
export const FRONT_DISCOVER_URL = '/workList?type=1';

/** The Scratch editor's front-menu entry (migration 018 adds it to sites seeded before it). */
export const FRONT_SCRATCH_URL = '/scratch3/index.html?scene=create';
/** The code editors' front-menu entries (migration 050 adds them to sites seeded before them). */
export const FRONT_CODE_EDITOR_URLS = ['/python/index.html?scene=create', '/blockly/index.html?lang=zh-hans&scene=create'] as const;

// Only pages that exist are seeded: of teaching-open's editors ScratchJr is not built (no maintained web package). Sort numbers are
// teaching-open's (首页 and 社区 share 0, as do 发现 and 课程; ids ascend in this order, which breaks the ties).
const FRONT_MENU: FrontMenuDef[] = [
  { name: '首页', url: FRONT_INDEX_URL, icon: 'home', route: true, sort: 0 },
  { name: '社区', url: FRONT_COMMUNITY_URL, icon: 'experiment', route: true, sort: 0 },
  {
    name: '创作',
    url: '',
    icon: 'build',
    route: true,
    sort: 1,
    children: [
      { name: 'Scratch3', url: FRONT_SCRATCH_URL, route: true, external: true },
      { name: 'Python', url: FRONT_CODE_EDITOR_URLS[0], route: true, external: true },
      { name: 'Blockly', url: FRONT_CODE_EDITOR_URLS[1], route: false, external: true },
    ],
  },
  { name: '发现', url: FRONT_DISCOVER_URL, icon: 'search', route: true, sort: 2 },
  { name: '课程', url: FRONT_COURSES_URL, icon: 'calculator', route: true, sort: 2 },
  { name: '资讯', url: FRONT_NEWS_URL, icon: 'notification', route: true, sort: 3 },
  { name: '个人中心', url: '/dashboard/index', route: true, needLogin: true },
];

export function buildFrontMenuRows(createTime: string): Row<TeachingMenuTable>[] {
  // Entries with equal sort numbers (首页 and 社区) show in id order: ids are handed out ascending, so they
  // show in the order listed here, as teaching-open's increasing ids do.
  const visits = flattenTree(FRONT_MENU);
  const ids = Array.from({ length: visits.length }, newId).sort();
  const idOf = new Map<FrontMenuDef, string>();
  return visits.map(({ node: d, parent, index: i }) => {
    const id = ids.shift()!;
    idOf.set(d, id);
    const parentId = parent ? idOf.get(parent)! : '';
    return {
      id,
      parent_id: parentId,
      name: d.name,
      url: d.url,
      menu_type: parentId ? 1 : 0,
      // 个人中心 sits last, as in teaching-open (sort 9).
      sort_no: d.sort ?? (d.needLogin ? 9 : parentId ? i + 1 : i),
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
    };
  });
}

/** The seed's rows of one entry and its parent group, stamped now (for migrations adding an entry to a seeded site). */
export function frontMenuEntryRows(url: string): Row<TeachingMenuTable>[] {
  const rows = buildFrontMenuRows(now());
  const entry = rows.find((r) => r.url === url);
  if (!entry) return [];
  const parent = rows.find((r) => r.id === entry.parent_id);
  return parent ? [parent, entry] : [entry];
}
