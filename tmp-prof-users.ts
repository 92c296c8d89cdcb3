import { sql } from 'kysely';
import { connect } from './src/server/db/connect.js';
import { migrateToLatest } from './src/server/db/migrate.js';
const conn = connect({ sqliteFile: '/tmp/xt-bench-keep/bench.db' });
await migrateToLatest(conn.db);
const db = conn.db;
const med = async (label: string, f: () => Promise<unknown>, n = 15) => {
  const ts: number[] = [];
  for (let i = 0; i < 3; i++) await f();
  for (let i = 0; i < n; i++) { const t = performance.now(); await f(); ts.push(performance.now() - t); }
  ts.sort((a, b) => a - b);
  console.log(label.padEnd(60), ts[Math.floor(n / 2)].toFixed(2));
};
const cls = (await db.selectFrom('sys_depart').select('id').where('org_category','=','3').where('id','like','bd%').orderBy('org_code').execute())[7].id;
await med('count del_flag=0', () => sql`select count(*) from sys_user u where u.del_flag = 0`.execute(db));
await med('count realname+status', () => sql`select count(*) from sys_user u where u.del_flag = 0 and u.realname like '%明%' escape '\\' and u.status = 1`.execute(db));
await med('page realname+status', () => sql`select * from sys_user u where u.del_flag = 0 and u.realname like '%明%' escape '\\' and u.status = 1 order by u.create_time desc, u.id asc limit 20`.execute(db));
await med('page first', () => sql`select * from sys_user u where u.del_flag = 0 order by u.create_time desc, u.id asc limit 20`.execute(db));
await med('page offset 40k', () => sql`select * from sys_user u where u.del_flag = 0 order by u.create_time desc, u.id asc limit 20 offset 40000`.execute(db));
await med('count departId', () => sql`select count(*) from sys_user u where u.del_flag = 0 and u.id in (select user_id from sys_user_depart where dep_id in (${cls}))`.execute(db));
await med('page departId', () => sql`select * from sys_user u where u.del_flag = 0 and u.id in (select user_id from sys_user_depart where dep_id in (${cls})) order by u.create_time desc, u.id asc limit 20`.execute(db));
await med('count username prefix', () => sql`select count(*) from sys_user u where u.del_flag = 0 and u.username like 's05%' escape '\\' and u.sex = 2`.execute(db));
const ids = (await sql<{id:string}>`select id from sys_user u where u.del_flag = 0 order by u.create_time desc limit 10000 offset 40000`.execute(db)).rows.map(r=>r.id);
await med('select 10k rows', () => sql`select * from sys_user u where u.del_flag = 0 order by u.create_time desc, u.id asc limit 10000 offset 40000`.execute(db), 5);
await med('enrich 10k (1 of 3 queries, chunks of 500)', async () => { for (let i=0;i<ids.length;i+=500) await db.selectFrom('sys_user_depart as ud').innerJoin('sys_depart as d','d.id','ud.dep_id').select(['ud.user_id','d.depart_name']).where('ud.user_id','in',ids.slice(i,i+500)).orderBy('d.org_code').execute(); }, 5);
for (const q of ['explain query plan select count(*) from sys_user u where u.del_flag = 0 and u.realname like \'%明%\' escape \'\\\' and u.status = 1', 'explain query plan select * from sys_user u where u.del_flag = 0 order by u.create_time desc, u.id asc limit 20 offset 40000']) {
  console.log((await sql.raw(q).execute(db)).rows.map((r: any) => r.detail).join(' | '));
}
await conn.close();
