// 系统监控 (/actuator, /sys/online): the health summary of 监控页, the live readings of the monitor screens (服务器信息,
// Node.js信息, HTTP服务, Redis监控, 磁盘监控), the recent requests (请求追踪) and the live sessions (在线用户, 强制退出).
import type { Page } from './shapes.js';
import { GET, POST } from './endpoint.js';


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

/**
 * Spring Boot Actuator's own reads, which the anchor's monitor screens (服务器信息, JVM信息, Tomcat信息, 请求追踪)
 * make under the API base. They answer bare, in Actuator's shapes, not in the envelope: those screens read the
 * body itself (`res.measurements[0].value`, `res.traces`). Names: monitor/actuator.ts.
 */
export const actuatorApi = {
  metricNames: GET<{ names: string[] }>('/actuator/metrics'),
  metric: GET<ActuatorMetric>('/actuator/metrics/:name'),
  httptrace: GET<{ traces: SpringTrace[] }>('/actuator/httptrace'),
};

/** A metric in Micrometer's shape: one VALUE, or a timer's COUNT, TOTAL_TIME, MAX in that order. */
export interface ActuatorMetric {
  name: string;
  description: string;
  baseUnit: string | null;
  measurements: { statistic: string; value: number }[];
  availableTags: never[];
}

/** A request in Spring's httptrace shape (headers redacted as in 请求追踪). */
export interface SpringTrace {
  timestamp: string;
  principal: { name: string } | null;
  session: null;
  request: { method: string; uri: string; headers: Record<string, string>; remoteAddress: string | null };
  response: { status: number; headers: Record<string, string> };
  timeTaken: number;
}

export interface HttpStats {
  startedAt: number;
  total: number;
  inFlight: number;
  maxInFlight: number;
  byClass: { '1xx': number; '2xx': number; '3xx': number; '4xx': number; '5xx': number };
  /** 5xx answers and requests that threw. */
  errors: number;
  latency: { count: number; totalMs: number; meanMs: number; maxMs: number; p50: number; p90: number; p95: number; p99: number; buckets: { le: number | null; count: number }[] };
  connections: { current: number | null; total: number; maxCurrent: number };
  webSockets: number | null;
}

export interface RedisReading {
  /** host:port/db of REDIS_URL, without credentials. */
  server: string;
  info: RedisInfoItem[];
  dbSize: number;
  usedMemory: number;
  readAt: number;
}

export interface SystemInfo {
  hostname: string;
  os: { platform: string; type: string; release: string; arch: string; version: string };
  cpu: { model: string; count: number; speedMHz: number; usagePct: number; processUsagePct: number };
  memory: { total: number; free: number; used: number; usedPct: number };
  load: { '1m': number; '5m': number; '15m': number };
  uptime: { systemSeconds: number; processSeconds: number; processStartTime: number };
  process: { pid: number; cwd: string; rss: number };
  serverTime: number;
  timezone: string;
}

export interface RuntimeInfo {
  versions: { node: string; v8: string; uv: string; openssl: string; modules: string };
  execArgv: string[];
  memory: { rss: number; heapTotal: number; heapUsed: number; external: number; arrayBuffers: number };
  heap: { limit: number; totalAvailable: number; usedPct: number; spaces: { name: string; size: number; used: number }[] };
  eventLoop: { minMs: number; meanMs: number; p50Ms: number; p99Ms: number; maxMs: number; samples: number; sinceMs: number; utilization: number };
  gc: { count: number; totalMs: number; maxMs: number; byKind: Record<string, { count: number; totalMs: number }> };
  handles: { activeResources: Record<string, number> };
  uptimeSeconds: number;
}

export interface DiskInfo {
  dataDir: string;
  /** Where stored files are: the local folder (then counted in DATA_DIR's figures when it is inside) or a bucket. */
  storage: { kind: 'local' | 's3'; location: string };
  /** Bytes under DATA_DIR (the SQLite database, backups, and the files when they are local), counted up to a limit of entries. */
  dataDirBytes: number;
  dataDirFiles: number;
  /** The count stopped at the limit: the real size is larger. */
  dataDirPartial: boolean;
  database: { dialect: string; bytes: number | null };
  fileSystem: { total: number; free: number; available: number; used: number; usedPct: number } | null;
  measuredAt: number;
}

export interface RedisInfoItem {
  key: string;
  value: string;
  section: string;
  description: string;
}
