// 文件管理 (/isystem/file) and OSS文件 (/oss/file): one declaration of the stored files (sys_file). OSS文件 is a
// second view of it: the files by storage location (here every file is stored locally, under the files
// directory), with upload; 文件管理 adds where each file is used and the 仅显示孤立文件 tab.
import { fileApi, ossFileApi } from '../contracts/files.js';
import { crudActions } from './crud-actions.js';
import { resource } from './fields.js';
import { listEndpoints, type ListSpec } from './spec.js';

/** The 文件管理 tabs: every file, or only those no record uses. */
export const FILE_SCOPES = [
  { value: 'all', label: '全部文件' },
  { value: 'orphan', label: '仅显示孤立文件' },
];

/** Storage folders (sys_file.file_tag) in words; others show as they are. */
export const FILE_FOLDERS: Record<string, string> = {
  common: '通用',
  temp: '临时',
  avatar: '头像',
  sysconfig: '网站配置',
  jeditor: '富文本图片',
  project3: 'Scratch 作品',
  blockly: '积木编程作品',
  python: '图形化Python作品',
  course: '课程图片',
  courseunit: '课程资料',
  additional: '班级作业',
  workfile: '提交的作业文件',
  scratchasset: 'Scratch素材',
};

/** A stored file (sys_file); the …Text fields and url are added by the API. */
export const fileFields = resource({
  fileName: { label: '文件名', kind: 'text' },
  kindText: { label: '类型', kind: 'text' },
  fileType: { label: '文件类型', kind: 'int' },
  fileSize: { label: '大小', kind: 'int' },
  createBy: { label: '上传者', kind: 'text' },
  createTime: { label: '上传时间', kind: 'datetime' },
  usageText: { label: '使用位置', kind: 'text' },
  filePath: { label: '存储路径', kind: 'text' },
  fileTag: { label: '存储目录', kind: 'text' },
  folderText: { label: '存储目录', kind: 'text' },
  fileLocation: { label: '存储位置', kind: 'int', dict: 'file_location' },
  url: { label: '文件地址', kind: 'text' },
});

// 导出 carries no code; deleting a file removes it from the disk, hence the questions of their own.
const fileActions = crudActions(
  { del: 'file:del' },
  {
    deleteConfirm: '确定删除该文件吗？文件将从磁盘删除，不可恢复。',
    batchDeleteConfirm: '确定删除选中的文件吗？正在使用的文件不会删除。',
    deleteInline: true,
  },
);

export const filesList: ListSpec = {
  route: '/isystem/file',
  title: '文件管理',
  api: listEndpoints(fileApi),
  tabs: { key: 'scope', label: '文件范围', items: FILE_SCOPES },
  columns: [
    fileFields.column('fileName', { sortable: true, render: 'ellipsis' }),
    fileFields.column('kindText', { width: 110 }),
    fileFields.column('fileSize', { sortable: true, width: 100, align: 'right' }),
    fileFields.column('createBy', { sortable: true, width: 110 }),
    fileFields.column('createTime', { sortable: true, width: 170 }),
    fileFields.column('usageText'),
    fileFields.column('filePath', { list: false }),
    fileFields.column('fileTag', { list: false }),
  ],
  filters: [
    fileFields.filter('fileName', 'text', { placeholder: '请输入文件名' }),
    fileFields.filter('createBy', 'text', { placeholder: '请输入账号' }),
    fileFields.filter('createTime', 'dateRange', { advanced: true }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  defaultPageSize: 20,
  toolbar: { export: fileActions.export },
  rowActions: [fileActions.delete],
  bulkActions: [fileActions.batchDelete],
  exportName: '文件列表',
};

/** OSS文件: the same files by storage location, with upload (into the 通用 folder, checked by content). */
export const ossFilesList: ListSpec = {
  ...filesList,
  route: '/oss/file',
  title: 'OSS文件',
  api: {
    list: ossFileApi.list,
    queryById: ossFileApi.queryById,
    delete: ossFileApi.delete,
    importExcel: ossFileApi.upload,
  },
  tabs: undefined,
  columns: [
    fileFields.column('fileName', { sortable: true, render: 'ellipsis' }),
    fileFields.column('fileLocation', { width: 100 }),
    fileFields.column('folderText', { width: 130 }),
    fileFields.column('fileSize', { sortable: true, width: 100, align: 'right' }),
    fileFields.column('url', { render: 'link', linkText: '打开' }),
    fileFields.column('createBy', { sortable: true, width: 110 }),
    fileFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [
    fileFields.filter('fileName', 'text', { placeholder: '请输入文件名' }),
    fileFields.filter('fileTag', 'select', { optionsFrom: { api: ossFileApi.folders, value: 'value', label: 'label' }, autoSubmit: true }),
  ],
  toolbar: {
    import: { key: 'upload', label: '上传', perm: 'file:upload', accept: 'image/png,image/jpeg,image/gif,image/webp' },
  },
  bulkActions: [],
  exportName: 'OSS文件',
};
