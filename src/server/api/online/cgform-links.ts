// What tree forms (cgform-tree.ts), main-with-sub forms (cgform-erp.ts) and table dictionaries (cgform-tables.ts)
// add to a form's data routes (cgform-data.ts CgformDataLinks), and the registration of their own routes.
import type { ApiRoutes } from '../access.js';
import { NO_LINKS, registerCgformDataRoutes, type CgformDataLinks } from './cgform-data.js';
import { erpFormItem, erpOne, erpRemove, erpWrite, registerCgformErpRoutes } from './cgform-erp.js';
import { dictColumns, dictFormItem, dictTexts, registerCgformTableRoutes } from './cgform-tables.js';
import { registerCgformTreeRoutes, treeColumns, treeList, treeRemove, treeWrite } from './cgform-tree.js';

const cgformLinks: CgformDataLinks = {
  columns: async (c, f, model) => dictColumns(c, f, await treeColumns(c, f, model)),
  async formItem(c, f, schema, subTables) {
    await dictFormItem(c, f, schema);
    if (subTables) await erpFormItem(c, f, schema, cgformLinks);
  },
  list: (c, f, o) => treeList(c, f, o),
  texts: dictTexts,
  one: erpOne,
  async write(c, f, values, raw, id) {
    const tree = await treeWrite(c, f, values, id);
    if (tree && 'key' in tree) return tree;
    const erp = await erpWrite(c, f, tree?.values ?? values, raw, id);
    if (erp && 'key' in erp) return erp;
    const parts = [tree, erp].filter((p) => p !== null);
    return {
      values: erp?.values ?? tree?.values ?? values,
      async after(tx, rowId) {
        for (const p of parts) await p.after(tx, rowId);
      },
    };
  },
  async remove(c, f, ids) {
    const tree = await treeRemove(c, f, ids);
    if (typeof tree === 'string') return tree;
    const all = tree?.ids ?? ids;
    const erp = await erpRemove(c, f, all);
    if (!tree && !erp) return NO_LINKS.remove(c, f, ids);
    return {
      ids: all,
      async after(tx) {
        await erp?.after(tx);
        await tree?.after(tx);
      },
    };
  },
};

/** The data routes with their links, and the tree, main-with-sub and table routes. */
export function registerCgformDataAndLinkRoutes(r: ApiRoutes) {
  registerCgformDataRoutes(r, cgformLinks);
  registerCgformTreeRoutes(r, cgformLinks);
  registerCgformErpRoutes(r, cgformLinks);
  registerCgformTableRoutes(r, cgformLinks);
}
