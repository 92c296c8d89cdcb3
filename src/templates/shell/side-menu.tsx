// The side menu from the permission tree: hidden items are skipped, a parent whose children are all hidden
// is hidden, route-flag "0" items are not links, external items open a new window, the current route is
// highlighted and its ancestors are open.
import type { MenuItem } from '../../server/upstream/client.js';
import { menuRootClass } from '../antd.js';

export type { MenuItem };

/** Visible children of an item (a parent whose children are all hidden shows as hidden, SPEC §2). */
export function visibleItems(items: MenuItem[]): MenuItem[] {
  return items.filter((i) => !i.hidden && !(i.children?.length && i.children.every((k) => k.hidden)));
}

/** The chain of menu items leading to `path`, root first (used for breadcrumbs and open submenus). */
export function menuTrail(items: MenuItem[], path: string): MenuItem[] {
  for (const item of items) {
    if (item.path === path) return [item];
    const sub = item.children ? menuTrail(item.children, path) : [];
    if (sub.length) return [item, ...sub];
  }
  return [];
}

function Leaf({ item, current }: { item: MenuItem; current: string }) {
  const selected = item.path === current;
  const external = item.meta.internalOrExternal || !!item.meta.url;
  const href = item.meta.url ?? item.path;
  return (
    <li class={`ant-menu-item${selected ? ' ant-menu-item-selected' : ''}`} role="menuitem" data-path={item.path}>
      {item.route === '0' && !external ? (
        <span class="ant-menu-title-content">{item.meta.title}</span>
      ) : (
        <a
          class="ant-menu-title-content"
          href={href}
          {...(external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}
          {...(selected ? { 'aria-current': 'page' } : {})}
        >
          {item.meta.title}
        </a>
      )}
    </li>
  );
}

function Items({ items, current, trail }: { items: MenuItem[]; current: string; trail: Set<string> }) {
  return (
    <>
      {visibleItems(items).map((item) => {
        const kids = item.children && !item.alwaysShow ? visibleItems(item.children) : [];
        if (!kids.length) return <Leaf item={item} current={current} />;
        const open = trail.has(item.id);
        return (
          <li class={`ant-menu-submenu ant-menu-submenu-inline${open ? ' ant-menu-submenu-open' : ''}`} role="none" data-path={item.path}>
            <details open={open}>
              <summary class="ant-menu-submenu-title" role="menuitem">
                <span class="ant-menu-title-content">{item.meta.title}</span>
                <i class="ant-menu-submenu-arrow" />
              </summary>
              <ul class="ant-menu ant-menu-sub ant-menu-inline" role="menu">
                <Items items={kids} current={current} trail={trail} />
              </ul>
            </details>
          </li>
        );
      })}
    </>
  );
}

export function SideMenu({ menu, current, theme = 'light' }: { menu: MenuItem[]; current: string; theme?: 'light' | 'dark' }) {
  const trail = new Set(menuTrail(menu, current).map((i) => i.id));
  return (
    <ul class={`${menuRootClass('inline', theme)} xt-side-menu`} role="menu">
      <Items items={menu} current={current} trail={trail} />
    </ul>
  );
}
