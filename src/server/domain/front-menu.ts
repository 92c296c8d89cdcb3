// The public site's top navigation (teaching_menu), as a tree.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';

export interface FrontMenuNode {
  id: string;
  route: boolean;
  title: string;
  url: string;
  needLogin: number;
  internalOrExternal: boolean;
  icon?: string;
  children?: FrontMenuNode[];
}

export async function frontMenu(db: Kysely<Database>): Promise<FrontMenuNode[]> {
  const rows = await db
    .selectFrom('teaching_menu')
    .selectAll()
    .where('hidden', '=', 0)
    .where('del_flag', '=', 0)
    .where('menu_type', 'in', [0, 1])
    .orderBy('sort_no', 'asc')
    .orderBy('id', 'asc')
    .execute();
  const node = (r: (typeof rows)[number]): FrontMenuNode => {
    const n: FrontMenuNode = {
      id: r.id,
      route: r.is_route === 1,
      title: r.name,
      url: r.url ?? '',
      needLogin: r.need_login,
      internalOrExternal: r.internal_or_external === 1,
    };
    if (r.icon) n.icon = r.icon;
    const kids = rows.filter((k) => k.parent_id === r.id);
    if (kids.length) n.children = kids.map(node);
    return n;
  };
  return rows.filter((r) => !r.parent_id).map(node);
}
