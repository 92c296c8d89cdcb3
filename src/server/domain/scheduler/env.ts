// What a built-in job runs with: the database and the data folders, and the time the run is for.
import type { Kysely } from 'kysely';
import type { Database } from '../../db/schema.js';
import type { NoticeHub } from '../../realtime/hub.js';
import type { MailConfig } from '../mail.js';
import type { FileStore } from '../../storage/index.js';

export interface JobEnv {
  db: Kysely<Database>;
  dialect: 'sqlite' | 'postgres';
  /** DATA_DIR: backups go to <dataDir>/backups. */
  dataDir: string;
  /** Where every file is kept (storage/). */
  storage: FileStore;
  /** SMTP settings and the notice hub, for 发送待重试消息 (e-mails and site messages). */
  mail?: MailConfig;
  hub?: NoticeHub;
}

export interface JobContext extends JobEnv {
  /** The time the run is for (the clock's now), so tests can run jobs at any moment. */
  now: Date;
}
