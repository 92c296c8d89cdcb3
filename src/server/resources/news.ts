// 资讯管理 (/news/list): the news item's fields, and the list and form declared from them, shared by the API and
// the page. The anchor declares no button codes for it: whoever is granted the menu (the seed: admin only) may
// add, edit and delete.
import { newsApi } from '../contracts/news.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type FormSpec, type ListSpec } from './spec.js';

export const NEWS_ROUTE = '/news/list';
export const NEWS_API = '/teaching/teachingNews';

/** news_status tag colours: drafts grey, published green. */
const NEWS_STATUS_COLORS: Record<string, string> = { '0': 'default', '1': 'green' };

/** A news item's fields (teaching_news). `newsStatus` keeps the API's own check (its contract wording). */
export const newsFields = resource({
  newsTitle: { label: '标题', kind: 'text', required: true, max: 256 },
  newsContent: { label: '内容', kind: 'richtext', max: 500_000 },
  newsStatus: { label: '状态', kind: 'int', required: true, dict: 'news_status', min: 0, max: 1 },
  createBy: { label: '创建人', kind: 'text' },
  createTime: { label: '创建日期', kind: 'datetime' },
  updateBy: { label: '更新人', kind: 'text' },
  updateTime: { label: '更新日期', kind: 'datetime' },
});

// 新闻 carries no button codes: whoever may open the list may change it.
const newsActions = crudActions({}, { deleteInline: true });

export const newsList: ListSpec = {
  route: NEWS_ROUTE,
  title: '资讯管理',
  api: listEndpoints(newsApi),
  columns: [
    newsFields.column('newsTitle', { sortable: true, render: 'ellipsis' }),
    newsFields.column('newsStatus', { render: 'tag', colors: NEWS_STATUS_COLORS, sortable: true, width: 100, align: 'center' }),
    newsFields.column('createBy', { width: 100 }),
    newsFields.column('createTime', { sortable: true, width: 170 }),
    newsFields.column('updateBy', { width: 100 }),
    newsFields.column('updateTime', { sortable: true, width: 170 }),
  ],
  filters: [newsFields.filter('newsTitle', 'text', { placeholder: '请输入标题查询' }), newsFields.filter('newsStatus', 'dict')],
  defaultSort: { column: 'createTime', order: 'desc' },
  toolbar: { add: newsActions.add, export: newsActions.export },
  rowActions: [newsActions.edit, newsActions.delete],
  bulkActions: [newsActions.batchDelete],
  exportName: '资讯',
};

export const newsForm: FormSpec = {
  width: 900,
  fields: [
    newsFields.formField('newsStatus', {
      type: 'radio',
      defaultValue: '0',
      optionColors: NEWS_STATUS_COLORS,
      help: '草稿只在资讯管理里可见；已发布的资讯显示在网站的“资讯”页',
    }),
    newsFields.formField('newsTitle', { placeholder: '请输入标题' }),
    newsFields.formField('newsContent', {
      help: '支持 HTML；保存时只保留文字格式：去除脚本、事件属性、javascript: 链接、class 和布局样式，图片只能引用本站上传的文件',
    }),
  ],
};
