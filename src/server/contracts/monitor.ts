// 系统监控 (/actuator/*): the readings 监控页 (the dashboard) shows; admin-only throughout (api/sys/monitor.ts).
import type { HttpStats } from '../monitor/recorder.js';
import type { DiskInfo, RuntimeInfo, SystemInfo } from '../monitor/system.js';
import { GET } from './endpoint.js';

export type { DiskInfo, HttpStats, RuntimeInfo, SystemInfo };

/** The health summary in Spring's /actuator/health shape: the database and Redis, each with how long it took. */
export interface Health {
  status: string;
  components: {
    db: { status: string; details: { database: string; latencyMs: number; error?: string } };
    redis: { status: string; details: { configured: boolean; server?: string; latencyMs?: number; version?: string; error?: string; message?: string } };
  };
}

export const monitorApi = {
  health: GET<Health>('/actuator/health'),
  /** 服务器信息. */
  system: GET<SystemInfo>('/actuator/system'),
  /** Node.js (in place of the anchor's JVM). */
  runtime: GET<RuntimeInfo>('/actuator/runtime'),
  /** HTTP服务 (in place of Tomcat). */
  http: GET<HttpStats>('/actuator/http'),
  /** 磁盘监控. */
  disk: GET<DiskInfo>('/actuator/disk'),
};
