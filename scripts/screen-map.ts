// The screen map: every screen of the seeded back-office menu with its Chinese title and the files that make it —
// list declaration, page, API and tests — found by the literals that tie them together (the screen's URL, the
// declaration's module, the API paths it declares). `npm run screens` writes docs/screens.md; test/screen-map.test.ts
// fails when the checked-in map is not what this script writes.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { BACK_OFFICE_MENU, isSeeded, type MenuDef } from '../src/server/db/seed/menus.js';

const ROOT = fileURLToPath(new URL('..', import.meta.url));
export const SCREEN_MAP_FILE = join(ROOT, 'docs/screens.md');

function files(dir: string, test: (p: string) => boolean): string[] {
  return readdirSync(join(ROOT, dir)).flatMap((name) => {
    const p = join(dir, name);
    return statSync(join(ROOT, p)).isDirectory() ? files(p, test) : test(p) ? [p] : [];
  });
}

interface Source {
  path: string;
  text: string;
}
const read = (paths: string[]): Source[] => paths.map((path) => ({ path, text: readFileSync(join(ROOT, path), 'utf8') }));

interface Screen {
  url: string;
  title: string;
  group: string;
}

function screens(): Screen[] {
  const out: Screen[] = [];
  const walk = (defs: MenuDef[], group: string) => {
    for (const d of defs) {
      if (!isSeeded(d)) continue;
      if (d.children?.length) walk(d.children, group ? `${group} › ${d.name}` : d.name);
      else if (!d.external && d.route !== false) out.push({ url: d.url.split('?')[0], title: d.name, group });
    }
  };
  walk(BACK_OFFICE_MENU, '');
  return out;
}

/** A literal of the URL as code writes it: in quotes or backticks, alone or followed by a query, a slash or `${`. */
function mentions(text: string, url: string): boolean {
  const esc = url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  return new RegExp(`['"\`]${esc}(?:['"\`?]|\\$\\{)`).test(text);
}

/** The list declarations (resources/*.ts), by route: their module, and the API paths they declare. */
async function declarations(lists: Source[]): Promise<Map<string, { module: Source; apiPaths: string[] }[]>> {
  const byRoute = new Map<string, { module: Source; apiPaths: string[] }[]>();
  for (const file of lists) {
    const mod = (await import(join(ROOT, file.path))) as Record<string, unknown>;
    for (const value of Object.values(mod)) {
      const spec = value as { route?: unknown; api?: Record<string, unknown> };
      if (!spec || typeof spec !== 'object' || typeof spec.route !== 'string') continue;
      const apiPaths = Object.values(spec.api ?? {}).flatMap((v) => (typeof v === 'string' ? [v] : v && typeof v === 'object' && typeof (v as { path?: unknown }).path === 'string' ? [(v as { path: string }).path] : []));
      const entries = byRoute.get(spec.route) ?? [];
      if (!entries.some((e) => e.module === file)) entries.push({ module: file, apiPaths });
      else entries.find((e) => e.module === file)!.apiPaths.push(...apiPaths);
      byRoute.set(spec.route, entries);
    }
  }
  return byRoute;
}

/** Contract endpoints by path: how code names each (`roleApi.list`), since the API registers routes by that name. */
async function endpointNames(): Promise<Map<string, string[]>> {
  const byPath = new Map<string, string[]>();
  for (const file of files('src/server/contracts', (p) => p.endsWith('.ts') && !p.endsWith('.test.ts'))) {
    const mod = (await import(join(ROOT, file))) as Record<string, unknown>;
    for (const [group, value] of Object.entries(mod)) {
      if (!value || typeof value !== 'object') continue;
      for (const [name, ep] of Object.entries(value as Record<string, unknown>)) {
        const path = (ep as { path?: unknown } | null)?.path;
        if (typeof path === 'string') byPath.set(path, [...(byPath.get(path) ?? []), `${group}.${name}`]);
      }
    }
  }
  return byPath;
}

export async function buildScreenMap(): Promise<string> {
  const lists = read(files('src/server/resources', (p) => p.endsWith('.ts') && !p.endsWith('.test.ts')));
  const pages = read(files('src/server/pages', (p) => /\.tsx?$/.test(p) && !/\.test\.tsx?$/.test(p)));
  const apis = read(files('src/server/api', (p) => p.endsWith('.ts') && !p.endsWith('.test.ts')));
  const tests = read([...files('src', (p) => /\.test\.tsx?$/.test(p)), ...files('e2e', (p) => p.endsWith('.spec.ts'))]);
  const decls = await declarations(lists);
  const endpoints = await endpointNames();
  // An API module serves a path when it names it, or registers the endpoint of that path (`r.at(roleApi.list, …`).
  const serves = (f: Source, path: string) => f.text.includes(`'${path}'`) || (endpoints.get(path) ?? []).some((n) => new RegExp(`\\b${n.replace('.', '\\.')}\\b`).test(f.text));
  const cell = (list: Source[]) => list.map((s) => `\`${relative('src/server', s.path).replace(/^\.\.\//, '')}\``).join(', ') || '—';

  const rows = screens().map((s) => {
    // A declaration module: one whose spec has the route, or that names the URL in a route table of its own.
    const decl = [...(decls.get(s.url) ?? [])];
    for (const f of lists) if (!decl.some((d) => d.module === f) && mentions(f.text, s.url)) decl.push({ module: f, apiPaths: [] });
    // How code names a declaration's module in an import: `resources/users.js`.
    const importNames = decl.map((d) => d.module.path.replace(/^src\/server\//, '').replace(/\.ts$/, '.js'));
    const importsDecl = (f: Source) => importNames.some((m) => f.text.includes(`${m}'`));
    const apiPaths = [...new Set(decl.flatMap((d) => d.apiPaths.map((p) => p.split('?')[0])))];
    // Constants that hold the URL (`export const USERS_ROUTE = '/isystem/user'`): a file naming one names the screen.
    const esc = s.url.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    const constants = [...new Set([...lists, ...pages, ...apis].flatMap((f) => [...f.text.matchAll(new RegExp(`const (\\w+) = ['"\`]${esc}['"\`]`, 'g'))].map((m) => m[1])))];
    const names = (f: Source) => mentions(f.text, s.url) || constants.some((c) => new RegExp(`\\b${c}\\b`).test(f.text));
    // A page module's opening comment names the URLs it serves (some build them from a pattern).
    const header = (f: Source) => /^(?:\/\/.*\n)+/.exec(f.text)?.[0].includes(s.url) ?? false;
    const page = pages.filter((f) => names(f) || importsDecl(f) || header(f));
    const api = apis.filter((f) => names(f) || apiPaths.some((p) => serves(f, p)));
    const test = tests.filter((f) => names(f) || importsDecl(f));
    return `| \`${s.url}\` | ${s.group ? `${s.group} › ` : ''}${s.title} | ${cell(decl.map((d) => d.module))} | ${cell(page)} | ${cell(api)} | ${cell(test)} |`;
  });
  return [
    '# Screen map',
    '',
    'Every screen of the seeded back-office menu, with the files that make it (paths under `src/server/`, tests also',
    'under `e2e/`). Generated by `npm run screens` (`scripts/screen-map.ts`) from the seeded menu and the literals that',
    'tie the files together; `test/screen-map.test.ts` fails when this file is out of date. Do not edit by hand.',
    '',
    '| URL | title | declaration | page | API | tests |',
    '|---|---|---|---|---|---|',
    ...rows,
    '',
  ].join('\n');
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  writeFileSync(SCREEN_MAP_FILE, await buildScreenMap());
  console.log(`wrote ${relative(ROOT, SCREEN_MAP_FILE)}`);
}
