import { sql } from 'kysely';
import path from 'node:path';
import { connect } from './src/server/db/connect.js';
import { migrateToLatest } from './src/server/db/migrate.js';
import { createApp } from './src/server/app.js';
import { loadConfig } from './src/server/config.js';
import { InProcessHub } from './src/server/realtime/hub.js';
const conn = connect({ sqliteFile: '/tmp/xt-bench-keep/bench.db' });
await migrateToLatest(conn.db);
const db = conn.db;
const config = { ...loadConfig({ LOG_LEVEL: 'silent', DATA_DIR: '/tmp/xt-bench-keep' }), filesDir: '/tmp/xt-bench-keep/files' };
const { app } = createApp({ db, dialect: 'sqlite', config, hub: new InProcessHub() });
const env = { incoming: { socket: { remoteAddress: '127.0.0.1' } } };
const request = (p: string, init: RequestInit = {}) => Promise.resolve(app.request(`http://127.0.0.1${p}`, init, env as never));
const res = await request('/api/sys/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'admin', password: 'Bench-admin-2026' }) });
const token = ((await res.json()) as any).result.token;
const med = async (label: string, f: () => Promise<unknown>, n = 15) => {
  const ts: number[] = [];
  for (let i = 0; i < 3; i++) await f();
  for (let i = 0; i < n; i++) { const t = performance.now(); await f(); ts.push(performance.now() - t); }
  ts.sort((a, b) => a - b);
  console.log(label.padEnd(60), ts[Math.floor(n / 2)].toFixed(2));
};
const get = (p: string) => async () => (await request(p, { headers: { 'X-Access-Token': token } })).arrayBuffer();
await med('healthz', async () => (await request('/healthz')).arrayBuffer());
await med('/sys/role/list', get('/api/sys/role/list'));
await med('/sys/user/departOptions', get('/api/sys/user/departOptions'));
await med('/sys/permission/getUserPermissionByToken', get('/api/sys/permission/getUserPermissionByToken'));
await med('/sys/user/list first', get('/api/sys/user/list?column=createTime&order=desc&pageSize=20'));
await med('/sys/user/list realname', get('/api/sys/user/list?column=createTime&order=desc&pageSize=20&realname=*%E6%98%8E*&status=1'));
await med('select 10k no offset', () => sql`select * from sys_user u where u.del_flag = 0 order by u.create_time desc, u.id asc limit 10000`.execute(db), 5);
await med('select 10k range', () => sql`select * from sys_user u where u.del_flag = 0 and create_time >= '2024-05-01' and create_time <= '2024-06-30' order by u.create_time desc, u.id asc`.execute(db), 5);

const qs = 'userIdentity=1&createTime_begin=2024-05-01&createTime_end=2024-06-30';
await med('list total range', get('/api/sys/user/list?pageSize=1&' + qs), 3);
console.log(((await (await request('/api/sys/user/list?pageSize=1&' + qs, { headers: { 'X-Access-Token': token } })).json()) as any).result.total);
await med('export range', get('/api/sys/user/exportXls?' + qs), 3);
import ExcelJS from 'exceljs';
import { PassThrough } from 'node:stream';
await med('exceljs 10k x 11 stream', async () => {
  const out = new PassThrough(); out.resume();
  const wb = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: true });
  const ws = wb.addWorksheet('x');
  for (let i = 0; i < 10000; i++) ws.addRow(['s000123', '王小明', '男', '学生', '13000000000', '', '', '3年级2班', '学生', '正常', '2024-05-01 10:00:00']).commit();
  ws.commit(); await wb.commit();
}, 3);
await conn.close();
