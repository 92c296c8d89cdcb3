// 文件管理 (/isystem/file) and OSS文件 (/oss/file): one declaration of the stored files (sys_file). OSS文件 is a
// second view of it: the files by storage location (here every file is stored locally, under the files
// directory), with upload; 文件管理 adds where each file is used and the 仅显示孤立文件 tab.
import type { ListSpec } from './spec.js';

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
  course: '课程图片',
  courseunit: '课程资料',
  additional: '班级作业',
  workfile: '提交的作业文件',
  scratchasset: 'Scratch素材',
};

export const filesList: ListSpec = {
  route: '/isystem/file',
  title: '文件管理',
  api: {
    list: '/system/sysFile/list',
    queryById: '/system/sysFile/queryById',
    delete: '/system/sysFile/delete',
    deleteBatch: '/system/sysFile/deleteBatch',
    exportXls: '/system/sysFile/exportXls',
  },
  tabs: { key: 'scope', label: '文件范围', items: FILE_SCOPES },
  columns: [
    { key: 'fileName', title: '文件名', sortable: true, render: 'ellipsis' },
    { key: 'kindText', title: '类型', width: 110 },
    { key: 'fileSize', title: '大小', sortable: true, width: 100, align: 'right' },
    { key: 'createBy', title: '上传者', sortable: true, width: 110 },
    { key: 'createTime', title: '上传时间', sortable: true, width: 170 },
    { key: 'usageText', title: '使用位置' },
    { key: 'filePath', title: '存储路径', list: false },
    { key: 'fileTag', title: '存储目录', list: false },
  ],
  filters: [
    { key: 'fileName', label: '文件名', type: 'text', placeholder: '请输入文件名' },
    { key: 'createBy', label: '上传者', type: 'text', placeholder: '请输入账号' },
    { key: 'createTime', label: '上传时间', type: 'dateRange', advanced: true },
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  defaultPageSize: 20,
  toolbar: {
    export: { key: 'export', label: '导出' },
  },
  rowActions: [{ key: 'delete', label: '删除', perm: 'file:del', confirm: '确定删除该文件吗？文件将从磁盘删除，不可恢复。', danger: true }],
  bulkActions: [{ key: 'delete', label: '删除', perm: 'file:del', confirm: '确定删除选中的文件吗？正在使用的文件不会删除。', danger: true }],
  exportName: '文件列表',
};

/** OSS文件: the same files by storage location, with upload (into the 通用 folder, checked by content). */
export const ossFilesList: ListSpec = {
  ...filesList,
  route: '/oss/file',
  title: 'OSS文件',
  api: {
    list: '/oss/file/list',
    queryById: '/oss/file/queryById',
    delete: '/oss/file/delete',
    importExcel: '/oss/file/upload',
  },
  tabs: undefined,
  columns: [
    { key: 'fileName', title: '文件名', sortable: true, render: 'ellipsis' },
    { key: 'fileLocation', title: '存储位置', dict: 'file_location', width: 100 },
    { key: 'folderText', title: '存储目录', width: 130 },
    { key: 'fileSize', title: '大小', sortable: true, width: 100, align: 'right' },
    { key: 'url', title: '文件地址', render: 'link', linkText: '打开' },
    { key: 'createBy', title: '上传者', sortable: true, width: 110 },
    { key: 'createTime', title: '上传时间', sortable: true, width: 170 },
  ],
  filters: [
    { key: 'fileName', label: '文件名', type: 'text', placeholder: '请输入文件名' },
    { key: 'fileTag', label: '存储目录', type: 'select', optionsFrom: { api: '/oss/file/folders', value: 'value', label: 'label' }, autoSubmit: true },
  ],
  toolbar: {
    import: { key: 'upload', label: '上传', perm: 'file:upload', accept: 'image/png,image/jpeg,image/gif,image/webp' },
  },
  bulkActions: [],
  exportName: 'OSS文件',
};
