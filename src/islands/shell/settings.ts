// The shell's settings in the browser: read, couple (SPEC §4), persist and map to <body> classes.
// Persisted twice: in localStorage (the client's copy) and in the `xt_settings` cookie, which the server reads
// to render the same classes on the first paint. The class mapping mirrors src/templates/shell/settings.ts
// (islands may not import templates); keep the two in step.
import type { ShellSettings } from './types';

const DEFAULT_SETTINGS: ShellSettings = {
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

const COOKIE = 'xt_settings';
const STORAGE_KEY = 'xt:settings';
const ONE_YEAR_S = 365 * 24 * 3600;

/** SPEC §4: no auto-hide without a fixed header; Fluid only in topmenu; no fixed sidebar in topmenu. */
function couple(s: ShellSettings): ShellSettings {
  if (!s.fixedHeader) s.autoHideHeader = false;
  if (s.layout === 'sidemenu') s.contentWidth = 'Fixed';
  if (s.layout === 'topmenu') s.fixSiderbar = false;
  return s;
}

/** Keeps the known, well-typed fields of a stored value; everything else takes its default. */
function sanitize(raw: unknown): ShellSettings {
  const o = (raw && typeof raw === 'object' ? raw : {}) as Record<string, unknown>;
  const s = { ...DEFAULT_SETTINGS } as unknown as Record<string, unknown>;
  const allowed: Record<string, unknown[]> = {
    theme: ['dark', 'light'],
    layout: ['sidemenu', 'topmenu'],
    contentWidth: ['Fixed', 'Fluid'],
  };
  for (const key of Object.keys(DEFAULT_SETTINGS)) {
    const v = o[key];
    if (allowed[key] ? allowed[key].includes(v) : typeof v === typeof s[key]) s[key] = v;
  }
  if (!/^#[0-9a-f]{6}$/i.test(String(s.color))) s.color = DEFAULT_SETTINGS.color;
  return couple(s as unknown as ShellSettings);
}

function readCookie(): string | null {
  const m = document.cookie.match(/(?:^|;\s*)xt_settings=([^;]*)/);
  if (!m) return null;
  try {
    return decodeURIComponent(m[1]);
  } catch {
    return null;
  }
}

function parse(json: string | null): unknown {
  if (!json) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}

export function persist(s: ShellSettings): void {
  const json = JSON.stringify(s);
  try {
    localStorage.setItem(STORAGE_KEY, json);
  } catch {
    /* storage full or disabled: the cookie still carries the settings */
  }
  const secure = location.protocol === 'https:' ? '; secure' : '';
  document.cookie = `${COOKIE}=${encodeURIComponent(json)}; path=/; max-age=${ONE_YEAR_S}; samesite=lax${secure}`;
}

/**
 * The settings in force. The cookie is what the server rendered with; when it is gone (cleared, expired) the
 * localStorage copy is restored into it, so the next page renders right from the first paint again.
 */
export function loadSettings(): ShellSettings {
  const fromCookie = parse(readCookie());
  if (fromCookie) return sanitize(fromCookie);
  let stored: string | null = null;
  try {
    stored = localStorage.getItem(STORAGE_KEY);
  } catch {
    /* no storage */
  }
  const s = sanitize(parse(stored));
  if (stored) persist(s);
  return s;
}

/** Applies a change to the settings with the coupling rules; switching layout resets the fixed sidebar. */
export function changeSettings(prev: ShellSettings, patch: Partial<ShellSettings>): ShellSettings {
  const next = sanitize({ ...prev, ...patch });
  if (patch.layout && patch.layout !== prev.layout) next.fixSiderbar = false;
  return next;
}

const colorClass = (color: string) => `xt-color-${color.replace('#', '').toLowerCase()}`;

/** Sets the settings' classes on <body> (the collapsed state is the menu module's: it also depends on width). */
export function applyBodyClasses(s: ShellSettings): void {
  const body = document.body;
  const keep = body.className.split(/\s+/).filter((c) => c && !/^xt-(theme|layout|width|color)-/.test(c));
  const flags: Record<string, boolean> = {
    'xt-fixed-header': s.fixedHeader,
    'xt-autohide-header': s.fixedHeader && s.autoHideHeader,
    'xt-fixed-sider': s.fixSiderbar && s.layout === 'sidemenu',
    'xt-color-weak': s.colorWeak,
    'xt-multipage': s.multipage,
  };
  const classes = keep.filter((c) => !(c in flags));
  classes.push(`xt-theme-${s.theme}`, `xt-layout-${s.layout}`, s.contentWidth === 'Fluid' ? 'xt-width-fluid' : 'xt-width-fixed', colorClass(s.color));
  for (const [c, on] of Object.entries(flags)) if (on) classes.push(c);
  body.className = classes.join(' ');
  document.documentElement.classList.toggle('xt-color-weak', s.colorWeak);
}
