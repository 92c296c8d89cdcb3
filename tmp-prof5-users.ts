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
for (const q of [
  `select * from sys_user u where u.del_flag = 0 order by u.create_time desc, u.id asc limit 20 offset 40000`,
  `select * from sys_user u where u.del_flag = 0 order by u.create_time desc, u.id desc limit 20 offset 40000`,
  `select * from sys_user u where u.del_flag = 0 order by u.create_time desc, u.id desc limit 20`,
  `select * from sys_user u where u.del_flag = 0 and u.realname like '%明%' escape '\\' and u.status = 1 order by u.create_time desc, u.id desc limit 20`,
]) { await med(q.slice(-60), () => sql.raw(q).execute(db)); await plan(q); }
await conn.close();
