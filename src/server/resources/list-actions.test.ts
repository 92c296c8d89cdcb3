// Proof that crudActions() changed no list: every exported ListSpec's toolbar, row and bulk actions equal the
// snapshot taken from main before the port (list-actions.before.json: `<module>.<export>` → the three fields).
import { describe, expect, it } from 'vitest';
import before from './list-actions.before.json' with { type: 'json' };

describe('list declarations after the crudActions port', () => {
  it.each(Object.entries(before))('%s keeps its toolbar, row and bulk actions', async (name, expected) => {
    const [module, exportName] = name.split('.') as [string, string];
    const spec = ((await import(/* @vite-ignore */ `./${module}.ts`)) as Record<string, Record<string, unknown>>)[exportName]!;
    expect({ toolbar: spec.toolbar, rowActions: spec.rowActions, bulkActions: spec.bulkActions }).toStrictEqual(expected);
  });
});
