// A field is declared once: a form's maxlength and required mark come from its resource's rule, and the API
// that saves the form refuses a value one character over that limit with the same words the form would show.
// The over-long input is generated from the declaration, for every form in resources/registry.ts; and every
// form the resource modules export must be registered there.
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dialects, startTestApp, type TestApp } from '../../../test/harness.js';
import { DECLARED_FORMS } from './registry.js';
import { siteConfigFields } from './site-config.js';
import { tooLongMessage } from './rules.js';
import type { FormSpec } from './spec.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const TEXT_KINDS = new Set(['text', 'name', 'code', 'richtext', 'password', 'date', 'datetime', 'upload']);

/** Every FormSpec exported by a resource module. */
async function exportedForms(): Promise<{ module: string; name: string; form: FormSpec }[]> {
  const out: { module: string; name: string; form: FormSpec }[] = [];
  for (const file of readdirSync(HERE).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const mod = (await import(join(HERE, file))) as Record<string, unknown>;
    for (const [name, value] of Object.entries(mod)) {
      const v = value as { fields?: unknown; route?: unknown };
      if (v && typeof v === 'object' && Array.isArray(v.fields) && v.route === undefined) out.push({ module: file, name, form: v as FormSpec });
    }
  }
  return out;
}

describe('resource declarations', () => {
  it('registers every form a resource module exports', async () => {
    const registered = new Set(DECLARED_FORMS.map((d) => d.form));
    const missing = (await exportedForms()).filter((f) => !registered.has(f.form)).map((f) => `${f.module}: ${f.name}`);
    expect(missing).toEqual([]);
  });

  it.each(DECLARED_FORMS.map((d) => [d.name, d] as const))('%s: each form field is its resource field, with its limit and required mark', (_, d) => {
    const wrong: string[] = [];
    for (const f of d.form.fields) {
      const rule = d.resource.fields[f.key];
      if (!rule) {
        wrong.push(`${f.key}: not a field of the resource`);
        continue;
      }
      const max = TEXT_KINDS.has(rule.kind) ? rule.max : undefined;
      if (f.maxLength !== max) wrong.push(`${f.key}: form maxLength ${f.maxLength}, rule ${max}`);
      if (!!f.required !== !!rule.required) wrong.push(`${f.key}: form required ${!!f.required}, rule ${!!rule.required}`);
    }
    expect(wrong).toEqual([]);
  });
});

describe.each(dialects)('the API refuses what the form would refuse, on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  beforeAll(async () => {
    t = await startTestApp({ dialect });
    admin = await t.login('admin');
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each(DECLARED_FORMS.map((d) => [d.name, d] as const))('%s: one character over each limit is refused with the form\'s message', async (_, d) => {
    const wrong: string[] = [];
    let checked = 0;
    for (const f of d.form.fields) {
      if (f.maxLength === undefined) continue;
      const message = tooLongMessage(f.label, f.maxLength);
      for (const save of d.saves) {
        const over = await t.api(save.method, save.path, { token: admin, body: { [f.key]: 'x'.repeat(f.maxLength + 1) } });
        if (over.status !== 400 || over.body.result?.errors?.[f.key] !== message) {
          wrong.push(`${save.path} ${f.key} ×${f.maxLength + 1}: ${over.status} ${JSON.stringify(over.body.result?.errors?.[f.key] ?? over.body.message)}`);
        }
        // Exactly at the limit the length is not what is wrong (other fields may still be).
        const at = await t.api(save.method, save.path, { token: admin, body: { [f.key]: 'x'.repeat(f.maxLength) } });
        if (at.body.result?.errors?.[f.key] === message) wrong.push(`${save.path} ${f.key} ×${f.maxLength}: refused as too long`);
        checked++;
      }
    }
    expect(wrong).toEqual([]);
    if (d.saves.length) expect(checked).toBeGreaterThan(0);
  });

  it('系统配置: one character over each declared text setting is refused with the settings page\'s message', async () => {
    const wrong: string[] = [];
    for (const [key, rule] of Object.entries(siteConfigFields.fields)) {
      if (rule.max === undefined) continue;
      const res = await t.api('POST', '/sys/config/saveTenantConfig', { token: admin, body: { [key]: '1'.repeat(rule.max + 1) } });
      if (res.body.success || res.body.result?.errors?.[key] !== tooLongMessage(rule.label, rule.max)) wrong.push(`${key}: ${JSON.stringify(res.body.result?.errors ?? res.body.message)}`);
    }
    expect(wrong).toEqual([]);
  });
});
