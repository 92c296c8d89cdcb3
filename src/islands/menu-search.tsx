/**
 * Menu search island (SPEC §2): a searchable select of every non-hidden menu entry except route containers
 * (layouts/RouteView); case-insensitive substring match on the title. Choosing an external or iframe entry
 * opens a new window; any other entry navigates the shell (htmx). On mobile it sits in a modal titled 搜索菜单.
 *
 * Written without React on purpose: antd's Select with React costs ~165 KB gzip for a text box and a list
 * (measured with esbuild, antd 6.6 + React 19), this widget ~2 KB. It renders antd Select's own markup, so
 * the static antd CSS styles it. The closed state (the search icon) is server markup.
 */
import type { IslandContext } from './boot';

interface Entry {
  title: string;
  /** Lower-cased title, for matching. */
  key: string;
  href: string;
  newWindow: boolean;
}

interface ApiMenuItem {
  id: string;
  /** "0": not a registered route (SPEC §2). */
  route?: string;
  path: string;
  hidden?: boolean;
  component?: string | null;
  children?: ApiMenuItem[];
  meta: { title: string; url?: string; internalOrExternal?: boolean };
}

const LIST_ID = 'xt-search-list';
const esc = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const SEARCH_ICON =
  '<span role="img" aria-label="search" class="anticon anticon-search"><svg viewBox="64 64 896 896" focusable="false" width="1em" height="1em" fill="currentColor" aria-hidden="true"><path d="M909.6 854.5L649.9 594.8C690.2 542.7 712 479 712 412c0-80.2-31.3-155.4-87.9-212.1-56.6-56.7-132-87.9-212.1-87.9s-155.5 31.3-212.1 87.9C143.2 256.5 112 331.8 112 412c0 80.1 31.3 155.5 87.9 212.1C256.5 680.8 331.8 712 412 712c67 0 130.6-21.8 182.7-62l259.7 259.6a8.2 8.2 0 0011.6 0l43.6-43.5a8.2 8.2 0 000-11.6zM570.4 570.4C528 612.7 471.8 636 412 636s-116-23.3-158.4-65.6C211.3 528 188 471.8 188 412s23.3-116.1 65.6-158.4C296 211.3 352.2 188 412 188s116.1 23.2 158.4 65.6S636 352.2 636 412s-23.3 116.1-65.6 158.4z"></path></svg></span>';

/**
 * Menu urls may hold `{{ window._CONFIG['domianURL'] }}`-style lookups (as the server evaluates them for the
 * side menu); only those lookups are understood, and a url counts only if it ends up an http(s) URL.
 */
function resolveUrl(url: string | undefined): string | undefined {
  if (!url) return undefined;
  const vars: Record<string, string> = { domianURL: `${location.origin}/api`, staticDomainURL: `${location.origin}/api/sys/common/static`, webURL: location.origin };
  let ok = true;
  const out = url.replace(/\{\{([^{}]*)\}\}/g, (_m, expr: string) => {
    const m = /^\s*(?:window\.)?_CONFIG\s*(?:\[\s*(['"])(\w+)\1\s*\]|\.(\w+))\s*$/.exec(expr);
    const key = m ? m[2] || m[3] : '';
    if (!key || !Object.prototype.hasOwnProperty.call(vars, key)) ok = false;
    return ok ? vars[key] : '';
  });
  return ok && /^https?:\/\/\S+$/i.test(out) ? out : undefined;
}

/**
 * Every non-hidden entry except route containers; children of hidden parents still count (as in the anchor).
 * An entry whose route flag is "0" is not a page: it and its children are left out, as in the side menu.
 */
function entries(items: ApiMenuItem[], out: Entry[] = []): Entry[] {
  for (const item of items) {
    if (item.route === '0') continue;
    const component = item.component || '';
    if (!item.hidden && component !== 'layouts/RouteView') {
      const url = resolveUrl(item.meta.url);
      const newWindow = !!item.meta.internalOrExternal || component.includes('layouts/IframePageView');
      const route = item.path.startsWith('/') ? item.path : `/${item.path}`;
      out.push({ title: item.meta.title, key: item.meta.title.toLowerCase(), href: newWindow ? url || item.path : route, newWindow });
    }
    if (item.children) entries(item.children, out);
  }
  return out;
}

function loadEntries(): Promise<Entry[]> {
  return window.xtApi!<{ menu: ApiMenuItem[] }>('/sys/permission/getUserPermissionByToken').then((res) => (res.success ? entries(res.result.menu) : []));
}

function el(html: string): HTMLElement {
  const t = document.createElement('template');
  t.innerHTML = html.trim();
  return t.content.firstElementChild as HTMLElement;
}

class MenuSearch {
  private box: HTMLElement | null = null;
  private modal: HTMLElement | null = null;
  private dropdown: HTMLElement | null = null;
  private input: HTMLInputElement | null = null;
  private matches: Entry[] = [];
  private active = 0;

  constructor(
    private readonly host: HTMLElement,
    private readonly all: Promise<Entry[]>,
  ) {}

  open(): void {
    if (this.box) return this.input?.focus();
    const box = el(
      `<div class="ant-select ant-select-outlined app ant-select-css-var ant-select-single ant-select-show-search ant-select-focused xt-search-select"><div class="ant-select-content"><div class="ant-select-placeholder">搜索菜单</div><input class="ant-select-input" role="combobox" aria-label="搜索菜单" aria-expanded="false" aria-haspopup="listbox" aria-autocomplete="list" aria-controls="${LIST_ID}" autocomplete="off" type="text"></div><div class="ant-select-suffix">${SEARCH_ICON}</div></div>`,
    );
    this.box = box;
    this.input = box.querySelector('input');
    if (window.xtShell?.isMobile()) {
      // SPEC §2: on mobile the search is a modal titled 搜索菜单, without footer.
      this.modal = el(
        `<div class="ant-modal-root app ant-modal-css-var xt-search-modal"><div class="ant-modal-mask"></div><div class="ant-modal-wrap"><div role="dialog" aria-modal="true" aria-labelledby="xt-search-title" class="ant-modal"><div class="ant-modal-container"><button type="button" aria-label="Close" class="ant-modal-close"><span class="ant-modal-close-x">×</span></button><div class="ant-modal-header"><div class="ant-modal-title" id="xt-search-title">搜索菜单</div></div><div class="ant-modal-body"></div></div></div></div></div>`,
      );
      (this.modal.querySelector('.ant-modal-body') as HTMLElement).appendChild(box);
      document.body.appendChild(this.modal);
      this.modal.addEventListener('click', (ev) => {
        const t = ev.target as Element;
        if (t.closest('.ant-modal-close') || t.classList.contains('ant-modal-wrap')) this.close();
      });
    } else {
      this.host.classList.add('xt-search-open');
      this.host.appendChild(box);
    }
    const input = this.input!;
    input.addEventListener('input', () => this.filter());
    input.addEventListener('keydown', (ev) => this.key(ev));
    input.addEventListener('blur', () => setTimeout(() => this.dropdown && !this.dropdown.contains(document.activeElement) && !this.modal && this.close(), 150));
    input.focus();
    this.filter();
  }

  close(): void {
    this.dropdown?.remove();
    this.box?.remove();
    this.modal?.remove();
    this.dropdown = this.box = this.modal = this.input = null;
    this.host.classList.remove('xt-search-open');
  }

  private filter(): void {
    const q = (this.input?.value || '').trim().toLowerCase();
    (this.box?.querySelector('.ant-select-placeholder') as HTMLElement).style.visibility = q ? 'hidden' : '';
    void this.all.then((all) => {
      if (!this.box) return;
      this.matches = q ? all.filter((e) => e.key.includes(q)) : all;
      this.active = 0;
      this.renderList();
    });
  }

  private renderList(): void {
    if (!this.box || !this.input) return;
    if (!this.dropdown) {
      this.dropdown = el(`<div class="ant-select-dropdown app ant-select-css-var ant-select-dropdown-placement-bottomLeft xt-search-dropdown"></div>`);
      this.dropdown.addEventListener('mousedown', (ev) => ev.preventDefault()); // keep the input focused
      this.dropdown.addEventListener('click', (ev) => {
        const opt = (ev.target as Element).closest('[data-index]');
        if (opt) this.choose(this.matches[Number(opt.getAttribute('data-index'))]);
      });
      document.body.appendChild(this.dropdown);
    }
    const r = this.box.getBoundingClientRect();
    Object.assign(this.dropdown.style, { left: `${r.left + window.scrollX}px`, top: `${r.bottom + window.scrollY + 4}px`, width: `${Math.max(r.width, 200)}px` });
    const items = this.matches
      .map(
        (e, i) =>
          `<div role="option" id="${LIST_ID}-${i}" aria-selected="${i === this.active}" data-index="${i}" class="ant-select-item ant-select-item-option${i === this.active ? ' ant-select-item-option-active' : ''}" title="${esc(e.title)}"><div class="ant-select-item-option-content">${esc(e.title)}</div></div>`,
      )
      .join('');
    this.dropdown.innerHTML = `<div role="listbox" id="${LIST_ID}" class="ant-select-dropdown-list"><div class="ant-select-dropdown-list-holder" style="max-height:256px;overflow-y:auto">${items || '<div class="ant-select-item-empty">暂无数据</div>'}</div></div>`;
    this.input.setAttribute('aria-expanded', 'true');
    this.input.setAttribute('aria-activedescendant', this.matches.length ? `${LIST_ID}-${this.active}` : '');
    const current = this.dropdown.querySelector('.ant-select-item-option-active');
    if (current) (current as HTMLElement).scrollIntoView({ block: 'nearest' });
  }

  private key(ev: KeyboardEvent): void {
    if (ev.key === 'Escape') return this.close();
    if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
      ev.preventDefault();
      const n = this.matches.length;
      if (n) this.active = (this.active + (ev.key === 'ArrowDown' ? 1 : n - 1)) % n;
      this.renderList();
    } else if (ev.key === 'Enter' && this.matches[this.active]) {
      ev.preventDefault();
      this.choose(this.matches[this.active]);
    }
  }

  private choose(e: Entry | undefined): void {
    if (!e) return;
    this.close();
    if (e.newWindow) window.open(e.href, '_blank');
    else if (window.xtShell) window.xtShell.navigate(e.href);
    else location.href = e.href;
  }
}

const widgets = new WeakMap<HTMLElement, MenuSearch>();

export function mount(el: HTMLElement, _props: unknown, ctx: IslandContext) {
  const search = new MenuSearch(el, loadEntries().catch(() => []));
  widgets.set(el, search);
  el.addEventListener('click', (ev) => {
    if ((ev.target as Element).closest('.xt-search-trigger')) search.open();
  });
  document.addEventListener('mousedown', (ev) => {
    const t = ev.target as Element;
    if (!el.contains(t) && !t.closest('.xt-search-dropdown, .xt-search-modal')) search.close();
  });
  // The click that loaded the island was held back by boot.ts: act on it.
  if (ctx.click) search.open();
}

export function unmount(el: HTMLElement) {
  widgets.get(el)?.close();
  widgets.delete(el);
}
