// 系统监控 (/actuator, /sys/online): the health summary of 监控页, the live readings of the monitor screens (服务器信息,
// Node.js信息, HTTP服务, Redis监控, 磁盘监控), the recent requests (请求追踪) and the live sessions (在线用户, 强制退出).
import type { HttpStats } from '../monitor/recorder.js';
import type { RedisReading } from '../monitor/redis.js';
import type { DiskInfo, RuntimeInfo, SystemInfo } from '../monitor/system.js';
import type { Page } from './shapes.js';
import { GET, POST } from './endpoint.js';

export type { DiskInfo, HttpStats, RedisReading, RuntimeInfo, SystemInfo };

/** The health summary in Spring's /actuator/health shape: the database and Redis, each with how long it took. */
export interface Health {
  status: string;
  components: {
    db: { status: string; details: { database: string; latencyMs: number; error?: string } };
    redis: { status: string; details: { configured: boolean; server?: string; latencyMs?: number; version?: string; error?: string; message?: string } };
  };
}

/** Redis监控: the reading, or why there is none (no REDIS_URL). */
export type RedisOverview = ({ configured: true } & RedisReading) | { configured: false; message: string };

/** A request the server answered (kept in memory; secrets redacted). */
export interface TraceRecord extends Record<string, unknown> {
  id: string;
  time: string;
  timestamp: number;
  method: string;
  uri: string;
  status: number;
  timeTaken: number;
  userId: string | null;
  username: string;
  ip: string;
  headers: Record<string, string>;
  headersText: string;
}

/** A live session with its user's names (never its token); `current`: '1' for the caller's own session. */
export interface OnlineSession extends Record<string, unknown> {
  id: string;
  userId: string;
  username: string;
  realname: string;
  avatar: string | null;
  ip: string;
  userAgent: string;
  browser: string;
  loginTime: string;
  lastActivity: string;
  expireTime: string;
  current: '0' | '1';
}

export const monitorApi = {
  health: GET<Health>('/actuator/health'),
  system: GET<SystemInfo>('/actuator/system'),
  runtime: GET<RuntimeInfo>('/actuator/runtime'),
  http: GET<HttpStats>('/actuator/http'),
  disk: GET<DiskInfo>('/actuator/disk'),
  redis: GET<RedisOverview>('/actuator/redis/overview'),
  traces: GET<Page<TraceRecord>>('/actuator/httptrace/list'),
  trace: GET<TraceRecord, { id: string }>('/actuator/httptrace/queryById'),
  online: GET<Page<OnlineSession>>('/sys/online/list'),
  /** 强制退出: ends a session at once (its websocket included); not the caller's own. */
  forceLogout: POST<null, { id: string }>('/sys/online/forceLogout'),
};
