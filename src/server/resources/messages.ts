// 消息中心: 消息模板管理 (/modules/message/sysMessageTemplateList) and 消息管理 (/modules/message/sysMessageList),
// declared once for the API and the pages. Field names are JeecgBoot's (SysMessageTemplate, SysMessage).
import type { FieldSpec, FormSpec, ListSpec } from './spec.js';

export const TEMPLATE_ROUTE = '/modules/message/sysMessageTemplateList';
export const MESSAGE_ROUTE = '/modules/message/sysMessageList';

const MSG_TYPE_COLORS: Record<string, string> = { '2': 'blue', '4': 'purple' };
const SEND_STATUS_COLORS: Record<string, string> = { '0': 'orange', '1': 'green', '2': 'red' };

export const templatesList: ListSpec = {
  route: TEMPLATE_ROUTE,
  title: '消息模板管理',
  api: {
    list: '/message/sysMessageTemplate/list',
    add: '/message/sysMessageTemplate/add',
    edit: '/message/sysMessageTemplate/edit',
    queryById: '/message/sysMessageTemplate/queryById',
    delete: '/message/sysMessageTemplate/delete',
    deleteBatch: '/message/sysMessageTemplate/deleteBatch',
    exportXls: '/message/sysMessageTemplate/exportXls',
    importExcel: '/message/sysMessageTemplate/importExcel',
  },
  columns: [
    { key: 'templateCode', title: '模板编码', sortable: true, width: 180 },
    { key: 'templateName', title: '模板标题', sortable: true, width: 200 },
    { key: 'templateContent', title: '模板内容', render: 'ellipsis' },
    { key: 'templateType', title: '模板类型', dict: 'msgType', sortable: true, width: 100, align: 'center', render: 'tag', colors: MSG_TYPE_COLORS },
    { key: 'templateTestJson', title: '测试数据', list: false },
    { key: 'createTime', title: '创建时间', sortable: true, width: 170 },
  ],
  filters: [
    { key: 'templateCode', label: '模板编码', type: 'text', placeholder: '请输入模板编码' },
    { key: 'templateName', label: '模板标题', type: 'text', placeholder: '请输入模板标题' },
    { key: 'templateType', label: '模板类型', type: 'dict', dict: 'msgType', advanced: true },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    add: { key: 'add', label: '新增', perm: 'msgTemplate:add' },
    export: { key: 'export', label: '导出', perm: 'msgTemplate:export' },
    import: { key: 'import', label: '导入', perm: 'msgTemplate:import' },
  },
  rowActions: [
    { key: 'edit', label: '编辑', perm: 'msgTemplate:edit' },
    { key: 'send', label: '发送测试', perm: 'msgTemplate:send' },
    { key: 'delete', label: '删除', perm: 'msgTemplate:del', confirm: '确定删除该模板吗?', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'msgTemplate:del', confirm: '是否删除选中的模板?', danger: true }],
  exportName: '消息模板',
};

export const templateForm: FormSpec = {
  width: 760,
  fields: [
    {
      key: 'templateCode',
      label: '模板编码',
      type: 'text',
      required: true,
      maxLength: 100,
      readonlyOnEdit: true,
      help: '字母、数字、下划线或短横线，发送时按编码找到模板，保存后不可修改',
    },
    { key: 'templateName', label: '模板标题', type: 'text', required: true, maxLength: 100, help: '邮件的主题、站内消息的标题' },
    { key: 'templateType', label: '模板类型', type: 'radio', required: true, dict: 'msgType', optionColors: MSG_TYPE_COLORS, defaultValue: '2', help: '只支持邮件和站内消息（短信、微信暂不支持）' },
    {
      key: 'templateContent',
      label: '模板内容',
      type: 'textarea',
      required: true,
      maxLength: 10000,
      placeholder: '例如：${realname}家长您好，您孩子的作品《${workName}》已批改。',
      help: '用 ${变量名} 表示要填入的内容；可写纯文本或 HTML，填入的值会被转义',
    },
    { key: 'templateTestJson', label: '测试数据', type: 'textarea', maxLength: 2000, placeholder: '{"realname":"小明","workName":"小猫走迷宫"}', help: 'JSON对象，发送测试时的默认变量值' },
  ],
};

/** The 发送测试 dialog: a receiver and the placeholder values. */
export const sendTestFields: FieldSpec[] = [
  { key: 'receiver', label: '接收人', type: 'text', required: true, maxLength: 255 },
  { key: 'testData', label: '测试数据', type: 'textarea', maxLength: 2000, help: 'JSON对象，例如 {"realname":"小明"}；未提供的变量保持原样' },
];

export const messagesList: ListSpec = {
  route: MESSAGE_ROUTE,
  title: '消息管理',
  api: {
    list: '/message/sysMessage/list',
    queryById: '/message/sysMessage/queryById',
    delete: '/message/sysMessage/delete',
    deleteBatch: '/message/sysMessage/deleteBatch',
    exportXls: '/message/sysMessage/exportXls',
  },
  columns: [
    { key: 'esTitle', title: '消息标题', width: 140 },
    { key: 'esType', title: '消息类型', dict: 'msgType', sortable: true, width: 100, align: 'center', render: 'tag', colors: MSG_TYPE_COLORS },
    { key: 'esReceiver', title: '接收人', sortable: true, width: 180 },
    { key: 'esContent', title: '发送内容', render: 'ellipsis' },
    { key: 'esParam', title: '发送所需参数', list: false },
    { key: 'esSendTime', title: '发送时间', sortable: true, width: 160 },
    { key: 'esSendStatus', title: '发送状态', dict: 'msgSendStatus', sortable: true, width: 100, align: 'center', render: 'tag', colors: SEND_STATUS_COLORS },
    { key: 'esSendNum', title: '发送次数', sortable: true, width: 100, align: 'center' },
    { key: 'esResult', title: '失败原因', width: 240 },
    { key: 'nextTryTime', title: '下次重试', list: false },
    { key: 'remark', title: '备注', list: false },
    { key: 'createTime', title: '创建时间', sortable: true, list: false },
  ],
  filters: [
    { key: 'esReceiver', label: '接收人', type: 'text', placeholder: '请输入接收人' },
    { key: 'esSendStatus', label: '发送状态', type: 'dict', dict: 'msgSendStatus' },
    { key: 'esType', label: '消息类型', type: 'dict', dict: 'msgType', advanced: true },
    { key: 'esTitle', label: '消息标题', type: 'text', advanced: true },
    { key: 'esSendTime', label: '发送时间', type: 'dateRange', advanced: true },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: { export: { key: 'export', label: '导出', perm: 'message:export' } },
  rowActions: [
    { key: 'resend', label: '重发', perm: 'message:resend', post: true, confirm: '确定立即重发该消息吗?', showIf: { field: 'esSendStatus', values: ['2'] } },
    { key: 'delete', label: '删除', perm: 'message:del', confirm: '确定删除该消息记录吗?', danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'message:del', confirm: '是否删除选中的消息记录?', danger: true }],
  exportName: '消息',
};
