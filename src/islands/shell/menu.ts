// The menu's behaviour on top of the server's markup (src/templates/shell/side-menu.tsx):
//   - single-open accordion for root submenus (inline mode);
//   - modes by classes only: inline, collapsed (80 px, submenus pop out) and horizontal (top menu);
//   - the responsive tiers of SPEC §2/§9: below 1088 px the side menu collapses, below 768 px the device is
//     mobile and the menu lives in a left drawer opened by the top-bar trigger;
//   - selection and open submenus follow the page after each htmx navigation.
import { iconHtml } from './icons';
import type { ShellSettings } from './types';

type Mode = 'inline' | 'collapsed' | 'horizontal';

const mobileQuery = matchMedia('(max-width: 767.98px)');
const narrowQuery = matchMedia('(max-width: 1087.98px)');

/** Collapsed by the width tier rather than by the user (null: the user's setting applies). */
let widthCollapsed: boolean | null = narrowQuery.matches ? true : null;

export const isMobile = () => mobileQuery.matches;

const $ = <T extends Element = HTMLElement>(sel: string, root: ParentNode = document) => root.querySelector<T>(sel);
const $$ = (sel: string, root: ParentNode = document) => Array.prototype.slice.call(root.querySelectorAll(sel)) as HTMLElement[];

function isCollapsed(s: ShellSettings): boolean {
  return s.layout === 'sidemenu' && !isMobile() && (widthCollapsed ?? s.collapsed);
}

function modeFor(s: ShellSettings): Mode {
  if (isMobile()) return 'inline';
  if (s.layout === 'topmenu') return 'horizontal';
  return isCollapsed(s) ? 'collapsed' : 'inline';
}

function swap(el: Element, remove: string[], add: string[]): void {
  el.classList.remove(...remove);
  el.classList.add(...add);
}

/** Opens or closes an inline submenu. */
function setOpen(li: HTMLElement, open: boolean): void {
  li.classList.toggle('ant-menu-submenu-open', open);
  const title = li.firstElementChild as HTMLElement;
  title.setAttribute('aria-expanded', String(open));
  (li.lastElementChild as HTMLElement).classList.toggle('ant-menu-hidden', !open);
}

function setMode(menu: HTMLElement, mode: Mode, theme: ShellSettings['theme']): void {
  const root = mode === 'horizontal' ? ['ant-menu-overflow', 'ant-menu-horizontal'] : mode === 'collapsed' ? ['ant-menu-vertical', 'ant-menu-inline-collapsed'] : ['ant-menu-inline'];
  swap(menu, ['ant-menu-overflow', 'ant-menu-horizontal', 'ant-menu-vertical', 'ant-menu-inline-collapsed', 'ant-menu-inline', 'ant-menu-dark', 'ant-menu-light'], [...root, `ant-menu-${theme}`]);
  menu.setAttribute('data-mode', mode);
  for (const li of $$('.ant-menu-submenu', menu)) {
    const top = li.parentElement === menu;
    const kind = mode === 'inline' ? 'inline' : mode === 'horizontal' && top ? 'horizontal' : 'vertical';
    swap(li, ['ant-menu-submenu-inline', 'ant-menu-submenu-vertical', 'ant-menu-submenu-horizontal'], [`ant-menu-submenu-${kind}`]);
    swap(li.lastElementChild as HTMLElement, ['ant-menu-inline', 'ant-menu-vertical'], [mode === 'inline' ? 'ant-menu-inline' : 'ant-menu-vertical']);
  }
  for (const li of Array.prototype.slice.call(menu.children) as HTMLElement[]) li.classList.toggle('ant-menu-overflow-item', mode === 'horizontal');
  // The open submenus stay marked while collapsed, so expanding restores them (as the anchor caches them).
  if (mode === 'inline' && !$('.ant-menu-submenu-open', menu)) openTrail(menu);
}

/** Opens the submenus leading to the current page (keys from the page marker). */
function openTrail(menu: HTMLElement): void {
  const marker = document.getElementById('xt-page');
  const open: string[] = marker ? JSON.parse(marker.getAttribute('data-open') || '[]') : [];
  for (const li of $$('.ant-menu-submenu', menu)) setOpen(li, open.includes(li.getAttribute('data-key') || ''));
}

/**
 * A horizontal menu wider than the header keeps what fits and moves the rest into a trailing "…" submenu,
 * as antd's Menu does (its overflow item).
 */
function fitHorizontal(menu: HTMLElement): void {
  const rest = $<HTMLElement>(':scope > .xt-menu-rest', menu);
  if (rest) {
    const sub = rest.lastElementChild as HTMLElement;
    while (sub.firstElementChild) menu.insertBefore(sub.firstElementChild, rest);
    rest.remove();
  }
  if (!menu.classList.contains('ant-menu-horizontal') || menu.scrollWidth <= menu.clientWidth) return;
  const more = document.createElement('li');
  more.className = 'ant-menu-submenu ant-menu-submenu-horizontal ant-menu-overflow-item ant-menu-overflow-item-rest xt-menu-rest';
  more.innerHTML = `<div role="button" class="ant-menu-submenu-title" tabindex="0" aria-haspopup="true" aria-label="更多">${iconHtml('ellipsis')}</div><ul class="ant-menu ant-menu-sub ant-menu-vertical"></ul>`;
  menu.appendChild(more);
  const sub = more.lastElementChild as HTMLElement;
  while (menu.scrollWidth > menu.clientWidth && more.previousElementSibling) sub.insertBefore(more.previousElementSibling, sub.firstChild);
  // Moved items now sit in a popup: vertical submenus, not top-level items.
  for (const li of Array.prototype.slice.call(sub.children) as HTMLElement[]) {
    li.classList.remove('ant-menu-overflow-item');
    if (li.classList.contains('ant-menu-submenu')) swap(li, ['ant-menu-submenu-horizontal'], ['ant-menu-submenu-vertical']);
  }
}

/** Puts the menu where the layout wants it (sider or header) in the mode the width and settings call for. */
export function layoutMenu(s: ShellSettings): void {
  const body = document.body;
  const nav = document.getElementById('xt-nav');
  const menu = document.getElementById('xt-menu');
  const sider = document.getElementById('xt-sider');
  body.classList.toggle('xt-mobile', isMobile());
  body.classList.toggle('xt-collapsed', isCollapsed(s));
  if (!isMobile()) body.classList.remove('xt-drawer-open');
  if (!nav || !menu || !sider) return;
  const host = s.layout === 'topmenu' && !isMobile() ? $('#xt-top-nav') : $('.ant-layout-sider-children', sider);
  if (host && nav.parentElement !== host) host.appendChild(nav);
  swap(sider, ['ant-layout-sider-dark', 'ant-layout-sider-light'], [`ant-layout-sider-${s.theme}`]);
  sider.classList.toggle('ant-layout-sider-collapsed', isCollapsed(s));
  fitHorizontal(menu); // put back any overflow before switching classes
  setMode(menu, modeFor(s), s.theme);
  fitHorizontal(menu);
}

/** After a navigation: select the page's item, mark its ancestors, and (inline) open exactly its trail. */
export function selectFromMarker(): void {
  const menu = document.getElementById('xt-menu');
  const marker = document.getElementById('xt-page');
  if (!menu || !marker) return;
  const selected = marker.getAttribute('data-selected') || '';
  const open: string[] = JSON.parse(marker.getAttribute('data-open') || '[]');
  for (const li of $$('.ant-menu-item', menu)) {
    const on = li.getAttribute('data-key') === selected;
    li.classList.toggle('ant-menu-item-selected', on);
    const a = li.querySelector('a');
    if (a) {
      if (on) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    }
  }
  for (const li of $$('.ant-menu-submenu', menu)) {
    const inTrail = open.includes(li.getAttribute('data-key') || '');
    li.classList.toggle('ant-menu-submenu-selected', inTrail);
    // A page outside the menu leaves the open submenus alone.
    if (selected && menu.classList.contains('ant-menu-inline')) setOpen(li, inTrail);
  }
}

/** Wires the menu's clicks, the trigger, the drawer and the width tiers; `settings` reads the current ones. */
export function initMenu(settings: () => ShellSettings, toggleCollapsed: (collapsed: boolean) => void): void {
  const onTitle = (title: HTMLElement) => {
    const menu = document.getElementById('xt-menu');
    const li = title.parentElement as HTMLElement;
    if (!menu || !menu.classList.contains('ant-menu-inline')) return; // pop-out modes open on hover/focus
    const open = !li.classList.contains('ant-menu-submenu-open');
    // Accordion: opening a root submenu closes the other roots.
    if (open && li.parentElement === menu) for (const other of $$(':scope > .ant-menu-submenu-open', menu)) if (other !== li) setOpen(other, false);
    setOpen(li, open);
  };
  document.addEventListener('click', (ev) => {
    const t = ev.target as Element;
    const title = t.closest('#xt-menu .ant-menu-submenu-title');
    if (title) return onTitle(title as HTMLElement);
    if (t.closest('[data-xt-trigger]')) {
      if (isMobile()) document.body.classList.toggle('xt-drawer-open');
      else {
        const s = settings();
        const next = !isCollapsed(s);
        if (narrowQuery.matches) {
          widthCollapsed = next;
          layoutMenu(s);
        } else toggleCollapsed(next);
      }
      return;
    }
    // The drawer closes on its mask and after choosing a page (SPEC: menu select on mobile closes the drawer).
    if (t.closest('[data-xt-drawer-close]') || (isMobile() && t.closest('#xt-menu .ant-menu-item a'))) document.body.classList.remove('xt-drawer-open');
  });
  document.addEventListener('keydown', (ev) => {
    const t = ev.target as Element;
    if ((ev.key === 'Enter' || ev.key === ' ') && t.matches && t.matches('#xt-menu .ant-menu-submenu-title')) {
      ev.preventDefault();
      onTitle(t as HTMLElement);
    }
  });
  const onWidth = () => {
    widthCollapsed = narrowQuery.matches ? true : null;
    layoutMenu(settings());
  };
  mobileQuery.addEventListener('change', onWidth);
  narrowQuery.addEventListener('change', onWidth);
  let resizeTimer = 0;
  window.addEventListener('resize', () => {
    clearTimeout(resizeTimer);
    resizeTimer = window.setTimeout(() => {
      const menu = document.getElementById('xt-menu');
      if (menu) fitHorizontal(menu);
    }, 100);
  });
}
