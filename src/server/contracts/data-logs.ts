// 数据日志 (/sys/dataLog): the kept versions of edited records, the tables that keep them, and the comparison
// of two versions.
import type { Page } from './shapes.js';
import { GET } from './endpoint.js';

/** A kept version (sys_data_log), with its table in words. */
export interface DataLogRecord extends Record<string, unknown> {
  id: string;
  dataTable: string;
  dataTable_dictText: string;
  dataId: string;
  dataVersion: number;
  /** The record's fields as JSON text. */
  dataContent: string;
  createBy: string | null;
  createTime: string;
}

export const dataLogApi = {
  list: GET<Page<DataLogRecord>>('/sys/dataLog/list'),
  /** The logged tables, for the 表名 filter. */
  tables: GET<{ value: string; label: string }[]>('/sys/dataLog/tables'),
  /** Every version of one record, oldest first. */
  versions: GET<DataLogRecord[], { dataTable: string; dataId: string }>('/sys/dataLog/queryDataVerList'),
  /** Two versions of one record (log row ids), older first, each with the fields whose values differ. */
  compare: GET<(DataLogRecord & { changedFields: string[] })[], { dataId1: string; dataId2: string }>('/sys/dataLog/queryCompareList'),
};
