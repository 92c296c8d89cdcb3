/**
 * The logged-in shell's behaviour, loaded on every shell page (scripts/build.mjs bundles it to
 * /static/build/shell.js; vanilla TypeScript, no React, to keep the shell inside its JavaScript budget).
 *
 * The server renders the whole shell, including the user's settings (cookie `xt_settings`); this script adds:
 *   - settings: applying a change live, persisting it, window.xtShell for the settings-drawer island;
 *   - the menu (shell/menu.ts), multi-tab mode (shell/tabs.ts), the top bar (shell/header.ts);
 *   - after every htmx navigation: menu selection, tab and title from the page marker (#xt-page);
 *   - HTTP error handling of SPEC §8 for htmx and for islands (window.xtApi, shell/http.ts);
 *   - `xt:open-settings` (dispatched by the user menu's 主题设置) loads and opens the settings drawer.
 */
import { initHeader } from './shell/header';
import { watchHtmxErrors, xtApi } from './shell/http';
import { initMenu, isMobile, layoutMenu, selectFromMarker } from './shell/menu';
import { applyBodyClasses, changeSettings, loadSettings, persist } from './shell/settings';
import { initTabs, setMultipage, showPage, updateActiveHref } from './shell/tabs';
import { message } from './shell/toast';
import type { ShellSettings } from './shell/types';

document.documentElement.classList.add('xt-js');

let settings = loadSettings();

/** Navigation inside the shell: the content area is fetched with htmx and the URL pushed. */
function navigate(href: string): void {
  if (window.htmx) void window.htmx.ajax('GET', href, { target: '#content', swap: 'innerHTML show:window:top', push: href });
  else location.href = href;
}

function apply(next: ShellSettings): ShellSettings {
  const before = settings;
  settings = next;
  persist(next);
  applyBodyClasses(next);
  if (!next.autoHideHeader) document.body.classList.remove('xt-header-hidden');
  layoutMenu(next);
  if (next.multipage !== before.multipage) setMultipage(next.multipage);
  return next;
}

/** Reads the page marker the server sends with every page and navigation. */
function onPage(): void {
  const marker = document.getElementById('xt-page');
  if (!marker) return;
  selectFromMarker();
  showPage({
    path: marker.getAttribute('data-path') || location.pathname,
    href: marker.getAttribute('data-href') || location.pathname + location.search,
    title: marker.getAttribute('data-title') || '',
  });
}

window.xtApi = xtApi;
window.xtShell = {
  settings: () => ({ ...settings }),
  update: (patch) => ({ ...apply(changeSettings(settings, patch)) }),
  navigate,
  isMobile,
  message,
};

// The cookie may have been restored from localStorage or differ from what the server saw: apply what is in force.
applyBodyClasses(settings);
initMenu(
  () => settings,
  (collapsed) => apply(changeSettings(settings, { collapsed })),
);
layoutMenu(settings);
initTabs(settings.multipage, navigate);
initHeader();
watchHtmxErrors();

// A navigation swapped #content: the marker came along out of band.
document.addEventListener('htmx:afterSettle', (ev) => {
  const target = (ev as CustomEvent<{ target?: Element }>).detail.target;
  if (target && target.id === 'content') onPage();
});
// A list pushed or replaced its URL (filters, page): the active tab keeps it.
for (const type of ['htmx:pushedIntoHistory', 'htmx:replacedInHistory']) {
  document.addEventListener(type, () => updateActiveHref(location.pathname + location.search));
}

// 主题设置 in the user menu: the settings drawer island loads on first use, then listens itself.
document.addEventListener('xt:open-settings', () => {
  const el = document.querySelector<HTMLElement>('[data-island="settings-drawer"]');
  if (el && !el.hasAttribute('data-island-mounted') && window.xtIslands) void window.xtIslands.activate(el, 'xt:open-settings');
});
