// Shapes shared by the shell's modules and the islands that talk to it (window.xtShell, window.xtApi).

export interface ShellSettings {
  theme: 'dark' | 'light';
  color: string;
  layout: 'sidemenu' | 'topmenu';
  contentWidth: 'Fixed' | 'Fluid';
  fixedHeader: boolean;
  autoHideHeader: boolean;
  fixSiderbar: boolean;
  colorWeak: boolean;
  multipage: boolean;
  collapsed: boolean;
}

/** The API envelope of /api (SPEC §7). */
export interface Envelope<T = unknown> {
  success: boolean;
  message: string;
  code: number;
  result: T;
  timestamp: number;
}

/** What shell.ts offers islands on window.xtShell. */
export interface ShellApi {
  /** Current settings (as persisted). */
  settings(): ShellSettings;
  /** Applies a change with the coupling rules of SPEC §4, persists it and returns the resulting settings. */
  update(patch: Partial<ShellSettings>): ShellSettings;
  /** Navigates the content area to a shell URL (htmx, pushes the URL). */
  navigate(href: string): void;
  /** True below 768 px (SPEC §2: mobile). */
  isMobile(): boolean;
  /** antd `message` toast. */
  message(type: 'success' | 'info' | 'warning' | 'error', text: string, seconds?: number): void;
}
