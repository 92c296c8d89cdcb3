// Button permissions of a generated form's screen (/online/cgformList/{code}): they follow the buttons of the menu
// entry that opens it. A button child (menu_type 2) of that entry whose perms code ends in `:add`, `:edit`,
// `:delete`, `:batch_delete`, `:export` or `:import` (e.g. `online:cg_signup:add`) guards that action: the user
// needs one such button granted. An action the entry declares no button for is open to whoever holds the entry.
// With several entries for one form (by id, by table name, the tree and ERP variants), an action is allowed when
// any entry the user holds allows it. Administrators use every action (the caller decides, isSuperUser).
import type { Kysely } from 'kysely';
import type { Database, SysPermission } from '../db/schema.js';
import { CGFORM_BUTTONS, type CgformButtonCode } from '../resources/online-forms.js';
import { userPermissionRows } from './permissions.js';

/**
 * The codes of the standard buttons (getColumns' `hideColumns`: add, update, delete, batch_delete, export, import)
 * the user may not use on the screen at any of `paths` (the form's screen paths); every one when they hold none.
 * `held`: the user's rows (userPermissionRows) when the caller has them already.
 */
export async function hiddenCgformButtons(db: Kysely<Database>, userId: string, paths: readonly string[], held?: readonly SysPermission[]): Promise<CgformButtonCode[]> {
  const rows = held ?? (await userPermissionRows(db, userId));
  const wanted = new Set(paths);
  const menus = rows.filter((r) => r.menu_type !== 2 && r.url && wanted.has(r.url)).map((r) => r.id);
  const all = CGFORM_BUTTONS.map((b) => b.hide);
  if (!menus.length) return all;
  const granted = new Set(rows.filter((r) => r.menu_type === 2 && r.perms).map((r) => r.perms!));
  const buttons = await db
    .selectFrom('sys_permission')
    .select(['parent_id', 'perms'])
    .where('parent_id', 'in', menus)
    .where('menu_type', '=', 2)
    .where('del_flag', '=', 0)
    .execute();
  const allows = (menuId: string, suffix: string) => {
    const declared = buttons.filter((b) => b.parent_id === menuId && b.perms?.endsWith(`:${suffix}`)).map((b) => b.perms!);
    return declared.length === 0 || declared.some((code) => granted.has(code));
  };
  return CGFORM_BUTTONS.filter((b) => !menus.some((m) => allows(m, b.suffix))).map((b) => b.hide);
}
