// The default jobs of 定时任务, written by migration 027 into every database (fresh or seeded earlier).
import { newId } from '../../domain/ids.js';
import { now } from '../../domain/time.js';

/** Default jobs: sessions purged nightly; the SQLite backup nightly (PostgreSQL: pg_dump, so off); the rest off. */
export function defaultJobs(sqlite: boolean) {
  const at = now();
  const row = (job_class_name: string, cron_expression: string, parameter: string | null, description: string, status: number) => ({
    id: newId(),
    job_class_name,
    cron_expression,
    parameter,
    description,
    status,
    del_flag: 0,
    create_by: 'system',
    create_time: at,
  });
  return [
    row('purgeExpiredSessions', '0 30 3 * * ?', null, '每天 03:30 清理过期的登录会话', 0),
    row('backupDatabase', '0 0 2 * * ?', '{"keep":7}', sqlite ? '每天 02:00 备份数据库，保留最近7份' : 'PostgreSQL 请使用 pg_dump 备份，本任务仅适用于 SQLite', sqlite ? 0 : -1),
    row('purgeOldLogs', '0 0 4 * * ?', '{"days":180}', '每天 04:00 删除180天前的日志（默认停止，启动前请确认保留期限）', -1),
    row('removeOrphanFiles', '0 0 5 * * SUN', '{"days":30,"dryRun":true}', '每周日 05:00 统计30天前上传且未被引用的文件（dryRun：只统计不删除）', -1),
    row('endOldHomework', '0 10 0 * * ?', '{"days":30}', '每天 00:10 结束发布超过30天的班级作业（默认停止）', -1),
  ];
}
