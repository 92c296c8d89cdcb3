// 定时任务 (/isystem/QuartzJobList): the job list and form, and each job's run history (运行记录).
import { JOB_CATALOGUE } from '../shared/scheduled-jobs.js';
import { quartzJobApi } from '../contracts/quartz-jobs.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type FormSpec, type ListSpec } from './spec.js';

export const QUARTZ_ROUTE = '/isystem/QuartzJobList';
const QUARTZ_RUNS_ROUTE = `${QUARTZ_ROUTE}/runs`;

const QUARTZ_STATUS_COLORS: Record<string, string> = { '0': 'green', '-1': 'orange' };
export const RUN_OUTCOME_COLORS: Record<string, string> = { ok: 'green', error: 'red', running: 'blue' };

export const quartzJobFields = resource({
  // A built-in job; the API names an unknown one (builtInJob), so the options are the form's.
  jobClassName: { label: '任务类名', kind: 'choice', required: true, max: 100 },
  // Parsed on save (domain/scheduler/cron.ts), as the parameters are (the job's parseJobParams).
  cronExpression: { label: 'Cron表达式', kind: 'text', required: true, max: 100 },
  parameter: { label: '参数', kind: 'text', max: 1000 },
  description: { label: '描述', kind: 'text', max: 255 },
  status: { label: '状态', kind: 'int', required: true, min: -1, max: 0, dict: 'quartz_status', messages: { range: '状态只能是0（正常）或-1（停止）' } },
  createTime: { label: '创建时间', kind: 'datetime' },
});

/** The fields an add, an edit or an import row sends. */
export const QUARTZ_JOB_FORM_KEYS = ['jobClassName', 'cronExpression', 'parameter', 'description', 'status'] as const;

const jobActions = crudActions('quartz', { deleteConfirm: '确定删除该任务吗?其运行记录也会删除。', batchDeleteConfirm: '是否删除选中的任务?' });

export const quartzJobsList: ListSpec = {
  route: QUARTZ_ROUTE,
  title: '定时任务',
  api: listEndpoints(quartzJobApi),
  columns: [
    quartzJobFields.column('jobClassName', { sortable: true, width: 170 }),
    // The built-in job's name (computed).
    { key: 'jobName', title: '任务名称', list: false },
    quartzJobFields.column('cronExpression', { width: 130 }),
    quartzJobFields.column('parameter', { width: 140 }),
    quartzJobFields.column('description', { render: 'ellipsis', width: 220 }),
    quartzJobFields.column('status', { sortable: true, width: 80, align: 'center', render: 'tag', colors: QUARTZ_STATUS_COLORS }),
    { key: 'nextFireTime', title: '下次运行', width: 110, export: false },
    { key: 'lastRunOutcome', title: '上次结果', width: 130, export: false },
    quartzJobFields.column('createTime', { sortable: true, width: 170, list: false }),
  ],
  filters: [
    quartzJobFields.filter('jobClassName', 'text', { placeholder: '请输入任务类名' }),
    quartzJobFields.filter('status', 'dict', { label: '任务状态' }),
  ],
  defaultSort: { column: 'createTime', order: 'asc' },
  toolbar: jobActions.toolbar,
  // 启动 / 暂停 by the row's abilities (domain/job-abilities.ts), which pause and resume check too.
  rowActions: [
    { key: 'resume', label: '启动', perm: 'quartz:status', post: true, confirm: '确定启动该任务吗?', showIf: { field: 'canResume', values: ['true'] } },
    { key: 'pause', label: '暂停', perm: 'quartz:status', post: true, confirm: '确定暂停该任务吗?', showIf: { field: 'canPause', values: ['true'] } },
    { key: 'execute', label: '立即执行', perm: 'quartz:run', post: true, confirm: '确定立即执行一次该任务吗?' },
    { ...jobActions.edit, more: true },
    { key: 'runs', label: '运行记录', more: true, navigate: { href: QUARTZ_RUNS_ROUTE, param: 'jobId' } },
    jobActions.delete,
  ],
  bulkActions: [jobActions.batchDelete],
  exportName: '定时任务',
};

export const quartzJobForm: FormSpec = {
  width: 720,
  fields: [
    quartzJobFields.formField('jobClassName', {
      options: JOB_CATALOGUE.map((j) => ({ value: j.key, label: `${j.name}（${j.key}）` })),
      help: '只能选择系统内置的任务',
    }),
    quartzJobFields.formField('cronExpression', {
      placeholder: '例如 0 0 2 * * ?（每天 02:00）',
      help: '6段：秒 分 时 日 月 周（5段时省略秒）；“?”表示不指定；周 0 或 7 为周日，也可写 MON–SUN；间隔不小于1分钟',
    }),
    quartzJobFields.formField('parameter', { type: 'textarea', placeholder: 'JSON，例如 {"days":30}；留空用默认值' }),
    quartzJobFields.formField('description', { type: 'textarea' }),
    quartzJobFields.formField('status', { type: 'radio', optionColors: QUARTZ_STATUS_COLORS, defaultValue: '0' }),
  ],
};

/** A run of a job (sys_quartz_job_run): the history list's fields. */
export const quartzRunFields = resource({
  jobId: { label: '任务', kind: 'choice', max: 64 },
  jobClassName: { label: '任务类名', kind: 'code' },
  triggerType: { label: '触发方式', kind: 'choice', dict: 'quartz_trigger_type' },
  scheduledTime: { label: '计划时间', kind: 'datetime' },
  startTime: { label: '开始时间', kind: 'datetime' },
  endTime: { label: '结束时间', kind: 'datetime' },
  durationMs: { label: '耗时(毫秒)', kind: 'int' },
  outcome: { label: '结果', kind: 'choice', dict: 'quartz_run_outcome' },
  message: { label: '信息', kind: 'text' },
  runBy: { label: '执行者', kind: 'code' },
});

export const quartzRunsList: ListSpec = {
  route: QUARTZ_RUNS_ROUTE,
  title: '运行记录',
  api: { list: quartzJobApi.runs },
  columns: [
    quartzRunFields.column('jobClassName', { width: 150 }),
    quartzRunFields.column('triggerType', { width: 90, align: 'center' }),
    quartzRunFields.column('scheduledTime', { sortable: true, list: false }),
    quartzRunFields.column('startTime', { sortable: true, width: 170 }),
    quartzRunFields.column('endTime', { list: false }),
    quartzRunFields.column('durationMs', { sortable: true, width: 100, align: 'right' }),
    quartzRunFields.column('outcome', { width: 80, align: 'center', render: 'tag', colors: RUN_OUTCOME_COLORS }),
    quartzRunFields.column('message'),
    quartzRunFields.column('runBy', { width: 120 }),
  ],
  filters: [quartzRunFields.filter('jobId', 'exact', { hidden: true }), quartzRunFields.filter('outcome', 'dict')],
  defaultSort: { column: 'startTime', order: 'desc' },
  defaultPageSize: 20,
  toolbar: { links: [{ key: 'back', label: '返回', href: QUARTZ_ROUTE }] },
  rowActions: [],
  bulkActions: [],
  exportName: '定时任务运行记录',
};
