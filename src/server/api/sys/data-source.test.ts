// 多数据源管理 API (/sys/dataSource/*, /online/cgreport/api/testConnection): saving with the password encrypted at
// rest and never answered, refused without a key; addresses checked (credentials in the address, SQLite files
// outside DATA_DIR/datasources or at Xuetang's own database); 测试连接 against the local PostgreSQL, a SQLite file
// and MariaDB; a report reading each data source, read-only; deletion refused while a report uses one.
import Database from 'better-sqlite3';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import { decryptPassword, encryptPassword, encryptedWith, rekeyPasswords } from '../../domain/data-sources.js';
import { externalDatabase, REPORT_LIMITS } from '../../domain/report-runner.js';
import { expectNoPermission } from '../../../../test/assertions.js';
import { dialects, startTestApp, type TestApp } from '../../../../test/harness.js';
import { describeWith, mariadbService } from '../../../../test/services.js';

const PG_URL = 'postgres://postgres@127.0.0.1:5432/test';
const KEY = Buffer.alloc(32, 7);
const OTHER_KEY = Buffer.alloc(32, 9);

describe('data-source passwords at rest', () => {
  it('are AES-256-GCM under the configured key, opened by the current or the previous key, never without one', () => {
    const stored = encryptPassword('s3cret-密码', { current: KEY });
    expect(stored).toMatch(/^v1:[0-9a-f]{8}:/);
    expect(stored).not.toContain('s3cret');
    expect(encryptPassword('s3cret-密码', { current: KEY })).not.toBe(stored);
    expect(decryptPassword(stored, { current: KEY })).toBe('s3cret-密码');
    // During a rotation the old key still opens what it wrote.
    expect(decryptPassword(stored, { current: OTHER_KEY, previous: KEY })).toBe('s3cret-密码');
    expect(encryptedWith(stored, KEY)).toBe(true);
    expect(() => decryptPassword(stored, { current: OTHER_KEY })).toThrow('数据源密码是用另一个密钥加密的');
    const [v, kid, iv, tag, data] = stored.split(':');
    expect(() => decryptPassword([v, kid, iv, tag, data.slice(0, -2) + 'AA'].join(':'), { current: KEY })).toThrow('数据源密码无法解密');
    expect(() => encryptPassword('x', {})).toThrow('未配置数据源密钥（环境变量 DATA_SOURCE_KEY）');
  });

  it('take their key from DATA_SOURCE_KEY, 32 bytes as hex or base64, and refuse anything else at start', () => {
    expect(loadConfig({ DATA_SOURCE_KEY: KEY.toString('hex') }).dataSourceKeys.current).toEqual(KEY);
    expect(loadConfig({ DATA_SOURCE_KEY: KEY.toString('base64'), DATA_SOURCE_OLD_KEY: OTHER_KEY.toString('hex') }).dataSourceKeys).toEqual({ current: KEY, previous: OTHER_KEY });
    expect(loadConfig({}).dataSourceKeys.current).toBeUndefined();
    expect(() => loadConfig({ DATA_SOURCE_KEY: 'short' })).toThrow('DATA_SOURCE_KEY must be 32 bytes');
  });
});

describe.each(dialects)('多数据源管理 API on %s', (dialect) => {
  let t: TestApp;
  let admin: string;
  let teacher: string;
  let dataDir: string;
  const table = `xt_ds_${Math.random().toString(36).slice(2, 8)}`;

  const rows = () => t.db.selectFrom('sys_data_source').selectAll().orderBy('code').execute();
  const add = (body: Record<string, unknown>) => t.api('POST', '/sys/dataSource/add', { token: admin, body });
  const testConn = (body: Record<string, unknown>) => t.api('POST', '/online/cgreport/api/testConnection', { token: admin, body });
  const pgSource = { code: 'pg_local', name: '本机PostgreSQL', dbType: '6', dbUrl: 'jdbc:postgresql://127.0.0.1:5432/test', dbUsername: 'postgres', dbPassword: 'not-needed-trust' };
  async function pgAdmin(sql: string) {
    const c = new pg.Client({ connectionString: PG_URL });
    await c.connect();
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'xuetang-ds-'));
    t = await startTestApp({ dialect, sqliteOnFile: true, config: { dataDir, dataSourceKeys: { current: KEY } } });
    [admin, teacher] = await Promise.all([t.login('admin'), t.login('teacher')]);
    await pgAdmin(`create table ${table} (id int primary key, name text, sex text); insert into ${table} values (1, '小明', '1'), (2, '小红', '2'), (3, '小刚', '1')`);
  });
  afterAll(async () => {
    await pgAdmin(`drop table if exists ${table}`).catch(() => undefined);
    await t?.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('saves a PostgreSQL data source with its password encrypted, and never answers the password', async () => {
    const res = await add(pgSource);
    expect(res.body, res.body.message).toMatchObject({ success: true, message: '添加成功！' });
    const [row] = await rows();
    expect(row).toMatchObject({ code: 'pg_local', db_type: '6', db_driver: 'org.postgresql.Driver', create_by: 'admin' });
    expect(row.db_password).toMatch(/^v1:/);
    expect(decryptPassword(row.db_password!, { current: KEY })).toBe('not-needed-trust');
    const list = await t.api('GET', '/sys/dataSource/list?code=pg_local', { token: admin });
    expect(list.body.result.records).toHaveLength(1);
    const rec = list.body.result.records[0];
    expect(rec).toMatchObject({ code: 'pg_local', name: '本机PostgreSQL', dbType: '6', dbType_dictText: 'PostgreSQL', dbUrl: pgSource.dbUrl, dbUsername: 'postgres', dbPassword: '', hasPassword: true });
    expect(JSON.stringify(list.body)).not.toContain(row.db_password);
    const one = await t.api('GET', `/sys/dataSource/queryById?id=${row.id}`, { token: admin });
    expect(one.body.result).toMatchObject({ code: 'pg_local', dbPassword: '', hasPassword: true });
    expect(JSON.stringify(one.body)).not.toContain('not-needed-trust');
    expect((await add(pgSource)).body).toMatchObject({ success: false, message: '数据源编码已存在' });
  });

  it('tests a connection (the form’s values, or a saved row’s password) and answers in Chinese', async () => {
    const ok = await testConn({ dbType: '6', dbUrl: pgSource.dbUrl, dbUsername: 'postgres' });
    expect(ok.body).toMatchObject({ success: true, message: '数据库连接成功' });
    const [row] = await rows();
    expect((await testConn({ id: row.id, dbType: '6', dbUrl: pgSource.dbUrl, dbUsername: 'postgres' })).body.success).toBe(true);
    const refused = await testConn({ dbType: '6', dbUrl: 'jdbc:postgresql://127.0.0.1:1/test', dbUsername: 'postgres' });
    expect(refused.body.success).toBe(false);
    expect(refused.body.message).toMatch(/^数据库连接失败：/);
    const noDb = await testConn({ dbType: '6', dbUrl: 'jdbc:postgresql://127.0.0.1:5432/no_such_database_xt', dbUsername: 'postgres' });
    expect(noDb.body.message).toMatch(/^数据库连接失败：/);
  });

  it('feeds a report from the data source, read-only, with its dictionary texts', async () => {
    const res = await t.api('POST', '/online/cgreport/head/add', {
      token: admin,
      body: {
        head: { code: 'pgkids', name: '外部学生', cgrSql: `select id, name, sex from ${table} where name like '%\${kw}%'`, dbSource: 'pg_local' },
        items: [{ fieldName: 'id', isOrder: 1 }, { fieldName: 'name' }, { fieldName: 'sex', dictCode: 'sex' }],
        params: [{ paramName: 'kw', paramValue: '小' }],
      },
    });
    expect(res.body, res.body.message).toMatchObject({ success: true });
    const data = await t.api('GET', '/online/cgreport/api/getData/pgkids?column=id&order=asc', { token: admin });
    expect(data.body.result.total).toBe(3);
    expect(data.body.result.records.map((r: any) => [r.id, r.name, r.sex_dictText])).toEqual([
      [1, '小明', '男'],
      [2, '小红', '女'],
      [3, '小刚', '男'],
    ]);
    const kw = await t.api('GET', `/online/cgreport/api/getData/pgkids?self_kw=${encodeURIComponent('红')}`, { token: admin });
    expect(kw.body.result.records.map((r: any) => r.name)).toEqual(['小红']);
    const parsed = await t.api('GET', `/online/cgreport/head/parseSql?dbKey=pg_local&sql=${encodeURIComponent(`select id, name from ${table}`)}`, { token: admin });
    expect(parsed.body.result.fields.map((f: any) => [f.fieldName, f.fieldType])).toEqual([['id', 'Integer'], ['name', 'String']]);
    // The connection itself is read-only, whatever reached it.
    const [row] = await rows();
    const source = externalDatabase({ engine: 'postgres', host: '127.0.0.1', port: 5432, database: 'test', user: 'postgres' }, decryptPassword(row.db_password!, { current: KEY }), REPORT_LIMITS);
    await expect(source.read([{ sql: `delete from ${table}`, params: [] }], 1)).rejects.toThrow('报表只能读取数据，不能写入');
    const left = await t.api('GET', '/online/cgreport/api/getData/pgkids', { token: admin });
    expect(left.body.result.total).toBe(3);
  });

  it('refuses to delete a data source a report reads, or to change its code', async () => {
    const [row] = await rows();
    expect((await t.api('DELETE', `/sys/dataSource/delete?id=${row.id}`, { token: admin })).body).toMatchObject({ success: false, message: '数据源正被1个报表使用（外部学生），不能删除' });
    const renamed = await t.api('PUT', '/sys/dataSource/edit', { token: admin, body: { ...pgSource, id: row.id, code: 'pg_other' } });
    expect(renamed.body.message).toBe('该数据源正被1个报表使用（外部学生），不能修改编码');
    // An edit without a password keeps the stored one.
    const edited = await t.api('PUT', '/sys/dataSource/edit', { token: admin, body: { ...pgSource, id: row.id, name: '本机库', dbPassword: '' } });
    expect(edited.body).toMatchObject({ success: true, message: '编辑成功!' });
    const [after] = await rows();
    expect(after).toMatchObject({ name: '本机库', db_password: row.db_password });
    expect(await rows()).toHaveLength(1);
  });

  it('refuses bad addresses, credentials in the address and SQLite files outside its folder, with nothing saved', async () => {
    const before = JSON.stringify(await rows());
    fs.mkdirSync(path.join(dataDir, 'datasources'), { recursive: true });
    const cases: [Record<string, unknown>, string][] = [
      [{ dbType: '6', dbUrl: 'jdbc:mysql://127.0.0.1:3306/test' }, '数据源地址格式不正确，例如 jdbc:postgresql://127.0.0.1:5432/school'],
      [{ dbType: '6', dbUrl: 'jdbc:postgresql://postgres:pw@127.0.0.1:5432/test' }, '请把用户名和密码填在各自的栏里，不要写在数据源地址中'],
      [{ dbType: '6', dbUrl: 'jdbc:postgresql://127.0.0.1:5432/' }, '请在数据源地址中写出数据库名称，或填写数据库名称'],
      [{ dbType: 'sqlite', dbUrl: '/etc/passwd' }, `SQLite数据源只能使用 ${path.join(dataDir, 'datasources')} 目录中的文件`],
      [{ dbType: 'sqlite', dbUrl: 'jdbc:sqlite:../xuetang.db' }, `SQLite数据源只能使用 ${path.join(dataDir, 'datasources')} 目录中的文件`],
      [{ dbType: 'oracle', dbUrl: 'x' }, '数据库类型不存在'],
      [{ dbType: '6', dbUrl: '' }, '请输入数据源地址'],
      [{ dbType: '6', dbUrl: pgSource.dbUrl, code: 'a b' }, '数据源编码只能包含字母、数字、下划线和短横线'],
    ];
    for (const [patch, message] of cases) {
      const res = await add({ ...pgSource, code: 'bad_one', ...patch });
      expect(res.body.success, message).toBe(false);
      expect(res.body.message).toBe(message);
    }
    expect(JSON.stringify(await rows())).toBe(before);
  });

  it('refuses to save a password without a key, and saves a data source without a password', async () => {
    const keyless = await startTestApp({ dialect, config: { dataDir } });
    try {
      const token = await keyless.login('admin');
      const res = await keyless.api('POST', '/sys/dataSource/add', { token, body: { ...pgSource, code: 'nokey' } });
      expect(res.body).toMatchObject({ success: false, message: '未配置数据源密钥（环境变量 DATA_SOURCE_KEY），不能保存数据库密码；请管理员配置后再试' });
      expect(res.body.result.errors.dbPassword).toBeTruthy();
      expect(await keyless.db.selectFrom('sys_data_source').select('id').execute()).toEqual([]);
      const without = await keyless.api('POST', '/sys/dataSource/add', { token, body: { ...pgSource, code: 'nokey', dbPassword: '' } });
      expect(without.body.success).toBe(true);
    } finally {
      await keyless.close();
    }
  });

  it('reads a SQLite file under DATA_DIR/datasources, never Xuetang’s own database through a link', async () => {
    const folder = path.join(dataDir, 'datasources');
    fs.mkdirSync(folder, { recursive: true });
    const file = path.join(folder, 'club.db');
    const lite = new Database(file);
    lite.exec("create table members (id integer, name text); insert into members values (1, '甲'), (2, '乙')");
    lite.close();
    expect((await testConn({ dbType: 'sqlite', dbUrl: 'club.db' })).body).toMatchObject({ success: true, message: '数据库连接成功' });
    expect((await testConn({ dbType: 'sqlite', dbUrl: 'missing.db' })).body).toMatchObject({ success: false, message: '数据库连接失败：SQLite数据库文件不存在' });
    expect((await add({ code: 'club', name: '社团', dbType: 'sqlite', dbUrl: 'jdbc:sqlite:club.db' })).body.success).toBe(true);
    const report = await t.api('POST', '/online/cgreport/head/add', {
      token: admin,
      body: { head: { code: 'club', name: '社团成员', cgrSql: 'select id, name from members', dbSource: 'club' }, items: [{ fieldName: 'id', isOrder: 1 }, { fieldName: 'name' }] },
    });
    expect(report.body.success, report.body.message).toBe(true);
    const data = await t.api('GET', '/online/cgreport/api/getData/club?column=id&order=desc', { token: admin });
    expect(data.body.result.records).toEqual([{ id: 2, name: '乙' }, { id: 1, name: '甲' }]);
    // The reader's connection is read-only even for a statement no check saw.
    const source = externalDatabase({ engine: 'sqlite', file }, undefined, REPORT_LIMITS);
    await expect(source.read([{ sql: 'delete from members', params: [] }], 1)).rejects.toThrow();
    expect(new Database(file, { readonly: true }).prepare('select count(*) as n from members').get()).toEqual({ n: 2 });
    if (t.deps.sqliteFile) {
      fs.symlinkSync(t.deps.sqliteFile, path.join(folder, 'sneaky.db'));
      const sneaky = await testConn({ dbType: 'sqlite', dbUrl: 'sneaky.db' });
      expect(sneaky.body.success).toBe(false);
      expect(sneaky.body.message).toMatch(/^数据库连接失败：SQLite数据源只能使用/);
    }
  });

  it('moves every stored password to a new key (npm run datasource:rekey), refusing before any write when a key is missing', async () => {
    const stored = (await rows()).filter((r) => r.db_password);
    expect(stored.length).toBeGreaterThan(0);
    expect(await rekeyPasswords(t.db, { current: OTHER_KEY, previous: KEY })).toBe(stored.length);
    for (const r of (await rows()).filter((x) => x.db_password)) {
      expect(encryptedWith(r.db_password!, OTHER_KEY)).toBe(true);
      expect(decryptPassword(r.db_password!, { current: OTHER_KEY })).toBe('not-needed-trust');
    }
    expect(await rekeyPasswords(t.db, { current: OTHER_KEY })).toBe(0);
    const moved = JSON.stringify(await rows());
    await expect(rekeyPasswords(t.db, { current: KEY })).rejects.toThrow('数据源密码是用另一个密钥加密的');
    expect(JSON.stringify(await rows())).toBe(moved);
    expect(await rekeyPasswords(t.db, { current: KEY, previous: OTHER_KEY })).toBe(stored.length);
  });

  it('is for administrators only', async () => {
    const [row] = await rows();
    expectNoPermission(await t.api('GET', '/sys/dataSource/list', { token: teacher }));
    expectNoPermission(await t.api('GET', `/sys/dataSource/queryById?id=${row.id}`, { token: teacher }));
    expectNoPermission(await t.api('POST', '/sys/dataSource/add', { token: teacher, body: pgSource }));
    expectNoPermission(await t.api('POST', '/online/cgreport/api/testConnection', { token: teacher, body: pgSource }));
    expectNoPermission(await t.api('DELETE', `/sys/dataSource/delete?id=${row.id}`, { token: teacher }));
  });

  it('deletes data sources no report reads', async () => {
    await t.api('DELETE', `/online/cgreport/head/deleteBatch?ids=${(await t.db.selectFrom('onl_cgreport_head').select('id').execute()).map((h) => h.id).join(',')}`, { token: admin });
    const all = await rows();
    const res = await t.api('DELETE', `/sys/dataSource/deleteBatch?ids=${all.map((r) => r.id).join(',')},`, { token: admin });
    expect(res.body).toMatchObject({ success: true, message: '批量删除成功!' });
    expect(await rows()).toEqual([]);
  });
});

describeWith(mariadbService(), '多数据源管理: a MariaDB data source', () => {
  let t: TestApp;
  let admin: string;
  const table = `xt_ds_${Math.random().toString(36).slice(2, 8)}`;
  const mysqlAdmin = async (sql: string) => {
    const mysql = await import('mysql2/promise');
    const c = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root', database: 'test', multipleStatements: true });
    try {
      await c.query(sql);
    } finally {
      await c.end();
    }
  };
  beforeAll(async () => {
    t = await startTestApp({ config: { dataSourceKeys: { current: KEY }, reportLimits: { timeoutMs: 1500 } } });
    admin = await t.login('admin');
    await mysqlAdmin(`create table ${table} (id int primary key, title varchar(50), score decimal(5,1)); insert into ${table} values (1, '猫', 9.5), (2, '狗', 7.0)`);
  });
  afterAll(async () => {
    await mysqlAdmin(`drop table if exists ${table}`).catch(() => undefined);
    await t?.close();
  });

  it('tests ok, feeds a report with bound parameters, stops a sleep by its time limit and stays read-only', async () => {
    const ds = { code: 'maria', name: 'MariaDB', dbType: '5', dbUrl: 'jdbc:mariadb://127.0.0.1:3306/test', dbUsername: 'root' };
    expect((await t.api('POST', '/online/cgreport/api/testConnection', { token: admin, body: ds })).body).toMatchObject({ success: true, message: '数据库连接成功' });
    expect((await t.api('POST', '/sys/dataSource/add', { token: admin, body: ds })).body.success).toBe(true);
    const saved = await t.api('POST', '/online/cgreport/head/add', {
      token: admin,
      body: { head: { code: 'works', name: '作品', cgrSql: `select id, title, score from ${table} where title like '%\${t}%'`, dbSource: 'maria' }, items: [{ fieldName: 'id', isOrder: 1 }, { fieldName: 'title' }, { fieldName: 'score', fieldType: 'Double', isSearch: 1, searchMode: 'group' }] },
    });
    expect(saved.body, saved.body.message).toMatchObject({ success: true });
    const all = await t.api('GET', '/online/cgreport/api/getData/works?column=id&order=asc', { token: admin });
    expect(all.body.result).toMatchObject({ total: 2, records: [{ id: 1, title: '猫', score: 9.5 }, { id: 2, title: '狗', score: 7 }] });
    const ranged = await t.api('GET', '/online/cgreport/api/getData/works?score_begin=8', { token: admin });
    expect(ranged.body.result.records.map((r: any) => r.title)).toEqual(['猫']);
    const evil = await t.api('GET', `/online/cgreport/api/getData/works?self_t=${encodeURIComponent("' or 1=1 -- ")}`, { token: admin });
    expect(evil.body.result.records).toEqual([]);
    const source = externalDatabase({ engine: 'mysql', host: '127.0.0.1', port: 3306, database: 'test', user: 'root' }, undefined, { ...REPORT_LIMITS, timeoutMs: 1500 });
    await expect(source.read([{ sql: `delete from ${table}`, params: [] }], 1)).rejects.toThrow();
    // A query the checks would refuse (sleep), straight on the connection: the server stops it at its limit.
    const started = Date.now();
    await expect(source.read([{ sql: 'select sleep(20) as s', params: [] }], 1)).rejects.toThrow();
    expect(Date.now() - started).toBeLessThan(8000);
    expect((await t.api('GET', '/online/cgreport/api/getData/works', { token: admin })).body.result.total).toBe(2);
  });
});
