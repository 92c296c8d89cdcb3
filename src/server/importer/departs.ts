// Departments meet Xuetang's by org code (A01, A01A01 …), but an org code is a generated position in a tree, not
// an identity: a fresh Xuetang's sample school (希望小学 → 一年级 → two classes) holds the same codes as any
// teaching-open school. So before the school's departments come in, a Xuetang department whose code one of them
// holds under another id is looked at with everything below it: if nothing uses that subtree (no members but the
// accounts the school brings itself, no courses, works, homework, grants), it is a placeholder and gives way (its
// rows are removed and the school's come in with their own ids); if something does, the two are the same
// department from then on (matched by code, its id kept) and the report says so.
import type { ImportContext } from './engine.js';
import type { Source } from './source.js';

interface Depart {
  id: string;
  parent_id: string;
  org_code: string;
  depart_name: string;
}

export async function makeRoomForSchoolDeparts(ctx: ImportContext, source: Source): Promise<void> {
  const theirs = new Map<string, string>();
  for await (const page of source.pages('sys_depart', 'id', 5000)) for (const d of page) theirs.set(String(d.org_code ?? ''), String(d.id));
  const theirIds = new Set(theirs.values());
  const theirUsernames = new Set<string>();
  for await (const page of source.pages('sys_user', 'id', 5000)) for (const u of page) theirUsernames.add(String(u.username ?? ''));

  const ours = (await ctx.db.selectFrom('sys_depart').select(['id', 'parent_id', 'org_code', 'depart_name']).execute()) as Depart[];
  const children = new Map<string, Depart[]>();
  for (const d of ours) children.set(d.parent_id, [...(children.get(d.parent_id) ?? []), d]);
  const subtree = (root: Depart): Depart[] => [root, ...(children.get(root.id) ?? []).flatMap(subtree)];

  const colliding = ours
    .filter((d) => theirs.has(d.org_code) && theirs.get(d.org_code) !== d.id && !theirIds.has(d.id))
    .sort((a, b) => a.org_code.length - b.org_code.length);
  const removed = new Set<string>();
  const replaced: string[] = [];
  const merged: string[] = [];
  for (const d of colliding) {
    if (removed.has(d.id)) continue;
    const ids = subtree(d).map((x) => x.id);
    if (await inUse(ctx, ids, theirUsernames)) {
      merged.push(`${d.depart_name}（${d.org_code}）`);
      continue;
    }
    for (const id of ids) removed.add(id);
    replaced.push(`${d.depart_name}（${d.org_code}）`);
  }
  if (!removed.size && !merged.length) return;
  const ids = [...removed];
  if (ids.length) {
    if (ctx.dryRun) for (const id of ids) ctx.ghosts.add(`sys_depart:${id}`);
    else {
      await ctx.db.transaction().execute(async (trx) => {
        await trx.deleteFrom('sys_user_depart').where('dep_id', 'in', ids).execute();
        await trx.deleteFrom('sys_user_manage_depart').where('dep_id', 'in', ids).execute();
        await trx.deleteFrom('sys_depart').where('id', 'in', ids).execute();
      });
    }
    ctx.report.notes.push(`学堂中未使用的示例部门由学校的部门代替（共 ${ids.length} 个）：${replaced.join('、')}。`);
  }
  if (merged.length) ctx.report.notes.push(`学堂已有并在使用的部门与学校同编码的部门合并为一个：${merged.join('、')}。`);
}

/** Whether anything but the accounts the school brings itself refers to one of these departments. */
async function inUse(ctx: ImportContext, ids: string[], theirUsernames: Set<string>): Promise<boolean> {
  const db = ctx.db;
  const members = await db
    .selectFrom('sys_user_depart')
    .innerJoin('sys_user', 'sys_user.id', 'sys_user_depart.user_id')
    .select('sys_user.username')
    .where('sys_user_depart.dep_id', 'in', ids)
    .union(
      db
        .selectFrom('sys_user_manage_depart')
        .innerJoin('sys_user', 'sys_user.id', 'sys_user_manage_depart.user_id')
        .select('sys_user.username')
        .where('sys_user_manage_depart.dep_id', 'in', ids),
    )
    .execute();
  if (members.some((m) => !theirUsernames.has(m.username))) return true;
  const uses = await Promise.all([
    db.selectFrom('teaching_course_dept').select('id').where('dept_id', 'in', ids).limit(1).execute(),
    db.selectFrom('teaching_course_auth_depart').select('id').where('depart_id', 'in', ids).limit(1).execute(),
    db.selectFrom('teaching_additional_work_dept').select('id').where('dept_id', 'in', ids).limit(1).execute(),
    db.selectFrom('teaching_work').select('id').where('depart_id', 'in', ids).limit(1).execute(),
    db.selectFrom('sys_depart_permission').select('id').where('depart_id', 'in', ids).limit(1).execute(),
    db.selectFrom('sys_depart_role').select('id').where('depart_id', 'in', ids).limit(1).execute(),
  ]);
  return uses.some((u) => u.length > 0);
}
