// 系统监控 exists now: databases seeded while it was planned get its screens (服务器信息, Node.js信息, HTTP服务,
// Redis监控, 磁盘监控, 请求追踪, 在线用户 with its 强制退出 button) with the seed's grants, which are the admin's only.
import type { Kysely } from 'kysely';
import { syncSeededEntries } from '../seed/menu-sync.js';

export const MONITOR_SCREENS: readonly (readonly [string, string])[] = [
  ['/monitor/SystemInfo', 'modules/monitor/SystemInfo'],
  ['/monitor/JvmInfo', 'modules/monitor/JvmInfo'],
  ['/monitor/TomcatInfo', 'modules/monitor/TomcatInfo'],
  ['/monitor/redis', 'modules/monitor/RedisInfo'],
  ['/monitor/Disk', 'modules/monitor/DiskMonitoring'],
  ['/monitor/HttpTrace', 'modules/monitor/HttpTrace'],
  ['/monitor/online', 'modules/monitor/OnlineUserList'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await syncSeededEntries(db, MONITOR_SCREENS);
}

/** Nothing to undo safely: the rows may have been edited or granted further since. */
export async function down(): Promise<void> {}
