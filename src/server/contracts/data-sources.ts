// 多数据源管理 (/sys/dataSource): the anchor's sys_data_source rows. The password travels only towards the server:
// list and queryById answer it blank (`dbPassword: ''`, `hasPassword` tells whether one is stored).
import type { Page } from './shapes.js';
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';

export interface DataSourceRecord {
  id: string;
  code: string;
  name: string;
  remark: string | null;
  /** 6 PostgreSQL, 1 MySQL5.5, 4 MySQL5.7+, 5 MariaDB, sqlite SQLite. */
  dbType: string;
  dbType_dictText?: string;
  dbDriver: string | null;
  dbUrl: string;
  dbName: string | null;
  dbUsername: string | null;
  /** Always '': the stored password never leaves the server. */
  dbPassword: '';
  hasPassword: boolean;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
}

/** The fields a save sends; an empty or absent dbPassword on edit keeps the stored one. */
export interface DataSourceBody {
  code: string;
  name: string;
  remark?: string | null;
  dbType: string;
  dbDriver?: string | null;
  dbUrl: string;
  dbName?: string | null;
  dbUsername?: string | null;
  dbPassword?: string | null;
}

type Saved = { errors?: Record<string, string> } | null;

export const dataSourceApi = {
  list: GET<Page<DataSourceRecord>>('/sys/dataSource/list'),
  queryById: GET<DataSourceRecord, { id: string }>('/sys/dataSource/queryById'),
  add: POST<Saved, DataSourceBody>('/sys/dataSource/add'),
  edit: PUT_OR_POST<Saved, DataSourceBody & { id: string }>('/sys/dataSource/edit'),
  delete: DELETE<null, never, { id: string }>('/sys/dataSource/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/sys/dataSource/deleteBatch'),
  /** 测试连接 (JeecgBoot's online API path): the form's values, or a saved row's password when `id` is given and the password left blank. */
  testConnection: POST<null, DataSourceBody & { id?: string }>('/online/cgreport/api/testConnection'),
};
