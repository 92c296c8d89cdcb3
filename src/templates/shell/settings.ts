// The shell's appearance settings (SPEC §2 settings drawer, §3 defaults, §4 coupling rules) and how they map to
// classes on <body>. The server renders these classes from the `xt_settings` cookie so the first paint already
// has the user's theme; the browser (src/islands/shell/settings.ts) keeps its own copy of the same mapping,
// because islands may not import templates — keep the two in step.

/** The 8 preset primary colours of the drawer, in display order. */
export const PRESET_COLORS = [
  { name: '薄暮', color: '#F5222D' },
  { name: '火山', color: '#FA541C' },
  { name: '日暮', color: '#FAAD14' },
  { name: '明青', color: '#13C2C2' },
  { name: '极光绿', color: '#52C41A' },
  { name: '拂晓蓝（默认）', color: '#1890FF' },
  { name: '极客蓝', color: '#2F54EB' },
  { name: '酱紫', color: '#722ED1' },
] as const;

export type PresetColor = (typeof PRESET_COLORS)[number]['color'];

export interface ShellSettings {
  theme: 'dark' | 'light';
  color: PresetColor;
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'Fixed' | 'Fluid';
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
  /** Side menu collapsed to 80 px by the user (the "sidebar opened" setting, inverted). */
  collapsed: boolean;
}

/** SPEC §3 defaults (light theme: see reference §1.16 item 1). */
export const DEFAULT_SETTINGS: ShellSettings = {
  theme: 'light',
  color: '#1890FF',
  layout: 'sidemenu',
  contentWidth: 'Fixed',
  fixedHeader: false,
  autoHideHeader: false,
  fixSiderbar: false,
  colorWeak: false,
  multipage: true,
  collapsed: false,
};

export const SETTINGS_COOKIE = 'xt_settings';

/** Class of the preset colour; static/build/theme.css sets antd's colour variables under it. */
export const colorClass = (color: string) => `xt-color-${color.replace('#', '').toLowerCase()}`;

/** Classes on <body> for a settings value (the browser toggles the same ones). */
export function bodyClasses(s: ShellSettings): string {
  return [
    `xt-theme-${s.theme}`,
    `xt-layout-${s.layout}`,
    s.contentWidth === 'Fluid' ? 'xt-width-fluid' : 'xt-width-fixed',
    colorClass(s.color),
    s.fixedHeader && 'xt-fixed-header',
    s.fixedHeader && s.autoHideHeader && 'xt-autohide-header',
    s.fixSiderbar && s.layout === 'sidemenu' && 'xt-fixed-sider',
    s.colorWeak && 'xt-color-weak',
    s.multipage && 'xt-multipage',
    s.collapsed && s.layout === 'sidemenu' && 'xt-collapsed',
  ]
    .filter(Boolean)
    .join(' ');
}
