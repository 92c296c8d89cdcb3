// The menu from the permission tree, as antd's Menu renders it (same classes, so antd's static CSS styles it):
// hidden items are skipped and so is a parent whose children are all hidden; the current route is selected
// and its ancestors are open. One markup serves three modes — inline (side menu), collapsed (80 px side menu,
// submenus pop out) and horizontal (top menu) — which differ only in classes, so the browser
// (src/islands/shell/menu.ts) switches modes by swapping classes, never by re-rendering.
import type { MenuItem } from '../../server/upstream/client.js';
import { menuRootClass } from '../antd.js';
import { Icon, hasIcon } from '../icons.js';
import { findInTree, pathInTree } from '../../server/shared/tree.js';

export type { MenuItem };
export type MenuMode = 'inline' | 'collapsed' | 'horizontal';
export type MenuTheme = 'light' | 'dark';

/** Visible children of an item (a parent whose children are all hidden shows as hidden, SPEC §2). */
export function visibleItems(items: MenuItem[]): MenuItem[] {
  return items.filter((i) => !i.hidden && !(i.children?.length && i.children.every((k) => k.hidden)));
}

/** The route an item opens: external items' paths are hashes without a leading slash (the anchor's routes). */
export const routeOf = (item: MenuItem) => (item.path.startsWith('/') ? item.path : `/${item.path}`);

export const isIframePage = (item: MenuItem) => !!item.component?.includes('layouts/IframePageView');
export const isRouteContainer = (item: MenuItem) => item.component === 'layouts/RouteView';

/**
 * The menu the shell offers (SPEC §2): an item whose route flag is "0" is not a registered route, so it and
 * everything below it are left out (the anchor discards its children with it); a route container left
 * without children has no page to open, so it goes too.
 */
export function routedMenu(items: MenuItem[]): MenuItem[] {
  return items.flatMap((item) => {
    if (item.route === '0') return [];
    if (!item.children) return isRouteContainer(item) ? [] : [item];
    const children = routedMenu(item.children);
    if (children.length) return [{ ...item, children }];
    const { children: _none, ...leaf } = item;
    return isRouteContainer(item) ? [] : [leaf];
  });
}

/** Whether `path` is an entry of the menu at any depth, whatever its route flag. */
export const inMenu = (items: MenuItem[], path: string): boolean => findInTree(items, (i) => routeOf(i) === path) !== undefined;

/**
 * How a leaf opens (SPEC §2): external items in a new window; iframe pages inside the shell at their route;
 * an item with an http(s) url that is neither cannot be a shell page, so it opens in a new window too.
 */
export function leafTarget(item: MenuItem): { href: string; newWindow: boolean } {
  if (item.meta.internalOrExternal) return { href: item.meta.url ?? item.path, newWindow: true };
  if (isIframePage(item)) return { href: routeOf(item), newWindow: false };
  if (item.meta.url) return { href: item.meta.url, newWindow: true };
  return { href: routeOf(item), newWindow: false };
}

/** The chain of menu items leading to `path`, root first (used for breadcrumbs and open submenus). */
export const menuTrail = (items: MenuItem[], path: string): MenuItem[] => pathInTree(items, (item) => item.route !== '0' && routeOf(item) === path);

/** Selected key (deepest visible item of the trail; a hidden page selects its parent, as the anchor does) and open keys. */
export function menuSelection(menu: MenuItem[], current: string): { selected: string | null; open: string[] } {
  const trail = menuTrail(menu, current);
  const shown: MenuItem[] = [];
  let level = menu;
  for (const item of trail) {
    if (!visibleItems(level).includes(item)) break;
    shown.push(item);
    level = item.children ?? [];
  }
  const keys = shown.map(routeOf);
  return { selected: keys.length ? keys[keys.length - 1] : null, open: keys.slice(0, -1) };
}

interface ItemProps {
  item: MenuItem;
  level: number;
  mode: MenuMode;
  selected: string | null;
  open: Set<string>;
  trail: Set<string>;
}

/** antd shows an icon-less root item in the collapsed menu as the first character of its title. */
function ItemIcon({ item, level }: { item: MenuItem; level: number }) {
  if (hasIcon(item.meta.icon)) return <Icon name={item.meta.icon!} class="ant-menu-item-icon" />;
  return level === 1 ? <span class="ant-menu-inline-collapsed-noicon xt-noicon" aria-hidden="true">{item.meta.title.slice(0, 1)}</span> : null;
}

const subMode = (mode: MenuMode) => (mode === 'inline' ? 'inline' : 'vertical');

function Leaf({ item, level, mode, selected }: ItemProps) {
  const key = routeOf(item);
  const isSelected = key === selected;
  const { href, newWindow } = leafTarget(item);
  const link = newWindow ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  return (
    <li
      class={`ant-menu-item xt-l${level}${isSelected ? ' ant-menu-item-selected' : ''}${mode === 'horizontal' && level === 1 ? ' ant-menu-overflow-item' : ''}${hasIcon(item.meta.icon) ? '' : ' ant-menu-item-only-child'}`}
      role="none"
      data-key={key}
      title={level === 1 ? item.meta.title : undefined}
    >
      <ItemIcon item={item} level={level} />
      <span class="ant-menu-title-content">
        <a href={href} {...link} {...(isSelected ? { 'aria-current': 'page' } : {})}>
          {item.meta.title}
        </a>
      </span>
    </li>
  );
}

function Submenu(p: ItemProps & { kids: MenuItem[] }) {
  const key = routeOf(p.item);
  const isOpen = p.open.has(key);
  const inTrail = p.trail.has(key);
  const kind = p.mode === 'inline' ? 'inline' : p.mode === 'horizontal' && p.level === 1 ? 'horizontal' : 'vertical';
  return (
    <li
      class={`ant-menu-submenu ant-menu-submenu-${kind}${isOpen ? ' ant-menu-submenu-open' : ''}${inTrail ? ' ant-menu-submenu-selected' : ''}${p.mode === 'horizontal' && p.level === 1 ? ' ant-menu-overflow-item' : ''}`}
      role="none"
      data-key={key}
    >
      <div role="button" class={`ant-menu-submenu-title xt-l${p.level}`} tabindex={0} aria-expanded={isOpen ? 'true' : 'false'} aria-haspopup="true">
        <ItemIcon item={p.item} level={p.level} />
        <span class="ant-menu-title-content">{p.item.meta.title}</span>
        <i class="ant-menu-submenu-arrow" />
      </div>
      <ul class={`ant-menu ant-menu-sub ant-menu-${subMode(p.mode)}${isOpen ? '' : ' ant-menu-hidden'}`}>
        <Items {...p} items={p.kids} level={p.level + 1} />
      </ul>
    </li>
  );
}

function Items(p: Omit<ItemProps, 'item'> & { items: MenuItem[] }) {
  return (
    <>
      {visibleItems(p.items).map((item) => {
        // alwaysShow parents render as a leaf (the anchor hides their children).
        const kids = item.children && !item.alwaysShow ? visibleItems(item.children) : [];
        return kids.length ? <Submenu {...p} item={item} kids={kids} /> : <Leaf {...p} item={item} />;
      })}
    </>
  );
}

function rootMenuClass(mode: MenuMode, theme: MenuTheme) {
  if (mode === 'horizontal') return `ant-menu-overflow ${menuRootClass('horizontal', theme)}`;
  if (mode === 'collapsed') return menuRootClass('inline', theme).replace('ant-menu-inline', 'ant-menu-vertical ant-menu-inline-collapsed');
  return menuRootClass('inline', theme);
}

export function SideMenu({ menu, current, mode = 'inline', theme = 'light' }: { menu: MenuItem[]; current: string; mode?: MenuMode; theme?: MenuTheme }) {
  const { selected, open } = menuSelection(menu, current);
  const trail = new Set(open);
  // Open submenus matter only inline; the collapsed and horizontal menus pop submenus out on hover.
  const openSet = mode === 'inline' ? trail : new Set<string>();
  return (
    <ul id="xt-menu" class={`${rootMenuClass(mode, theme)} xt-menu`} data-mode={mode}>
      <Items items={menu} level={1} mode={mode} selected={selected} open={openSet} trail={trail} />
    </ul>
  );
}
