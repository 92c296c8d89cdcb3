// Stored keys no public route serves and 文件管理 never lists or deletes: the per-user backpacks (their owner reads
// them through the backpack's own getFile route) and the database backups the backup job copies into a bucket.
// GET /sys/common/static refuses every key isPrivateKey names.
import { BACKPACK_DIR } from './backpack.js';

/** Key prefix of the SQLite backup copies in the store (a bucket; the local folder keeps them under DATA_DIR/backups). */
export const BACKUP_PREFIX = 'backups/';

const PRIVATE_PREFIXES = [`${BACKPACK_DIR}/`, BACKUP_PREFIX];

export const isPrivateKey = (key: string) => PRIVATE_PREFIXES.some((p) => key.startsWith(p));
