// sys_log: login logs (type 1) and operation logs (type 2), written by the server.
import type { Kysely } from 'kysely';
import type { Database } from '../db/schema.js';
import { newId } from './ids.js';
import { now } from './time.js';

export interface LogEntry {
  logType: 1 | 2;
  content: string;
  operateType?: number | null;
  userId?: string | null;
  username?: string | null;
  ip?: string | null;
  method?: string | null;
  url?: string | null;
  costMs?: number | null;
}

export async function writeLog(db: Kysely<Database>, e: LogEntry): Promise<void> {
  await db
    .insertInto('sys_log')
    .values({
      id: newId(),
      log_type: e.logType,
      log_content: e.content.slice(0, 1000),
      operate_type: e.operateType ?? null,
      userid: e.userId ?? null,
      username: e.username ?? null,
      ip: e.ip?.slice(0, 100) ?? null,
      method: e.method ?? null,
      request_url: e.url?.slice(0, 255) ?? null,
      request_type: e.method ?? null,
      cost_time: e.costMs ?? null,
      create_by: e.username ?? null,
      create_time: now(),
    })
    .execute();
}
