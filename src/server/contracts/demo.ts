// 开发示例 (/demo, the developer gallery): the in-memory sample list behind 查询表格 and the read-only lists, and
// the three forms of 表单页, which the API validates and echoes back (api/demo/gallery.ts).
import type { Page } from './shapes.js';
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';

/** A sample item as the API sends it: with the texts of its choices. */
export interface SampleRecord {
  id: string;
  name: string;
  category: string;
  categoryText: string;
  owner: string;
  status: string;
  statusText: string;
  progress: number;
  email?: string;
  description?: string;
  createBy: string;
  createTime: string;
}

/** An option of a select filter. */
export interface SampleOption {
  value: string;
  label: string;
}

/** A form's answer: the validated values, echoed back; refused, the errors by field path (`members.0.name`). */
export type FormEcho = Record<string, unknown> & { errors?: Record<string, string> };

type Values = Record<string, unknown>;

export const sampleApi = {
  list: GET<Page<SampleRecord>>('/demo/sample/list'),
  categories: GET<SampleOption[]>('/demo/sample/categories'),
  statuses: GET<SampleOption[]>('/demo/sample/statuses'),
  queryById: GET<SampleRecord, { id: string }>('/demo/sample/queryById'),
  add: POST<null, Values>('/demo/sample/add'),
  edit: PUT_OR_POST<null, Values & { id: string }>('/demo/sample/edit'),
  delete: DELETE<null, never, { id: string }>('/demo/sample/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/demo/sample/deleteBatch'),
};

export const demoFormApi = {
  /** 基础表单. */
  base: POST<FormEcho, Values>('/demo/form/base'),
  /** 分步表单: stage 'check' validates step 1; 'submit' validates it all again with the payment password. */
  step: POST<FormEcho, Values, { stage: 'check' | 'submit' }>('/demo/form/step'),
  /** 高级表单: the two groups of fields and the member rows. */
  advanced: POST<FormEcho, Values & { members: Values[] }>('/demo/form/advanced'),
};
