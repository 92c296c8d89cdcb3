import { sql } from 'kysely';
import { connect } from './src/server/db/connect.js';
const conn = connect({ sqliteFile: '/tmp/xt-bench-idx.db' });
const db = conn.db;
const med = async (label: string, f: () => Promise<unknown>, n = 15) => {
  const ts: number[] = [];
  for (let i = 0; i < 3; i++) await f();
  for (let i = 0; i < n; i++) { const t = performance.now(); await f(); ts.push(performance.now() - t); }
  ts.sort((a, b) => a - b);
  console.log(label.padEnd(50), ts[Math.floor(n / 2)].toFixed(2));
};
const plan = async (q: string) => console.log('   ', (await sql.raw('explain query plan ' + q).execute(db)).rows.map((r: any) => r.detail).join(' | '));
const Q = {
  count: `select count(*) from sys_user u where u.del_flag = 0 and u.realname like '%明%' escape '\\' and u.status = 1`,
  countAll: `select count(*) from sys_user u where u.del_flag = 0`,
  countUser: `select count(*) from sys_user u where u.del_flag = 0 and u.username like 's05%' escape '\\' and u.sex = 2`,
  deep: `select * from sys_user u where u.del_flag = 0 order by u.create_time desc, u.id asc limit 20 offset 40000`,
  page: `select * from sys_user u where u.del_flag = 0 and u.realname like '%明%' escape '\\' and u.status = 1 order by u.create_time desc, u.id asc limit 20`,
};
const run = async (tag: string) => { console.log(tag); for (const [k, q] of Object.entries(Q)) { await med(k, () => sql.raw(q).execute(db)); await plan(q); } };
await run('--- before');
await sql`create index idx_t1 on sys_user (del_flag, status, realname)`.execute(db);
await sql`create index idx_t2 on sys_user (del_flag, create_time, id)`.execute(db);
await sql`analyze`.execute(db);
await run('--- with (del_flag,status,realname) and (del_flag,create_time,id)');
await conn.close();
