// 数据日志 (/sys/dataLog-list): the kept versions of edited records, and the names of their fields for the
// comparison of two versions.
import { dataLogApi } from '../contracts/data-logs.js';
import { resource } from './fields.js';
import type { ListSpec } from './spec.js';

/** Logged tables in words (the 表名 filter and column). */
export const DATA_LOG_TABLE_NAMES: Record<string, string> = {
  teaching_course: '课程',
  teaching_course_unit: '课程单元',
  teaching_work: '作品',
  sys_role: '角色',
  sys_user: '用户',
};

/** Field names of kept versions (camelCase keys of the records); unknown fields show their key. */
export const DATA_LOG_FIELD_NAMES: Record<string, string> = {
  id: 'ID',
  courseName: '课程名称',
  courseDesc: '课程介绍',
  courseIcon: '课程图标',
  courseCover: '课程封面',
  courseMap: '课程地图',
  showType: '展示形式',
  isShared: '是否共享',
  showHome: '首页展示',
  orderNum: '排序',
  courseType: '课程类型',
  courseCategory: '课程分类',
  unitName: '单元名称',
  unitIntro: '单元介绍',
  unitCover: '单元封面',
  courseId: '所属课程',
  courseVideo: '课程视频',
  courseVideoSource: '视频来源',
  showCourseVideo: '学生可见视频',
  courseCase: '案例',
  showCourseCase: '学生可见案例',
  coursePpt: '课件',
  showCoursePpt: '学生可见课件',
  coursePlan: '教案',
  showCoursePlan: '学生可见教案',
  courseWork: '作业',
  courseWorkAnswer: '参考答案',
  courseWorkType: '作业类型',
  mapX: '地图X',
  mapY: '地图Y',
  workName: '作品名称',
  workType: '作品类型',
  workStatus: '作品状态',
  workFile: '作品文件',
  workCover: '作品封面',
  workScene: '创作场景',
  departId: '班级',
  additionalId: '班级作业',
  hasCloudData: '云变量',
  viewNum: '浏览数',
  starNum: '点赞数',
  roleName: '角色名称',
  roleCode: '角色编码',
  roleLevel: '角色等级',
  description: '描述',
  username: '账号',
  realname: '姓名',
  avatar: '头像',
  sex: '性别',
  email: '邮箱',
  phone: '手机号',
  status: '状态',
  delFlag: '删除标记',
  createBy: '创建人',
  createTime: '创建时间',
};

/** The 数据日志 screen; other lists link a record's 修改记录 to it (?dataId=). */
export const DATA_LOG_ROUTE = '/sys/dataLog-list';

/** A kept version (sys_data_log). */
export const dataLogFields = resource({
  dataTable: { label: '表名', kind: 'choice' },
  dataId: { label: '数据ID', kind: 'text' },
  dataVersion: { label: '版本号', kind: 'int' },
  createBy: { label: '修改人', kind: 'text' },
  createTime: { label: '时间', kind: 'datetime' },
});

export const dataLogsList: ListSpec = {
  route: DATA_LOG_ROUTE,
  title: '数据日志',
  api: { list: dataLogApi.list },
  columns: [
    // The table in words (DATA_LOG_TABLE_NAMES, added by the API); the raw name is exported only.
    { key: 'dataTable_dictText', title: dataLogFields.rule('dataTable').label, width: 120 },
    dataLogFields.column('dataTable', { title: '数据表', list: false }),
    dataLogFields.column('dataId'),
    dataLogFields.column('dataVersion', { sortable: true, width: 90, align: 'center' }),
    dataLogFields.column('createBy', { sortable: true, width: 120 }),
    dataLogFields.column('createTime', { sortable: true, width: 170 }),
  ],
  filters: [
    dataLogFields.filter('dataTable', 'select', { optionsFrom: { api: dataLogApi.tables, value: 'value', label: 'label' } }),
    dataLogFields.filter('dataId', 'exact', { placeholder: '请输入数据ID' }),
    dataLogFields.filter('createTime', 'dateRange', { advanced: true }),
  ],
  defaultSort: { column: 'createTime', order: 'desc' },
  defaultPageSize: 20,
  toolbar: {},
  rowActions: [{ key: 'versions', label: '全部版本', navigate: { href: '/sys/dataLog-list', param: 'dataId' } }],
  bulkActions: [{ key: 'compare', label: '对比选中的两个版本' }],
  exportName: '数据日志',
};
