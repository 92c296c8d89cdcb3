// The catalogue of 定时任务's built-in jobs: what the form offers and the list shows. Pure data, shared by
// the job registry (domain/scheduler/jobs.ts, which adds parameters and the code) and the page.
export interface JobInfo {
  /** The job's key: the anchor's jobClassName. */
  key: string;
  name: string;
  description: string;
  /** What the parameter field accepts. */
  paramHint: string;
  /** Parameters a new job of this kind starts with (JSON text, may be empty). */
  exampleParams: string;
  /** Schedule offered for a new job. */
  defaultCron: string;
}

export const JOB_CATALOGUE: readonly JobInfo[] = [
  {
    key: 'purgeExpiredSessions',
    name: '清理过期会话',
    description: '删除已过期（7天未使用，或登录已满30天）的登录会话',
    paramHint: '无参数，留空',
    exampleParams: '',
    defaultCron: '0 30 3 * * ?',
  },
  {
    key: 'purgeOldLogs',
    name: '清理历史日志',
    description: '删除早于指定天数的登录日志和操作日志',
    paramHint: '{"days": 保留天数(1–3650，默认90), "logType": 1 仅登录日志 / 2 仅操作日志（可省略）}',
    exampleParams: '{"days":90}',
    defaultCron: '0 0 4 * * ?',
  },
  {
    key: 'removeOrphanFiles',
    name: '清理孤立文件',
    description: '删除上传后不再被任何数据引用、且早于指定天数的文件（已登记的文件和文件存储中未登记的文件）',
    paramHint: '{"days": 文件至少存在的天数(1–3650，默认30), "dryRun": true 只统计不删除（默认false）}',
    exampleParams: '{"days":30,"dryRun":true}',
    defaultCron: '0 0 5 * * SUN',
  },
  {
    key: 'endOldHomework',
    name: '结束过期班级作业',
    description: '班级作业没有截止日期：把已发布超过指定天数（按创建时间）的班级作业设为“已结束”',
    paramHint: '{"days": 作业发布后保持开放的天数(1–3650，默认30)}',
    exampleParams: '{"days":30}',
    defaultCron: '0 10 0 * * ?',
  },
  {
    key: 'backupDatabase',
    name: '备份数据库',
    description: '把 SQLite 数据库完整复制到数据目录的 backups 文件夹（文件保存在对象存储时也复制到存储桶的 backups/），只保留最近的 N 份（PostgreSQL 不支持，请用 pg_dump）',
    paramHint: '{"keep": 保留的备份份数(1–100，默认7)}',
    exampleParams: '{"keep":7}',
    defaultCron: '0 0 2 * * ?',
  },
  {
    key: 'sendPendingMessages',
    name: '发送待重试消息',
    description: '重发消息中心里发送失败且到了重试时间的消息（失败后1分钟、5分钟、30分钟各重试一次）；没有到期消息时不记录运行',
    paramHint: '{"limit": 每次最多发送的条数(1–1000，默认100)}',
    exampleParams: '',
    defaultCron: '0 * * * * ?',
  },
];

export const jobInfo = (key: string): JobInfo | undefined => JOB_CATALOGUE.find((j) => j.key === key);
