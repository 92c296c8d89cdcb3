// 通告管理 (/isystem/annountCement): the announcement's fields, and the list and form declared from them,
// shared by the API and the page. Add, publish (发布) and revoke (撤销) are served by
// src/server/api/sys/announcement.ts; list, edit, delete, export and the recipient helpers by
// src/server/api/sys/announcement-admin.ts.
import { announcementApi } from '../contracts/announcements.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type FormSpec, type ListSpec } from './spec.js';

/** Tag colours of the priorities (SPEC §3: L blue, M orange, H red) and of the publication states. */
export const PRIORITY_COLORS: Record<string, string> = { L: 'blue', M: 'orange', H: 'red' };
export const SEND_STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'green', '2': 'volcano' };

/** Rows whose abilities (set by the API for the row's state: domain/announcement-abilities.ts) allow the action. */
const MAY_EDIT = { field: 'canEdit', values: ['true'] };
const MAY_PUBLISH = { field: 'canPublish', values: ['true'] };
const MAY_REVOKE = { field: 'canRevoke', values: ['true'] };

/**
 * An announcement's fields (sys_announcement; msg_content and msg_abstract are text, held to the limits the
 * API always had). The choices, recipients, dates and the page's type keep the API's own checks (their contract
 * wording, and the defaults an add without them gets).
 */
export const announcementFields = resource({
  titile: { label: '标题', kind: 'text', required: true, max: 100 },
  msgCategory: { label: '消息类型', kind: 'choice', required: true, dict: 'msg_category' },
  priority: { label: '优先级', kind: 'choice', required: true, dict: 'priority' },
  msgType: { label: '通告对象', kind: 'choice', required: true, dict: 'msg_type' },
  userIds: { label: '指定用户', kind: 'choices' },
  openType: { label: '打开方式', kind: 'choice', dict: 'open_type' },
  openPage: { label: '打开页面', kind: 'text', max: 255 },
  startTime: { label: '开始时间', kind: 'date' },
  endTime: { label: '结束时间', kind: 'date' },
  msgAbstract: { label: '摘要', kind: 'text', max: 500 },
  msgContent: { label: '内容', kind: 'richtext', max: 500_000 },
  busType: { label: '业务类型', kind: 'text', max: 20 },
  busId: { label: '业务ID', kind: 'text', max: 50 },
  sendStatus: { label: '发布状态', kind: 'choice', dict: 'send_status' },
  sender: { label: '发布人', kind: 'text' },
  sendTime: { label: '发布时间', kind: 'datetime' },
  cancelTime: { label: '撤销时间', kind: 'datetime' },
  createBy: { label: '创建人', kind: 'text' },
  createTime: { label: '创建时间', kind: 'datetime' },
});

/** The fields an add or an edit validates by their declaration. */
export const ANNOUNCEMENT_BODY_KEYS = ['titile', 'msgContent', 'msgAbstract', 'openPage', 'busType', 'busId'] as const;

// There is no annount:export code: the API guards 导出 with annount:add.
const announcementActions = crudActions({ add: 'annount:add', edit: 'annount:edit', del: 'annount:del', export: 'annount:add' });

export const announcementsList: ListSpec = {
  route: '/isystem/annountCement',
  title: '通告管理',
  api: listEndpoints(announcementApi),
  columns: [
    announcementFields.column('titile', { sortable: true, render: 'ellipsis' }),
    announcementFields.column('msgCategory', { width: 96 }),
    announcementFields.column('priority', { render: 'tag', colors: PRIORITY_COLORS, sortable: true, width: 90, align: 'center' }),
    announcementFields.column('msgType', { width: 96 }),
    announcementFields.column('sendStatus', { render: 'tag', colors: SEND_STATUS_COLORS, sortable: true, width: 110, align: 'center' }),
    announcementFields.column('sender', { width: 90 }),
    announcementFields.column('startTime', { sortable: true, list: false }),
    announcementFields.column('endTime', { sortable: true, list: false }),
    announcementFields.column('sendTime', { sortable: true, width: 170 }),
    announcementFields.column('cancelTime', { list: false }),
    announcementFields.column('msgAbstract', { list: false }),
    announcementFields.column('createBy', { list: false }),
    announcementFields.column('createTime', { sortable: true, list: false }),
  ],
  filters: [
    announcementFields.filter('titile', 'text', { placeholder: '请输入标题查询' }),
    announcementFields.filter('sendStatus', 'dict'),
    announcementFields.filter('msgCategory', 'dict'),
    announcementFields.filter('priority', 'dict', { advanced: true }),
    announcementFields.filter('msgType', 'dict', { advanced: true }),
    announcementFields.filter('createTime', 'dateRange', { advanced: true }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: { add: announcementActions.add, export: announcementActions.export },
  rowActions: [
    { ...announcementActions.edit, showIf: MAY_EDIT },
    { key: 'release', label: '发布', perm: 'annount:release', post: true, confirm: '确定发布该通告吗？发布后接收用户将立即收到通知。', showIf: MAY_PUBLISH },
    { key: 'revoke', label: '撤销', perm: 'annount:revoke', post: true, confirm: '确定撤销该通告吗？撤销后用户将不再看到它。', showIf: MAY_REVOKE },
    { key: 'detail', label: '详情' },
    announcementActions.delete,
  ],
  bulkActions: [announcementActions.batchDelete],
  exportName: '系统通告',
};

export const announcementForm: FormSpec = {
  width: 900,
  fields: [
    announcementFields.formField('titile', { placeholder: '请输入标题' }),
    announcementFields.formField('msgCategory', { type: 'radio', defaultValue: '1' }),
    announcementFields.formField('priority', { type: 'radio', defaultValue: 'L', optionColors: PRIORITY_COLORS }),
    announcementFields.formField('msgType', { type: 'radio', defaultValue: 'ALL', help: '全体用户：发布时所有有效用户都会收到' }),
    announcementFields.formField('userIds', { help: '通告对象为“指定用户”时必选；可输入姓名或账号筛选' }),
    announcementFields.formField('openType', { type: 'radio', help: '可选：用户查看通告后“去处理”打开的页面' }),
    announcementFields.formField('openPage', { placeholder: '链接：/isps/userAnnouncement 或 https://…；组件：菜单路由路径' }),
    announcementFields.formField('startTime'),
    announcementFields.formField('endTime', { help: '到期当天结束后，用户不再收到该通告' }),
    announcementFields.formField('msgAbstract', { type: 'textarea' }),
    announcementFields.formField('msgContent', {
      help: '支持 HTML；保存时只保留文字格式：去除脚本、事件属性、javascript: 链接、class 和布局样式，图片只能引用本站上传的文件',
    }),
  ],
};
