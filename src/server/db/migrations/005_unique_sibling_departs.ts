// A department's name is unique among its siblings (same parent_id; top-level departments share ''), held by
// the database: checking first and inserting after let 50 parallel adds of one class name make 50 classes.
// Existing duplicates are kept and renamed, never merged or deleted: the oldest keeps its name, the others
// become 名称（2）, 名称（3）… (the first free suffix, within the column's 100 characters), so an admin sees
// them side by side and can merge or delete by hand.
import type { Kysely } from 'kysely';

export const SIBLING_NAME_INDEX = 'uniq_sys_depart_parent_name';
const NAME_MAX = 100;

export async function up(db: Kysely<any>): Promise<void> {
  const groups = await db
    .selectFrom('sys_depart')
    .select(['parent_id', 'depart_name'])
    .groupBy(['parent_id', 'depart_name'])
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  for (const g of groups) {
    const siblings = await db.selectFrom('sys_depart').select(['id', 'depart_name', 'create_time']).where('parent_id', '=', g.parent_id).execute();
    const taken = new Set(siblings.map((s) => s.depart_name as string));
    const dupes = siblings
      .filter((s) => s.depart_name === g.depart_name)
      .sort((a, b) => String(a.create_time ?? '').localeCompare(String(b.create_time ?? '')) || String(a.id).localeCompare(String(b.id)));
    for (const d of dupes.slice(1)) {
      let name = '';
      for (let n = 2; !name || taken.has(name); n++) {
        const suffix = `（${n}）`;
        name = String(g.depart_name).slice(0, NAME_MAX - suffix.length) + suffix;
      }
      taken.add(name);
      await db.updateTable('sys_depart').set({ depart_name: name }).where('id', '=', d.id).execute();
    }
  }
  await db.schema.createIndex(SIBLING_NAME_INDEX).on('sys_depart').columns(['parent_id', 'depart_name']).unique().execute();
}

export async function down(db: Kysely<any>): Promise<void> {
  await db.schema.dropIndex(SIBLING_NAME_INDEX).ifExists().execute();
}
