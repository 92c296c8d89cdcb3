// Databases seeded before 作业管理 had 导入 get the button 导入作业 (work:import) with the seed's grants; running it
// again changes nothing.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { expectFreshMenus, MENU_TEST_USERS, menuState, permissionRows, type MenuState } from './menu-sync.test-kit.js';
import { up } from './052_work_import.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(dialects)('migration 052 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const fresh: Record<string, MenuState> = {};
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m052-'));
    await seedIfEmpty(t.db, { demoContent: true, storage: new LocalFileStore(filesDir) });
    for (const u of MENU_TEST_USERS) fresh[u] = await menuState(t.db, u);
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('a fresh seed gives 导入作业 to the admin and teachers', () => {
    expect(fresh.admin.codes).toContain('work:import');
    expect(fresh.teacher.codes).toContain('work:import');
    expect(fresh.student1.codes).not.toContain('work:import');
  });

  it('adds the button to a database seeded before it, and is idempotent', async () => {
    const button = await t.db.selectFrom('sys_permission').select('id').where('perms', '=', 'work:import').executeTakeFirstOrThrow();
    await t.db.deleteFrom('sys_role_permission').where('permission_id', '=', button.id).execute();
    await t.db.deleteFrom('sys_permission').where('id', '=', button.id).execute();
    expect((await menuState(t.db, 'teacher')).codes).not.toContain('work:import');
    await up(t.db);
    await expectFreshMenus(t.db, fresh);
    const rows = await permissionRows(t.db);
    await up(t.db);
    expect(await permissionRows(t.db)).toBe(rows);
  });
});
