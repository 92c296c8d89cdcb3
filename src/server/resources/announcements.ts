// 通告管理 (/isystem/annountCement): the list and form declaration shared by the API and the page.
// Add, publish (发布) and revoke (撤销) are served by src/server/api/sys/announcement.ts; list, edit, delete,
// export and the recipient helpers by src/server/api/sys/announcement-admin.ts.
import type { FormSpec, ListSpec } from './spec.js';

/** Tag colours of the priorities (SPEC §3: L blue, M orange, H red) and of the publication states. */
export const PRIORITY_COLORS: Record<string, string> = { L: 'blue', M: 'orange', H: 'red' };
export const SEND_STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'green', '2': 'volcano' };

/** send_status values whose announcements may still be edited: drafts and revoked ones. */
export const EDITABLE_SEND_STATUS = ['0', '2'];

export const announcementsList: ListSpec = {
  route: '/isystem/annountCement',
  title: '通告管理',
  api: {
    list: '/sys/annountCement/list',
    add: '/sys/annountCement/add',
    edit: '/sys/annountCement/edit',
    queryById: '/sys/annountCement/queryById',
    delete: '/sys/annountCement/delete',
    deleteBatch: '/sys/annountCement/deleteBatch',
    exportXls: '/sys/annountCement/exportXls',
  },
  columns: [
    { key: 'titile', title: '标题', sortable: true, render: 'ellipsis' },
    { key: 'msgCategory', title: '消息类型', dict: 'msg_category', width: 96 },
    { key: 'priority', title: '优先级', dict: 'priority', render: 'tag', colors: PRIORITY_COLORS, sortable: true, width: 90, align: 'center' },
    { key: 'msgType', title: '通告对象', dict: 'msg_type', width: 96 },
    { key: 'sendStatus', title: '发布状态', dict: 'send_status', render: 'tag', colors: SEND_STATUS_COLORS, sortable: true, width: 110, align: 'center' },
    { key: 'sender', title: '发布人', width: 90 },
    { key: 'startTime', title: '开始时间', sortable: true, list: false },
    { key: 'endTime', title: '结束时间', sortable: true, list: false },
    { key: 'sendTime', title: '发布时间', sortable: true, width: 170 },
    { key: 'cancelTime', title: '撤销时间', list: false },
    { key: 'msgAbstract', title: '摘要', list: false },
    { key: 'createBy', title: '创建人', list: false },
    { key: 'createTime', title: '创建时间', sortable: true, list: false },
  ],
  filters: [
    { key: 'titile', label: '标题', type: 'text', placeholder: '请输入标题查询' },
    { key: 'sendStatus', label: '发布状态', type: 'dict', dict: 'send_status' },
    { key: 'msgCategory', label: '消息类型', type: 'dict', dict: 'msg_category' },
    { key: 'priority', label: '优先级', type: 'dict', dict: 'priority', advanced: true },
    { key: 'msgType', label: '通告对象', type: 'dict', dict: 'msg_type', advanced: true },
    { key: 'createTime', label: '创建时间', type: 'dateRange', advanced: true },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    add: { key: 'add', label: '新增', perm: 'annount:add' },
    export: { key: 'export', label: '导出', perm: 'annount:add' },
  },
  rowActions: [
    { key: 'edit', label: '编辑', perm: 'annount:edit', showIf: { field: 'sendStatus', values: EDITABLE_SEND_STATUS } },
    { key: 'release', label: '发布', perm: 'annount:release', post: true, confirm: '确定发布该通告吗？发布后接收用户将立即收到通知。', showIf: { field: 'sendStatus', values: EDITABLE_SEND_STATUS } },
    { key: 'revoke', label: '撤销', perm: 'annount:revoke', post: true, confirm: '确定撤销该通告吗？撤销后用户将不再看到它。', showIf: { field: 'sendStatus', values: ['1'] } },
    { key: 'detail', label: '详情' },
    { key: 'delete', label: '删除', perm: 'annount:del', confirm: '确定删除吗?', more: true, danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'annount:del', confirm: '是否删除选中数据?', danger: true }],
  exportName: '系统通告',
};

export const announcementForm: FormSpec = {
  width: 900,
  fields: [
    { key: 'titile', label: '标题', type: 'text', required: true, maxLength: 100, placeholder: '请输入标题' },
    { key: 'msgCategory', label: '消息类型', type: 'radio', dict: 'msg_category', required: true, defaultValue: '1' },
    { key: 'priority', label: '优先级', type: 'radio', dict: 'priority', required: true, defaultValue: 'L', optionColors: PRIORITY_COLORS },
    { key: 'msgType', label: '通告对象', type: 'radio', dict: 'msg_type', required: true, defaultValue: 'ALL', help: '全体用户：发布时所有有效用户都会收到' },
    { key: 'userIds', label: '指定用户', type: 'multiselect', help: '通告对象为“指定用户”时必选；可输入姓名或账号筛选' },
    { key: 'openType', label: '打开方式', type: 'radio', dict: 'open_type', help: '可选：用户查看通告后“去处理”打开的页面' },
    { key: 'openPage', label: '打开页面', type: 'text', maxLength: 255, placeholder: '链接：/isps/userAnnouncement 或 https://…；组件：菜单路由路径' },
    { key: 'startTime', label: '开始时间', type: 'date' },
    { key: 'endTime', label: '结束时间', type: 'date', help: '到期当天结束后，用户不再收到该通告' },
    { key: 'msgAbstract', label: '摘要', type: 'textarea', maxLength: 500 },
    { key: 'msgContent', label: '内容', type: 'richtext', help: '支持 HTML；保存时只保留文字格式：去除脚本、事件属性、javascript: 链接、class 和布局样式，图片只能引用本站上传的文件' },
  ],
};
