/**
 * Extracts antd's component CSS statically, for server-rendered markup that uses antd class names.
 *
 * The theme is fixed to `{ hashed: false, cssVar: { key: 'app' } }`: selectors are plain `.ant-*` classes
 * (no `:where(.css-…)` hash) and every design token is a CSS variable declared on `.app`, so pages put
 * `class="app"` on <body>. Islands render inside a ConfigProvider with the same theme, and antd's runtime
 * skips injecting styles already present (the `.data-ant-cssinjs-cache-path` marker in the output).
 *
 * Usage (normally via scripts/build.mjs, which bundles this file with esbuild and runs it):
 *   node extract-antd-css.mjs <output.css>
 * or directly:
 *   npx tsx scripts/extract-antd-css.tsx static/build/antd.css
 */
import { createElement, type ReactElement } from 'react';
import { readFileSync, writeFileSync, mkdirSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, resolve } from 'node:path';
import { ConfigProvider } from 'antd';
import { extractStyle } from '@ant-design/static-style-extract';

/** The components whose CSS the server-rendered shell and the islands need. Keep in sync with templates. */
export const ANTD_COMPONENTS = [
  'Layout', 'Menu', 'Breadcrumb', 'Table', 'Pagination', 'Button', 'Input', 'Form', 'Tag', 'Card', 'Space',
  'Typography', 'Dropdown', 'Tabs', 'Badge', 'Avatar', 'Alert', 'Select', 'Checkbox', 'Radio', 'Switch',
  'Modal', 'Drawer', 'Popover', 'Tooltip', 'Result', 'Empty', 'Divider', 'Descriptions', 'Spin',
  'message', 'notification',
];

/** Must equal the theme the islands use in their ConfigProvider (plus zeroRuntime there). */
export const STATIC_THEME = { hashed: false, cssVar: { key: 'app' } } as const;

export function extractAntdCss(): string {
  const require = createRequire(import.meta.url);
  const reset = readFileSync(require.resolve('antd/dist/reset.css'), 'utf8');
  const css = extractStyle({
    includes: ANTD_COMPONENTS,
    // The d.ts of static-style-extract types this with the global JSX namespace that React 19 removed.
    customTheme: ((node: ReactElement) => createElement(ConfigProvider, { theme: STATIC_THEME }, node)) as never,
  });
  return `/* antd reset.css */\n${reset.trim()}\n/* antd components (static-style-extract) */\n${css}\n`;
}

const out = process.argv[2];
if (out) {
  // Rendering every component once makes antd print deprecation notices (e.g. Input.Group); they are noise here.
  const error = console.error;
  console.error = (...args: unknown[]) => {
    if (typeof args[0] === 'string' && args[0].startsWith('Warning: [antd:')) return;
    error(...args);
  };
  const css = extractAntdCss();
  mkdirSync(dirname(resolve(out)), { recursive: true });
  writeFileSync(out, css);
}
