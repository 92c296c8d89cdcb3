// 消息中心: 消息模板管理 (/modules/message/sysMessageTemplateList) and 消息管理 (/modules/message/sysMessageList),
// declared once for the API and the pages. Field names are JeecgBoot's (SysMessageTemplate, SysMessage).
import { messageApi, messageTemplateApi } from '../contracts/messages.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type FieldOption, type FieldSpec, type FormSpec, type ListSpec } from './spec.js';

export const TEMPLATE_ROUTE = '/modules/message/sysMessageTemplateList';
export const MESSAGE_ROUTE = '/modules/message/sysMessageList';

const MSG_TYPE_COLORS: Record<string, string> = { '2': 'blue', '4': 'purple' };
const SEND_STATUS_COLORS: Record<string, string> = { '0': 'orange', '1': 'green', '2': 'red' };

/** The message types 消息中心 sends: JeecgBoot's msgType 2 (邮件) and 4 (站内消息); 短信 and 微信 are not supported. */
export const MSG_TYPE_OPTIONS: FieldOption[] = [
  { value: '2', label: '邮件' },
  { value: '4', label: '站内消息' },
];
export const UNSUPPORTED_TYPE = '不支持的消息类型：只支持 2（邮件）和 4（站内消息），短信和微信暂不支持';

export const templateFields = resource({
  templateCode: { label: '模板编码', kind: 'code', required: true, max: 100, pattern: { re: /^[A-Za-z0-9_-]+$/, message: '模板编码只能包含字母、数字、下划线或短横线' } },
  templateName: { label: '模板标题', kind: 'text', required: true, max: 100 },
  templateType: { label: '模板类型', kind: 'choice', required: true, dict: 'msgType', options: MSG_TYPE_OPTIONS, messages: { invalid: UNSUPPORTED_TYPE } },
  // Kept as typed (HTML or text), but not blank.
  templateContent: { label: '模板内容', kind: 'richtext', required: true, max: 10000, checks: [{ test: (v) => v.trim() !== '', message: '请输入模板内容' }] },
  // A JSON object, checked by the API (domain/messages.ts parseParams).
  templateTestJson: { label: '测试数据', kind: 'text', max: 2000 },
  createTime: { label: '创建时间', kind: 'datetime' },
});

/** The fields an add, an edit or an import row sends. */
export const TEMPLATE_FORM_KEYS = ['templateCode', 'templateName', 'templateContent', 'templateType', 'templateTestJson'] as const;

const templateActions = crudActions('msgTemplate', { deleteConfirm: '确定删除该模板吗?', batchDeleteConfirm: '是否删除选中的模板?' });

export const templatesList: ListSpec = {
  route: TEMPLATE_ROUTE,
  title: '消息模板管理',
  api: listEndpoints(messageTemplateApi),
  columns: [
    templateFields.column('templateCode', { sortable: true, width: 180 }),
    templateFields.column('templateName', { sortable: true, width: 200 }),
    templateFields.column('templateContent', { render: 'ellipsis' }),
    templateFields.column('templateType', { sortable: true, width: 100, align: 'center', render: 'tag', colors: MSG_TYPE_COLORS }),
    templateFields.column('templateTestJson', { list: false }),
    templateFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [
    templateFields.filter('templateCode', 'text', { placeholder: '请输入模板编码' }),
    templateFields.filter('templateName', 'text', { placeholder: '请输入模板标题' }),
    templateFields.filter('templateType', 'dict', { advanced: true }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: templateActions.toolbar,
  rowActions: [templateActions.edit, { key: 'send', label: '发送测试', perm: 'msgTemplate:send' }, templateActions.delete],
  bulkActions: [templateActions.batchDelete],
  exportName: '消息模板',
};

export const templateForm: FormSpec = {
  width: 760,
  fields: [
    templateFields.formField('templateCode', { readonlyOnEdit: true, help: '字母、数字、下划线或短横线，发送时按编码找到模板，保存后不可修改' }),
    templateFields.formField('templateName', { help: '邮件的主题、站内消息的标题' }),
    templateFields.formField('templateType', { type: 'radio', optionColors: MSG_TYPE_COLORS, defaultValue: '2', help: '只支持邮件和站内消息（短信、微信暂不支持）' }),
    templateFields.formField('templateContent', {
      type: 'textarea',
      placeholder: '例如：${realname}家长您好，您孩子的作品《${workName}》已批改。',
      help: '用 ${变量名} 表示要填入的内容；可写纯文本或 HTML，填入的值会被转义',
    }),
    templateFields.formField('templateTestJson', { type: 'textarea', placeholder: '{"realname":"小明","workName":"小猫走迷宫"}', help: 'JSON对象，发送测试时的默认变量值' }),
  ],
};

/** The 发送测试 dialog (sendMsg): a receiver and the placeholder values. */
export const sendMsgFields = resource({
  receiver: { label: '接收人', kind: 'text', required: true, max: 255 },
  // JSON object text (the API also takes an object).
  testData: { label: '测试数据', kind: 'text', max: 2000 },
});

export const sendTestFields: FieldSpec[] = [
  sendMsgFields.formField('receiver'),
  sendMsgFields.formField('testData', { type: 'textarea', help: 'JSON对象，例如 {"realname":"小明"}；未提供的变量保持原样' }),
];

export const messageFields = resource({
  esTitle: { label: '消息标题', kind: 'text' },
  esType: { label: '消息类型', kind: 'choice', dict: 'msgType' },
  esReceiver: { label: '接收人', kind: 'text' },
  esContent: { label: '发送内容', kind: 'richtext' },
  esParam: { label: '发送所需参数', kind: 'text' },
  esSendTime: { label: '发送时间', kind: 'datetime' },
  esSendStatus: { label: '发送状态', kind: 'choice', dict: 'msgSendStatus' },
  esSendNum: { label: '发送次数', kind: 'int' },
  esResult: { label: '失败原因', kind: 'text' },
  nextTryTime: { label: '下次重试', kind: 'datetime' },
  remark: { label: '备注', kind: 'text' },
  createTime: { label: '创建时间', kind: 'datetime' },
});

const messageActions = crudActions('message', {
  deleteConfirm: '确定删除该消息记录吗?',
  batchDeleteConfirm: '是否删除选中的消息记录?',
  deleteInline: true,
});

export const messagesList: ListSpec = {
  route: MESSAGE_ROUTE,
  title: '消息管理',
  api: listEndpoints(messageApi),
  columns: [
    messageFields.column('esTitle', { width: 140 }),
    messageFields.column('esType', { sortable: true, width: 100, align: 'center', render: 'tag', colors: MSG_TYPE_COLORS }),
    messageFields.column('esReceiver', { sortable: true, width: 180 }),
    messageFields.column('esContent', { render: 'ellipsis' }),
    messageFields.column('esParam', { list: false }),
    messageFields.column('esSendTime', { sortable: true, width: 160 }),
    messageFields.column('esSendStatus', { sortable: true, width: 100, align: 'center', render: 'tag', colors: SEND_STATUS_COLORS }),
    messageFields.column('esSendNum', { sortable: true, width: 100, align: 'center' }),
    messageFields.column('esResult', { width: 240 }),
    messageFields.column('nextTryTime', { list: false }),
    messageFields.column('remark', { list: false }),
    messageFields.column('createTime', { sortable: true, list: false }),
  ],
  filters: [
    messageFields.filter('esReceiver', 'text', { placeholder: '请输入接收人' }),
    messageFields.filter('esSendStatus', 'dict'),
    messageFields.filter('esType', 'dict', { advanced: true }),
    messageFields.filter('esTitle', 'text', { advanced: true }),
    messageFields.filter('esSendTime', 'dateRange', { advanced: true }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: { export: messageActions.export },
  rowActions: [
    { key: 'resend', label: '重发', perm: 'message:resend', post: true, confirm: '确定立即重发该消息吗?', showIf: { field: 'esSendStatus', values: ['2'] } },
    messageActions.delete,
  ],
  bulkActions: [messageActions.batchDelete],
  exportName: '消息',
};
