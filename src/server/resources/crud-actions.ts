// The buttons most lists share — 新增 / 导出 / 导入 in the toolbar, 编辑 and 删除 on each row, 删除 of the selected
// rows — guarded by the anchor's codes `<prefix>:add|edit|del|export|import`. A declaration names its prefix and
// states only what differs (another add label, its own confirmation, a button open to every reader of the list).
import type { ActionSpec } from './spec.js';

/** The button codes of a list's standard actions; a button whose code is absent is open to every reader of the list. */
type CrudPerms = Partial<Record<'add' | 'edit' | 'del' | 'export' | 'import', string>>;

interface CrudOptions {
  /** The toolbar's add button (default 新增). */
  addLabel?: string;
  /** The row 删除's question (default 确定删除吗?). */
  deleteConfirm?: string;
  /** The batch 删除's question (default 是否删除选中数据?). */
  batchDeleteConfirm?: string;
  /** The row 删除 stands inline beside the other actions instead of under 更多. */
  deleteInline?: boolean;
}

interface CrudActions {
  add: ActionSpec;
  export: ActionSpec;
  import: ActionSpec;
  /** 新增, 导出 and 导入: the whole standard toolbar. */
  toolbar: { add: ActionSpec; export: ActionSpec; import: ActionSpec };
  edit: ActionSpec;
  delete: ActionSpec;
  /** 删除 of the rows selected (the list's bulk action). */
  batchDelete: ActionSpec;
}

/** `perms`: a prefix (`'role'` → role:add, role:edit, role:del, role:export, role:import) or the codes one by one. */
export function crudActions(perms: string | CrudPerms, options: CrudOptions = {}): CrudActions {
  const codes: CrudPerms =
    typeof perms === 'string'
      ? { add: `${perms}:add`, edit: `${perms}:edit`, del: `${perms}:del`, export: `${perms}:export`, import: `${perms}:import` }
      : perms;
  // No `perm` key at all when the code is absent, so the declaration is the same as one written out by hand.
  const guard = (code: keyof CrudPerms) => (codes[code] === undefined ? {} : { perm: codes[code] });
  const button = (key: string, label: string, code: keyof CrudPerms): ActionSpec => ({ key, label, ...guard(code) });
  const add = button('add', options.addLabel ?? '新增', 'add');
  const exportButton = button('export', '导出', 'export');
  const importButton = button('import', '导入', 'import');
  return {
    add,
    export: exportButton,
    import: importButton,
    toolbar: { add, export: exportButton, import: importButton },
    edit: button('edit', '编辑', 'edit'),
    delete: {
      ...button('delete', '删除', 'del'),
      confirm: options.deleteConfirm ?? '确定删除吗?',
      ...(options.deleteInline ? {} : { more: true }),
      danger: true,
    },
    batchDelete: { ...button('delete', '删除', 'del'), confirm: options.batchDeleteConfirm ?? '是否删除选中数据?', danger: true },
  };
}
