// The contract modules and the API agree: every endpoint a contract names is a route the API registers, on
// each of its methods (the API registers them from the same objects, ApiRoutes.at). And pages call the API only
// through contract endpoints: no page module holds a raw API path in a call.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createApi } from '../api/index.js';
import type { Endpoint } from './endpoint.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const SERVER = join(HERE, '..');

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? sources(join(dir, e.name)) : /\.tsx?$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) ? [join(dir, e.name)] : [],
  );

async function contractEndpoints(): Promise<{ name: string; endpoint: Endpoint }[]> {
  const out: { name: string; endpoint: Endpoint }[] = [];
  for (const file of readdirSync(HERE).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = (await import(join(HERE, file))) as Record<string, unknown>;
    for (const [group, value] of Object.entries(mod)) {
      if (!value || typeof value !== 'object') continue;
      for (const [name, ep] of Object.entries(value as Record<string, unknown>)) {
        const e = ep as Endpoint;
        if (e && typeof e === 'object' && typeof e.path === 'string' && Array.isArray(e.methods)) out.push({ name: `${file} ${group}.${name}`, endpoint: e });
      }
    }
  }
  return out;
}

describe('contracts', () => {
  it('names only routes the API registers, on each method', async () => {
    // createApi only registers routes; nothing here touches a database.
    const { routes } = createApi({} as Parameters<typeof createApi>[0]);
    const registered = new Set(routes.routes.map((r) => `${r.method} ${r.path}`));
    const endpoints = await contractEndpoints();
    expect(endpoints.length).toBeGreaterThan(10);
    const missing = endpoints.flatMap(({ name, endpoint }) => endpoint.methods.filter((m) => !registered.has(`${m} ${endpoint.path}`)).map((m) => `${name}: ${m} ${endpoint.path}`));
    expect(missing).toEqual([]);
  });

  it('is how pages reach the API: no page calls it by a raw path', () => {
    // Upstream.call is private (a raw call does not compile); nor may a page hand send() an endpoint of its own making.
    const raw = sources(join(SERVER, 'pages'))
      .filter((f) => /\.send(<[^>]*>)?\(\s*\{/.test(readFileSync(f, 'utf8')))
      .map((f) => relative(SERVER, f));
    expect(raw).toEqual([]);
  });
});
