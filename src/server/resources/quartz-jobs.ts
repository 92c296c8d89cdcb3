// 定时任务 (/isystem/QuartzJobList): the job list and form, and each job's run history (运行记录).
import { JOB_CATALOGUE } from '../shared/scheduled-jobs.js';
import type { FormSpec, ListSpec } from './spec.js';

export const QUARTZ_ROUTE = '/isystem/QuartzJobList';
const QUARTZ_RUNS_ROUTE = `${QUARTZ_ROUTE}/runs`;

const QUARTZ_STATUS_COLORS: Record<string, string> = { '0': 'green', '-1': 'orange' };
export const RUN_OUTCOME_COLORS: Record<string, string> = { ok: 'green', error: 'red', running: 'blue' };

export const quartzJobsList: ListSpec = {
  route: QUARTZ_ROUTE,
  title: '定时任务',
  api: {
    list: '/sys/quartzJob/list',
    add: '/sys/quartzJob/add',
    edit: '/sys/quartzJob/edit',
    queryById: '/sys/quartzJob/queryById',
    delete: '/sys/quartzJob/delete',
    deleteBatch: '/sys/quartzJob/deleteBatch',
    exportXls: '/sys/quartzJob/exportXls',
    importExcel: '/sys/quartzJob/importExcel',
  },
  columns: [
    { key: 'jobClassName', title: '任务类名', sortable: true, width: 170 },
    { key: 'jobName', title: '任务名称', list: false },
    { key: 'cronExpression', title: 'Cron表达式', width: 130 },
    { key: 'parameter', title: '参数', width: 140 },
    { key: 'description', title: '描述', render: 'ellipsis', width: 220 },
    { key: 'status', title: '状态', dict: 'quartz_status', sortable: true, width: 80, align: 'center', render: 'tag', colors: QUARTZ_STATUS_COLORS },
    { key: 'nextFireTime', title: '下次运行', width: 110, export: false },
    { key: 'lastRunOutcome', title: '上次结果', width: 130, export: false },
    { key: 'createTime', title: '创建时间', sortable: true, width: 170, list: false },
  ],
  filters: [
    { key: 'jobClassName', label: '任务类名', type: 'text', placeholder: '请输入任务类名' },
    { key: 'status', label: '任务状态', type: 'dict', dict: 'quartz_status' },
  ],
  defaultSort: { column: 'createTime', order: 'asc' },
  toolbar: {
    add: { key: 'add', label: '新增', perm: 'quartz:add' },
    export: { key: 'export', label: '导出', perm: 'quartz:export' },
    import: { key: 'import', label: '导入', perm: 'quartz:import' },
  },
  rowActions: [
    { key: 'resume', label: '启动', perm: 'quartz:status', post: true, confirm: '确定启动该任务吗?', showIf: { field: 'status', values: ['-1'] } },
    { key: 'pause', label: '暂停', perm: 'quartz:status', post: true, confirm: '确定暂停该任务吗?', showIf: { field: 'status', values: ['0'] } },
    { key: 'execute', label: '立即执行', perm: 'quartz:run', post: true, confirm: '确定立即执行一次该任务吗?' },
    { key: 'edit', label: '编辑', perm: 'quartz:edit', more: true },
    { key: 'runs', label: '运行记录', more: true, navigate: { href: QUARTZ_RUNS_ROUTE, param: 'jobId' } },
    { key: 'delete', label: '删除', perm: 'quartz:del', confirm: '确定删除该任务吗?其运行记录也会删除。', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'quartz:del', confirm: '是否删除选中的任务?', danger: true }],
  exportName: '定时任务',
};

export const quartzJobForm: FormSpec = {
  width: 720,
  fields: [
    {
      key: 'jobClassName',
      label: '任务类名',
      type: 'select',
      required: true,
      options: JOB_CATALOGUE.map((j) => ({ value: j.key, label: `${j.name}（${j.key}）` })),
      help: '只能选择系统内置的任务',
    },
    {
      key: 'cronExpression',
      label: 'Cron表达式',
      type: 'text',
      required: true,
      maxLength: 100,
      placeholder: '例如 0 0 2 * * ?（每天 02:00）',
      help: '6段：秒 分 时 日 月 周（5段时省略秒）；“?”表示不指定；周 0 或 7 为周日，也可写 MON–SUN；间隔不小于1分钟',
    },
    { key: 'parameter', label: '参数', type: 'textarea', maxLength: 1000, placeholder: 'JSON，例如 {"days":30}；留空用默认值' },
    { key: 'description', label: '描述', type: 'textarea', maxLength: 255 },
    {
      key: 'status',
      label: '状态',
      type: 'radio',
      required: true,
      dict: 'quartz_status',
      optionColors: QUARTZ_STATUS_COLORS,
      defaultValue: '0',
    },
  ],
};

export const quartzRunsList: ListSpec = {
  route: QUARTZ_RUNS_ROUTE,
  title: '运行记录',
  api: { list: '/sys/quartzJob/runList' },
  columns: [
    { key: 'jobClassName', title: '任务类名', width: 150 },
    { key: 'triggerType', title: '触发方式', dict: 'quartz_trigger_type', width: 90, align: 'center' },
    { key: 'scheduledTime', title: '计划时间', sortable: true, list: false },
    { key: 'startTime', title: '开始时间', sortable: true, width: 170 },
    { key: 'endTime', title: '结束时间', list: false },
    { key: 'durationMs', title: '耗时(毫秒)', sortable: true, width: 100, align: 'right' },
    { key: 'outcome', title: '结果', dict: 'quartz_run_outcome', width: 80, align: 'center', render: 'tag', colors: RUN_OUTCOME_COLORS },
    { key: 'message', title: '信息' },
    { key: 'runBy', title: '执行者', width: 120 },
  ],
  filters: [
    { key: 'jobId', label: '任务', type: 'exact', hidden: true },
    { key: 'outcome', label: '结果', type: 'dict', dict: 'quartz_run_outcome' },
  ],
  defaultSort: { column: 'startTime', order: 'desc' },
  defaultPageSize: 20,
  toolbar: { links: [{ key: 'back', label: '返回', href: QUARTZ_ROUTE }] },
  rowActions: [],
  bulkActions: [],
  exportName: '定时任务运行记录',
};
