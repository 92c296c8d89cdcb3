// Multi-tab mode (SPEC §2, desktop only): one tab per visited route, kept per browser window (sessionStorage).
// A tab remembers the last URL shown in it (path + query), so a list's filters and page come back when the
// tab is chosen again. The home tab comes first and cannot be closed; the context menu offers 刷 新, 关闭左侧,
// 关闭右侧 and 关闭其它. The markup is antd's editable-card Tabs, as src/templates/shell/tabs.tsx renders it.
import { iconHtml } from './icons';
import { message } from './toast';

interface Tab {
  path: string;
  href: string;
  title: string;
}

const HOME: Tab = { path: '/dashboard/index', href: '/dashboard/index', title: '首页' };
const STORE = 'xt:tabs';
/** The anchor's per-route title memory (localStorage `route:title:<path>`). */
const titleKey = (path: string) => `route:title:${path}`;

let tabs: Tab[] = [];
let active = '';
let multipage = true;
let navigate: (href: string) => void = () => undefined;

const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function save(): void {
  try {
    sessionStorage.setItem(STORE, JSON.stringify(tabs));
  } catch {
    /* private mode: the strip still works for this page */
  }
}

function restore(): Tab[] {
  try {
    const list = JSON.parse(sessionStorage.getItem(STORE) || '[]');
    return Array.isArray(list) ? list.filter((t) => t && typeof t.path === 'string' && typeof t.href === 'string' && typeof t.title === 'string') : [];
  } catch {
    return [];
  }
}

function render(): void {
  const list = document.querySelector('#xt-tabs .ant-tabs-nav-list');
  if (!list) return;
  list.innerHTML = tabs
    .map((t) => {
      const on = t.path === active;
      return `<div data-node-key="${esc(t.path)}" class="ant-tabs-tab ant-tabs-tab-with-remove${on ? ' ant-tabs-tab-active' : ''}"><a role="tab" aria-selected="${on}" class="ant-tabs-tab-btn" href="${esc(t.href)}">${esc(t.title)}</a><button type="button" aria-label="remove" tabindex="-1" class="ant-tabs-tab-remove">${iconHtml('close')}</button></div>`;
    })
    .join('');
}

/** The page now shown (from the page marker): add or update its tab and make it active. */
export function showPage(page: Tab): void {
  let title = page.title;
  try {
    if (title) localStorage.setItem(titleKey(page.path), title);
    else title = localStorage.getItem(titleKey(page.path)) || page.path;
  } catch {
    /* no storage */
  }
  const tab = { ...page, title };
  active = tab.path;
  const i = tabs.findIndex((t) => t.path === tab.path);
  if (!multipage) tabs = [tab];
  else if (i >= 0) tabs[i] = tab;
  else tabs.push(tab);
  save();
  render();
}

/** The URL of the active tab changed without a new page (a list pushed its filters). */
export function updateActiveHref(href: string): void {
  const tab = tabs.find((t) => t.path === active);
  if (!tab || tab.href === href || new URL(href, location.href).pathname !== tab.path) return;
  tab.href = href;
  save();
  render();
}

/** Turning multi-tab off (or on again) leaves only the current page (SPEC §4). */
export function setMultipage(on: boolean): void {
  multipage = on;
  tabs = tabs.filter((t) => t.path === active);
  save();
  render();
}

function activate(tab: Tab): void {
  if (tab.path !== active) navigate(tab.href);
}

function close(path: string): void {
  if (path === HOME.path) return message('warning', '首页不能关闭!');
  if (tabs.length === 1) return message('warning', '这是最后一页，不能再关闭了啦');
  const i = tabs.findIndex((t) => t.path === path);
  if (i < 0) return;
  tabs.splice(i, 1);
  save();
  render();
  if (path === active) activate(tabs[Math.min(i, tabs.length - 1)]);
}

/** Keeps `keep` tabs; if the active one went, the clicked tab becomes active. */
function keepOnly(keep: Tab[], clicked: Tab): void {
  tabs = keep;
  save();
  render();
  if (!tabs.some((t) => t.path === active)) activate(clicked);
}

const MENU_ITEMS: [string, string][] = [
  ['refresh', '刷 新'],
  ['left', '关闭左侧'],
  ['right', '关闭右侧'],
  ['others', '关闭其它'],
];

function closeContextMenu(): void {
  const m = document.getElementById('xt-tab-menu');
  if (m) m.remove();
}

function contextAction(action: string, path: string): void {
  const i = tabs.findIndex((t) => t.path === path);
  if (i < 0) return;
  const clicked = tabs[i];
  if (action === 'refresh') navigate(clicked.href);
  else if (action === 'left' && path !== HOME.path) keepOnly([tabs[0], ...tabs.slice(Math.max(i, 1))], clicked);
  else if (action === 'right') keepOnly(tabs.slice(0, i + 1), clicked);
  else if (action === 'others') keepOnly(path === HOME.path || tabs[0].path !== HOME.path ? [clicked] : [tabs[0], clicked], clicked);
}

function openContextMenu(path: string, x: number, y: number): void {
  closeContextMenu();
  const menu = document.createElement('div');
  menu.id = 'xt-tab-menu';
  menu.className = 'ant-dropdown app ant-dropdown-css-var ant-dropdown-placement-bottomLeft xt-tab-menu';
  menu.style.left = `${x}px`;
  menu.style.top = `${y}px`;
  menu.innerHTML = `<ul class="ant-dropdown-menu ant-dropdown-menu-root ant-dropdown-menu-vertical ant-dropdown-menu-light" role="menu">${MENU_ITEMS.map(
    ([key, label]) => `<li class="ant-dropdown-menu-item" role="menuitem" tabindex="-1" data-action="${key}"><span class="ant-dropdown-menu-title-content">${label}</span></li>`,
  ).join('')}</ul>`;
  menu.addEventListener('click', (ev) => {
    const item = (ev.target as Element).closest('[data-action]');
    if (!item) return;
    closeContextMenu();
    contextAction(item.getAttribute('data-action') || '', path);
  });
  document.body.appendChild(menu);
}

export function initTabs(multipageOn: boolean, go: (href: string) => void): void {
  multipage = multipageOn;
  navigate = go;
  const marker = document.getElementById('xt-page');
  const current: Tab = {
    path: marker?.getAttribute('data-path') || location.pathname,
    href: marker?.getAttribute('data-href') || location.pathname + location.search,
    title: marker?.getAttribute('data-title') || '',
  };
  // A new window starts with the home tab and the page it opened (as the anchor's TabLayout does).
  tabs = multipage ? restore() : [];
  if (multipage && !tabs.length && current.path !== HOME.path) tabs = [HOME];
  showPage(current);

  const strip = document.getElementById('xt-tabs');
  if (!strip) return;
  strip.addEventListener('click', (ev) => {
    const t = ev.target as Element;
    const tabEl = t.closest('.ant-tabs-tab');
    const path = tabEl && tabEl.getAttribute('data-node-key');
    if (!path) return;
    ev.preventDefault();
    if (t.closest('.ant-tabs-tab-remove')) close(path);
    else {
      const tab = tabs.find((x) => x.path === path);
      if (tab) activate(tab);
    }
  });
  strip.addEventListener('contextmenu', (ev) => {
    const tabEl = (ev.target as Element).closest('.ant-tabs-tab');
    const path = tabEl && tabEl.getAttribute('data-node-key');
    if (!path) return;
    ev.preventDefault();
    openContextMenu(path, (ev as MouseEvent).clientX, (ev as MouseEvent).clientY);
  });
  document.addEventListener('click', (ev) => {
    if (!(ev.target as Element).closest('#xt-tab-menu')) closeContextMenu();
  });
  document.addEventListener('keydown', (ev) => {
    if (ev.key === 'Escape') closeContextMenu();
  });
}
