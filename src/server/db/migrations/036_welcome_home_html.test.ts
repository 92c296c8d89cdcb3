// A site seeded before the welcoming 首页文案 gets it where nobody wrote one — an empty value, a missing row, or the
// seed's earlier two-line text — and keeps a school's own text; a fresh seed has it from the start.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedIfEmpty } from '../seed/index.js';
import { WELCOME_HOME_HTML } from '../seed/site-config.js';
import { freshDatabase, testDatabaseUrl, type TestDatabase } from '../test-db.js';
import { PREVIOUS_HOME_HTML, seedWelcomeHomeHtml } from './036_welcome_home_html.js';
import { LocalFileStore } from '../../storage/index.js';

const dialects: ('sqlite' | 'postgres')[] = testDatabaseUrl() ? ['sqlite', 'postgres'] : ['sqlite'];

describe.each(dialects)('migration 036 on %s', (dialect) => {
  let t: TestDatabase;
  let filesDir: string;
  const homeHtml = async () => (await t.db.selectFrom('sys_config').select('config_value').where('config_key', '=', '_homeHtml').execute()).map((r) => r.config_value);
  const setHomeHtml = (value: string) => t.db.updateTable('sys_config').set({ config_value: value }).where('config_key', '=', '_homeHtml').execute();

  beforeAll(async () => {
    t = await freshDatabase(dialect);
    filesDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-m036-'));
  });
  afterAll(async () => {
    await t?.close();
    if (filesDir) fs.rmSync(filesDir, { recursive: true, force: true });
  });

  it('leaves an empty database to the seed, which writes the welcome', async () => {
    await seedWelcomeHomeHtml(t.db);
    expect(await t.db.selectFrom('sys_config').select('id').execute()).toEqual([]);
    await seedIfEmpty(t.db, { demoContent: false, storage: new LocalFileStore(filesDir) });
    expect(await homeHtml()).toEqual([WELCOME_HOME_HTML]);
  });

  it('writes the welcome over an empty text or the earlier default, once', async () => {
    for (const old of ['', '  ', PREVIOUS_HOME_HTML]) {
      await setHomeHtml(old);
      await seedWelcomeHomeHtml(t.db);
      await seedWelcomeHomeHtml(t.db);
      expect(await homeHtml(), JSON.stringify(old)).toEqual([WELCOME_HOME_HTML]);
    }
  });

  it('adds the key when its row is missing', async () => {
    await t.db.deleteFrom('sys_config').where('config_key', '=', '_homeHtml').execute();
    await seedWelcomeHomeHtml(t.db);
    expect(await homeHtml()).toEqual([WELCOME_HOME_HTML]);
    const row = await t.db.selectFrom('sys_config').selectAll().where('config_key', '=', '_homeHtml').executeTakeFirstOrThrow();
    expect(row).toMatchObject({ comment: '前台首页文案', config_enabled: 1 });
  });

  it('keeps a school’s own text', async () => {
    await setHomeHtml('<p>本校的首页</p>');
    await seedWelcomeHomeHtml(t.db);
    expect(await homeHtml()).toEqual(['<p>本校的首页</p>']);
  });
});
