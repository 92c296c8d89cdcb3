// A public menu seeded before /index and /courseList existed (首页 → /home) gets teaching-open's entries:
// 首页 → /index, 社区 → /home (the old row, renamed while it is as seeded) and 课程 → /courseList — once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed/index.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { addFrontMenuIndexAndCourses } from './022_front_menu_index_courses.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(dialects)('migration 022 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const roots = async () =>
    (await t.db.selectFrom('teaching_menu').select(['name', 'url', 'sort_no', 'icon']).where('parent_id', '=', '').where('url', 'in', ['/index', '/home', '/courseList']).execute()).sort((a, b) =>
      (a.url ?? '') < (b.url ?? '') ? -1 : 1,
    );
  /** The public menu as the seed made it before this migration. */
  const oldMenu = async () => {
    await t.db.deleteFrom('teaching_menu').where('url', 'in', ['/index', '/courseList']).execute();
    await t.db.updateTable('teaching_menu').set({ name: '首页', icon: 'home' }).where('url', '=', '/home').execute();
  };
  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m022-'));
    await seedIfEmpty(t.db, { demoContent: false, storage: new LocalFileStore(filesDir) });
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('turns the old seed menu into the new one, once', async () => {
    const fresh = await roots();
    await oldMenu();
    expect(await roots()).toEqual([{ name: '首页', url: '/home', sort_no: 0, icon: 'home' }]);
    await addFrontMenuIndexAndCourses(t.db);
    await addFrontMenuIndexAndCourses(t.db);
    expect(await roots()).toEqual(fresh);
    expect(fresh).toEqual([
      { name: '课程', url: '/courseList', sort_no: 2, icon: 'calculator' },
      { name: '社区', url: '/home', sort_no: 0, icon: 'experiment' },
      { name: '首页', url: '/index', sort_no: 0, icon: 'home' },
    ]);
  });

  it('leaves an administrator’s edits alone and adds nothing the menu already links', async () => {
    await oldMenu();
    await t.db.updateTable('teaching_menu').set({ name: '作品广场' }).where('url', '=', '/home').execute();
    await addFrontMenuIndexAndCourses(t.db);
    const rows = await roots();
    expect(rows.find((r) => r.url === '/home')).toMatchObject({ name: '作品广场', icon: 'home' });
    await t.db.updateTable('teaching_menu').set({ name: '全部课程' }).where('url', '=', '/courseList').execute();
    await addFrontMenuIndexAndCourses(t.db);
    expect((await roots()).filter((r) => r.url === '/courseList')).toEqual([{ name: '全部课程', url: '/courseList', sort_no: 2, icon: 'calculator' }]);
  });
});
