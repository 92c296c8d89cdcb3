// Proof that crudActions() and listEndpoints() changed no list: every exported ListSpec's endpoints, toolbar, row
// and bulk actions equal the snapshot taken from main before the port (list-specs.before.json: `<module>.<export>`).
import { describe, expect, it } from 'vitest';
import before from './list-specs.before.json' with { type: 'json' };

describe('list declarations after the crudActions and listEndpoints port', () => {
  it.each(Object.entries(before))('%s keeps its endpoints, toolbar, row and bulk actions', async (name, expected) => {
    const [module, exportName] = name.split('.') as [string, string];
    const spec = ((await import(/* @vite-ignore */ `./${module}.ts`)) as Record<string, Record<string, unknown>>)[exportName]!;
    expect({ api: spec.api, toolbar: spec.toolbar, rowActions: spec.rowActions, bulkActions: spec.bulkActions }).toStrictEqual(expected);
  });
});
