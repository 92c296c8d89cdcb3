// A site seeded before 发现 existed gets the public menu's 发现 entry once; a menu that already links /workList
// (under any name or type) is left alone, and an empty database is left to the seed.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { up } from './021_front_menu_discover.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(dialects)('migration 021 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const front = () => t.db.selectFrom('teaching_menu').select(['id', 'parent_id', 'name', 'url', 'sort_no', 'icon']).orderBy('sort_no').execute();
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m021-'));
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('leaves an empty database to the seed', async () => {
    await up(t.db);
    expect(await front()).toEqual([]);
  });

  it('adds 发现 (sort 2, between 创作 and 资讯) to a menu seeded without it, once', async () => {
    await seedIfEmpty(t.db, { demoContent: false, storage: new LocalFileStore(filesDir) });
    const seeded = (await front()).find((r) => r.name === '发现')!;
    await t.db.deleteFrom('teaching_menu').where('id', '=', seeded.id).execute();
    await up(t.db);
    await up(t.db);
    const roots = (await front()).filter((r) => r.parent_id === '');
    expect(roots.map((r) => r.name).sort()).toEqual(['首页', '社区', '创作', '发现', '课程', '资讯', '个人中心'].sort());
    expect(roots.find((r) => r.name === '发现')).toMatchObject({ url: '/workList?type=1', sort_no: 2, icon: 'search' });
  });

  it('adds nothing when the menu already links the works list', async () => {
    const rows = await front();
    const discover = rows.find((r) => r.name === '发现')!;
    await t.db.updateTable('teaching_menu').set({ name: '作品广场', url: '/workList?type=0' }).where('id', '=', discover.id).execute();
    await up(t.db);
    expect((await front()).filter((r) => (r.url ?? '').startsWith('/workList'))).toHaveLength(1);
  });
});
