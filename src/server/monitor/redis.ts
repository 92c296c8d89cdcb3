// Redis监控: INFO, the key count and memory of the Redis at REDIS_URL. A short-lived connection per reading
// (an admin screen polls every few seconds; nothing stays open when nobody looks). The URL's password is never
// shown: the screens name the host, port and database only.
import type { RedisInfoItem, RedisReading } from '../contracts/monitor.js';

/** Chinese descriptions of the INFO fields the anchor's screen explains. */
const DESCRIPTIONS: Record<string, string> = {
  redis_version: 'Redis 服务器版本',
  redis_mode: '运行模式',
  os: '服务器宿主操作系统',
  arch_bits: '架构（32 或 64 位）',
  process_id: '服务器进程的 PID',
  tcp_port: 'TCP/IP 监听端口',
  uptime_in_seconds: '自服务器启动以来经过的秒数',
  uptime_in_days: '自服务器启动以来经过的天数',
  connected_clients: '已连接客户端的数量（不包括从属服务器）',
  blocked_clients: '正在等待阻塞命令的客户端数量',
  used_memory: '由 Redis 分配器分配的内存总量（字节）',
  used_memory_human: '以人类可读的格式返回 Redis 分配的内存总量',
  used_memory_rss: '操作系统分配给 Redis 的内存（常驻集大小）',
  used_memory_peak: 'Redis 的内存消耗峰值（字节）',
  used_memory_peak_human: '以人类可读的格式返回 Redis 的内存消耗峰值',
  maxmemory: '配置的最大内存（0 表示不限制）',
  mem_fragmentation_ratio: '内存碎片率',
  loading: '服务器是否正在载入持久化文件',
  rdb_changes_since_last_save: '距离最近一次成功创建持久化文件之后，数据库被修改的次数',
  rdb_last_save_time: '最近一次成功创建 RDB 文件的 UNIX 时间戳',
  aof_enabled: 'AOF 是否处于打开状态',
  total_connections_received: '服务器已接受的连接请求数量',
  total_commands_processed: '服务器已执行的命令数量',
  instantaneous_ops_per_sec: '服务器每秒钟执行的命令数量',
  rejected_connections: '因为最大客户端数量限制而被拒绝的连接请求数量',
  expired_keys: '因为过期而被自动删除的数据库键数量',
  evicted_keys: '因为最大内存容量限制而被驱逐的键数量',
  keyspace_hits: '查找数据库键成功的次数',
  keyspace_misses: '查找数据库键失败的次数',
  pubsub_channels: '目前被订阅的频道数量',
  pubsub_patterns: '目前被订阅的模式数量',
  role: '主从角色（master / slave）',
  connected_slaves: '已连接的从服务器数量',
  used_cpu_sys: 'Redis 服务器耗费的系统 CPU',
  used_cpu_user: 'Redis 服务器耗费的用户 CPU',
};



/** REDIS_URL without user or password. */
export function redisServerLabel(url: string): string {
  try {
    const u = new URL(url);
    const db = u.pathname.replace(/^\//, '') || '0';
    return `${u.hostname}:${u.port || '6379'}/${db}`;
  } catch {
    return '（地址无效）';
  }
}

function parseInfo(text: string): RedisInfoItem[] {
  const items: RedisInfoItem[] = [];
  let section = '';
  for (const line of text.split(/\r?\n/)) {
    if (line.startsWith('#')) {
      section = line.slice(1).trim();
      continue;
    }
    const i = line.indexOf(':');
    if (i <= 0) continue;
    const key = line.slice(0, i);
    items.push({ key, value: line.slice(i + 1), section, description: DESCRIPTIONS[key] ?? '' });
  }
  return items;
}

/** One reading of the Redis at `url`; rejects when it cannot be reached within a few seconds. */
export async function readRedis(url: string): Promise<RedisReading> {
  const { Redis } = await import('ioredis');
  const client = new Redis(url, { lazyConnect: true, connectTimeout: 3000, commandTimeout: 3000, maxRetriesPerRequest: 0, retryStrategy: () => null, enableOfflineQueue: false });
  client.on('error', () => {
    /* reported through the rejected command */
  });
  try {
    await client.connect();
    const [info, dbSize] = await Promise.all([client.info(), client.dbsize()]);
    const items = parseInfo(info);
    const usedMemory = Number(items.find((x) => x.key === 'used_memory')?.value ?? 0);
    return { server: redisServerLabel(url), info: items, dbSize, usedMemory, readAt: Date.now() };
  } finally {
    client.disconnect();
  }
}
