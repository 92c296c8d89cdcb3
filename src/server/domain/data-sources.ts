// 多数据源管理: what a data source row (sys_data_source) may point at, and its password at rest.
// - PostgreSQL and MySQL/MariaDB by address (JDBC-style `jdbc:postgresql://host:port/db` as JeecgBoot writes it,
//   or `postgres://…`, `mysql://…`); the user name and password have their own fields, never the address.
// - SQLite files only under DATA_DIR/datasources/ (symbolic links resolved), never Xuetang's own database file.
// - The password is encrypted with AES-256-GCM under DATA_SOURCE_KEY (config.ts) and stored as
//   v1:<key id>:<iv>:<tag>:<ciphertext>; the key id lets DATA_SOURCE_OLD_KEY still open rows during a rotation
//   (scripts/datasource-rekey.ts re-encrypts them). No key, no password saved.
import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { DB_TYPE_OPTIONS } from '../resources/data-sources.js';

export type Engine = 'postgres' | 'mysql' | 'sqlite';

/** What each 数据库类型 of the form connects with, and the driver name JeecgBoot's form fills in. */
const DB_TYPES: Record<(typeof DB_TYPE_OPTIONS)[number]['value'], { engine: Engine; driver: string }> = {
  '6': { engine: 'postgres', driver: 'org.postgresql.Driver' },
  '1': { engine: 'mysql', driver: 'com.mysql.jdbc.Driver' },
  '4': { engine: 'mysql', driver: 'com.mysql.cj.jdbc.Driver' },
  '5': { engine: 'mysql', driver: 'org.mariadb.jdbc.Driver' },
  sqlite: { engine: 'sqlite', driver: 'org.sqlite.JDBC' },
};
export const engineOf = (dbType: string): Engine | undefined => DB_TYPES[dbType as keyof typeof DB_TYPES]?.engine;
export const driverOf = (dbType: string): string | undefined => DB_TYPES[dbType as keyof typeof DB_TYPES]?.driver;

export type ConnectionSpec =
  | { engine: 'postgres' | 'mysql'; host: string; port: number; database: string; user?: string }
  | { engine: 'sqlite'; file: string };

export class DataSourceError extends Error {}

/** The folder SQLite data sources must live in. */
const sqliteFolder = (dataDir: string) => path.join(dataDir, 'datasources');

const NETWORK_PREFIX: Record<'postgres' | 'mysql', RegExp> = {
  postgres: /^(?:jdbc:)?(?:postgresql|postgres):\/\//i,
  mysql: /^(?:jdbc:)?(?:mysql|mariadb):\/\//i,
};
const DEFAULT_PORT = { postgres: 5432, mysql: 3306 };

export interface Place {
  /** DATA_DIR: SQLite data sources live under DATA_DIR/datasources/. */
  dataDir: string;
  /** Xuetang's own SQLite file, which no data source may name. */
  ownFile?: string;
}

/**
 * The connection a row describes, or a DataSourceError saying what is wrong with it. `mustExist` (testing,
 * reading) also resolves links and requires the SQLite file; saving only checks where the path points.
 */
export function connectionSpec(row: { dbType: string; dbUrl: string; dbName?: string | null; dbUsername?: string | null }, place: Place, mustExist = false): ConnectionSpec {
  const engine = engineOf(row.dbType);
  if (!engine) throw new DataSourceError('数据库类型不存在');
  const url = row.dbUrl.trim();
  if (engine === 'sqlite') {
    const raw = url.replace(/^(?:jdbc:)?sqlite:(?:\/\/)?/i, '');
    if (!raw) throw new DataSourceError('请输入SQLite数据库文件的路径');
    const folder = path.resolve(sqliteFolder(place.dataDir));
    const file = path.resolve(folder, raw);
    const inside = (p: string, dir: string) => p.startsWith(dir + path.sep);
    if (!inside(file, folder)) throw new DataSourceError(`SQLite数据源只能使用 ${folder} 目录中的文件`);
    if (mustExist) {
      if (!fs.existsSync(file)) throw new DataSourceError('SQLite数据库文件不存在');
      const real = fs.realpathSync(file);
      if (!inside(real, fs.realpathSync(folder))) throw new DataSourceError(`SQLite数据源只能使用 ${folder} 目录中的文件`);
      if (place.ownFile && fs.existsSync(place.ownFile) && real === fs.realpathSync(place.ownFile)) throw new DataSourceError('数据源不能指向学堂自己的数据库');
      return { engine, file: real };
    }
    if (place.ownFile && file === path.resolve(place.ownFile)) throw new DataSourceError('数据源不能指向学堂自己的数据库');
    return { engine, file };
  }
  if (!NETWORK_PREFIX[engine].test(url)) {
    throw new DataSourceError(engine === 'postgres' ? '数据源地址格式不正确，例如 jdbc:postgresql://127.0.0.1:5432/school' : '数据源地址格式不正确，例如 jdbc:mysql://127.0.0.1:3306/school');
  }
  let parsed: URL;
  try {
    parsed = new URL(url.replace(/^jdbc:/i, '').replace(/^[a-z]+:/i, 'db:'));
  } catch {
    throw new DataSourceError('数据源地址格式不正确');
  }
  if (parsed.username || parsed.password) throw new DataSourceError('请把用户名和密码填在各自的栏里，不要写在数据源地址中');
  if (!parsed.hostname) throw new DataSourceError('数据源地址缺少主机名');
  const port = parsed.port ? Number(parsed.port) : DEFAULT_PORT[engine];
  const database = decodeURIComponent(parsed.pathname.replace(/^\//, '')) || (row.dbName ?? '').trim();
  if (!database) throw new DataSourceError('请在数据源地址中写出数据库名称，或填写数据库名称');
  return { engine, host: parsed.hostname.replace(/^\[|\]$/g, ''), port, database, user: row.dbUsername?.trim() || undefined };
}

export interface Keys {
  current?: Buffer;
  previous?: Buffer;
}

const NO_KEY = '未配置数据源密钥（环境变量 DATA_SOURCE_KEY），不能保存数据库密码；请管理员配置后再试';
const keyId = (key: Buffer) => createHash('sha256').update(key).digest('hex').slice(0, 8);
const b64 = (b: Buffer) => b.toString('base64url');

/** Encrypts a password for storage under the current key; refuses without one. */
export function encryptPassword(plain: string, keys: Keys): string {
  if (!keys.current) throw new DataSourceError(NO_KEY);
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.current, iv);
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return ['v1', keyId(keys.current), b64(iv), b64(cipher.getAuthTag()), b64(data)].join(':');
}

/** Whether a stored value was encrypted under this key (the rekey leaves those alone). */
export const encryptedWith = (stored: string, key: Buffer) => stored.split(':')[1] === keyId(key);

/** The password of a stored value, under whichever configured key wrote it. */
export function decryptPassword(stored: string, keys: Keys): string {
  const [version, kid, iv, tag, data] = stored.split(':');
  if (version !== 'v1' || !kid || !iv || !tag || data === undefined) throw new DataSourceError('数据源密码的存储格式不正确，请重新填写密码');
  const key = [keys.current, keys.previous].find((k) => k && keyId(k) === kid);
  if (!key) throw new DataSourceError('数据源密码是用另一个密钥加密的，无法解密：请配置原来的 DATA_SOURCE_KEY（或 DATA_SOURCE_OLD_KEY），或重新填写密码');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'));
    decipher.setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(data, 'base64url')), decipher.final()]).toString('utf8');
  } catch {
    throw new DataSourceError('数据源密码无法解密，请重新填写密码');
  }
}

/**
 * Re-encrypts every stored password under the current key (those written under the previous one, or an older
 * current key, are opened with `keys.previous`). Answers how many rows changed; one that neither key opens
 * stops the rekey before anything is written.
 */
export async function rekeyPasswords(db: Kysely<Database>, keys: Keys): Promise<number> {
  if (!keys.current) throw new DataSourceError('DATA_SOURCE_KEY is not set: it names the new key');
  const rows = await db.selectFrom('sys_data_source').select(['id', 'code', 'db_password']).where('db_password', 'is not', null).execute();
  const changed = rows
    .filter((r) => r.db_password && !encryptedWith(r.db_password, keys.current!))
    .map((r) => {
      try {
        return { id: r.id, password: encryptPassword(decryptPassword(r.db_password!, keys), keys) };
      } catch (err) {
        throw new DataSourceError(`data source ${r.code}: ${(err as Error).message}`);
      }
    });
  await db.transaction().execute(async (tx) => {
    for (const r of changed) await tx.updateTable('sys_data_source').set({ db_password: r.password }).where('id', '=', r.id).execute();
  });
  return changed.length;
}
