// 资讯管理 (/news/list): the list and form declaration shared by the API and the page. The anchor declares no
// button codes for it: whoever is granted the menu (the seed: admin only) may add, edit and delete.
import type { FormSpec, ListSpec } from './spec.js';

export const NEWS_ROUTE = '/news/list';
export const NEWS_API = '/teaching/teachingNews';

/** news_status tag colours: drafts grey, published green. */
const NEWS_STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'green' };

export const newsList: ListSpec = {
  route: NEWS_ROUTE,
  title: '资讯管理',
  api: {
    list: `${NEWS_API}/list`,
    add: `${NEWS_API}/add`,
    edit: `${NEWS_API}/edit`,
    queryById: `${NEWS_API}/queryById`,
    delete: `${NEWS_API}/delete`,
    deleteBatch: `${NEWS_API}/deleteBatch`,
    exportXls: `${NEWS_API}/exportXls`,
  },
  columns: [
    { key: 'newsTitle', title: '标题', sortable: true, render: 'ellipsis' },
    { key: 'newsStatus', title: '状态', dict: 'news_status', render: 'tag', colors: NEWS_STATUS_COLORS, sortable: true, width: 100, align: 'center' },
    { key: 'createBy', title: '创建人', width: 100 },
    { key: 'createTime', title: '创建日期', sortable: true, width: 170 },
    { key: 'updateBy', title: '更新人', width: 100 },
    { key: 'updateTime', title: '更新日期', sortable: true, width: 170 },
  ],
  filters: [
    { key: 'newsTitle', label: '标题', type: 'text', placeholder: '请输入标题查询' },
    { key: 'newsStatus', label: '状态', type: 'dict', dict: 'news_status' },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: {
    add: { key: 'add', label: '新增' },
    export: { key: 'export', label: '导出' },
  },
  rowActions: [
    { key: 'edit', label: '编辑' },
    { key: 'delete', label: '删除', confirm: '确定删除吗?', danger: true },
  ],
  bulkActions: [{ key: 'delete', label: '删除', confirm: '是否删除选中数据?', danger: true }],
  exportName: '资讯',
};

export const newsForm: FormSpec = {
  width: 900,
  fields: [
    { key: 'newsStatus', label: '状态', type: 'radio', dict: 'news_status', required: true, defaultValue: '0', optionColors: NEWS_STATUS_COLORS, help: '草稿只在资讯管理里可见；已发布的资讯显示在网站的“资讯”页' },
    { key: 'newsTitle', label: '标题', type: 'text', required: true, maxLength: 256, placeholder: '请输入标题' },
    { key: 'newsContent', label: '内容', type: 'richtext', help: '支持 HTML；保存时只保留文字格式：去除脚本、事件属性、javascript: 链接、class 和布局样式，图片只能引用本站上传的文件' },
  ],
};
