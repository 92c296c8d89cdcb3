// The shell's server-side rules that need no browser: settings cookie parsing (SPEC §3 defaults, §4 coupling),
// meta-url templates (SPEC §2), and how menu items open and which one is selected.
import { describe, expect, it } from 'vitest';
import { bodyClasses, DEFAULT_SETTINGS } from '../../templates/shell/settings.js';
import { leafTarget, menuSelection, menuTrail, visibleItems, type MenuItem } from '../../templates/shell/side-menu.js';
import { evaluateUrl, resolveMenuUrls } from './menu-urls.js';
import { parseSettings } from './settings.js';

const item = (p: Partial<MenuItem> & { path: string; title: string }): MenuItem => ({
  id: p.path,
  route: p.route ?? '1',
  path: p.path,
  name: p.path,
  component: p.component ?? 'system/X',
  hidden: p.hidden,
  children: p.children,
  meta: { keepAlive: false, internalOrExternal: false, title: p.title, ...(p.meta ?? {}) },
});

describe('settings cookie', () => {
  it('gives the SPEC §3 defaults for a missing or unreadable cookie', () => {
    expect(parseSettings(undefined)).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('{not json')).toEqual(DEFAULT_SETTINGS);
    expect(parseSettings('[1,2]')).toEqual(DEFAULT_SETTINGS);
    expect(DEFAULT_SETTINGS).toMatchObject({ theme: 'light', color: '#1890FF', layout: 'sidemenu', contentWidth: 'Fixed', multipage: true, fixedHeader: false });
  });

  it('keeps good fields and replaces bad ones one by one', () => {
    const s = parseSettings(JSON.stringify({ theme: 'purple', color: '#123456', fixedHeader: true, multipage: 'yes', colorWeak: true }));
    expect(s).toMatchObject({ theme: 'light', color: '#1890FF', fixedHeader: true, multipage: true, colorWeak: true });
  });

  it('accepts only the preset colours, in any case, and normalises them', () => {
    expect(parseSettings(JSON.stringify({ color: '#722ed1' })).color).toBe('#722ED1');
    expect(parseSettings(JSON.stringify({ color: 'red;}body{display:none' })).color).toBe('#1890FF');
  });

  it('applies the coupling rules of SPEC §4', () => {
    expect(parseSettings(JSON.stringify({ fixedHeader: false, autoHideHeader: true })).autoHideHeader).toBe(false);
    expect(parseSettings(JSON.stringify({ layout: 'sidemenu', contentWidth: 'Fluid' })).contentWidth).toBe('Fixed');
    expect(parseSettings(JSON.stringify({ layout: 'topmenu', contentWidth: 'Fluid', fixSiderbar: true }))).toMatchObject({ contentWidth: 'Fluid', fixSiderbar: false });
  });

  it('maps settings to the body classes the CSS keys on', () => {
    const cls = bodyClasses(parseSettings(JSON.stringify({ theme: 'dark', color: '#F5222D', layout: 'topmenu', contentWidth: 'Fluid', fixedHeader: true, autoHideHeader: true })));
    expect(cls.split(' ')).toEqual(expect.arrayContaining(['xt-theme-dark', 'xt-color-f5222d', 'xt-layout-topmenu', 'xt-width-fluid', 'xt-fixed-header', 'xt-autohide-header', 'xt-multipage']));
  });
});

describe('meta url templates', () => {
  const vars = { domianURL: 'https://school.example/api', webURL: 'https://school.example' };

  it('evaluates window._CONFIG lookups and nothing else', () => {
    expect(evaluateUrl("{{ window._CONFIG['domianURL'] }}/sys/report", vars)).toBe('https://school.example/api/sys/report');
    expect(evaluateUrl('{{window._CONFIG["webURL"]}}/x', vars)).toBe('https://school.example/x');
    expect(evaluateUrl('{{ _CONFIG.webURL }}', vars)).toBe('https://school.example');
    expect(evaluateUrl("{{ alert(1) }}", vars)).toBeNull();
    expect(evaluateUrl("{{ window._CONFIG['nope'] }}", vars)).toBeNull();
    expect(evaluateUrl("{{ window._CONFIG['constructor'] }}", vars)).toBeNull();
  });

  it('keeps a meta url only when it ends up an http(s) URL', () => {
    const menu = [
      item({ path: 'a', title: 'A', meta: { keepAlive: false, internalOrExternal: true, title: 'A', url: "{{ window._CONFIG['domianURL'] }}/doc" } }),
      item({ path: 'b', title: 'B', meta: { keepAlive: false, internalOrExternal: true, title: 'B', url: '{{ location.href }}' } }),
      item({ path: 'c', title: 'C', meta: { keepAlive: false, internalOrExternal: true, title: 'C', url: 'javascript:alert(1)' } }),
      item({ path: 'd', title: 'D', meta: { keepAlive: false, internalOrExternal: true, title: 'D', url: 'https://ok.example/p' } }),
    ];
    const out = resolveMenuUrls(menu, 'http://host:8080');
    expect(out.map((i) => i.meta.url)).toEqual(['http://host:8080/api/doc', undefined, undefined, 'https://ok.example/p']);
    expect(menu[0].meta.url).toContain('{{'); // the session's menu is not modified
  });
});

describe('menu items', () => {
  const menu = [
    item({ path: '/dashboard/index', title: '首页' }),
    item({
      path: '/isystem',
      title: '系统管理',
      component: 'layouts/RouteView',
      children: [item({ path: '/isystem/role', title: '角色管理' }), item({ path: '/isystem/secret', title: '隐藏页', hidden: true })],
    }),
    item({ path: '/empty', title: '全隐藏', component: 'layouts/RouteView', children: [item({ path: '/empty/x', title: 'x', hidden: true })] }),
  ];

  it('hides hidden items and parents whose children are all hidden', () => {
    expect(visibleItems(menu).map((i) => i.meta.title)).toEqual(['首页', '系统管理']);
  });

  it('selects the deepest visible item of the trail; a hidden page selects its parent', () => {
    expect(menuTrail(menu, '/isystem/role').map((i) => i.meta.title)).toEqual(['系统管理', '角色管理']);
    expect(menuSelection(menu, '/isystem/role')).toEqual({ selected: '/isystem/role', open: ['/isystem'] });
    expect(menuSelection(menu, '/isystem/secret')).toEqual({ selected: '/isystem', open: [] });
    expect(menuSelection(menu, '/nowhere')).toEqual({ selected: null, open: [] });
  });

  it('opens external items in a new window and iframe pages at their shell route', () => {
    const external = item({ path: 'abc', title: 'E', meta: { keepAlive: false, internalOrExternal: true, title: 'E', url: 'https://x.example' } });
    const iframe = item({ path: 'f00d', title: 'F', component: 'layouts/IframePageView', meta: { keepAlive: false, internalOrExternal: false, title: 'F', url: 'https://y.example' } });
    expect(leafTarget(external)).toEqual({ href: 'https://x.example', newWindow: true });
    expect(leafTarget(iframe)).toEqual({ href: '/f00d', newWindow: false });
    expect(leafTarget(menu[0])).toEqual({ href: '/dashboard/index', newWindow: false });
  });
});
