// /teaching/teachingAdditionalWork (班级作业): the endpoints of 布置班级作业 (the list, its dialog, the classes to
// assign to, 提交情况) and the student's 我的作业 (their homework with their own work and grade). A work is
// handed in through workApi.submit (contracts/works.ts).
import type { Page, Saved } from './shapes.js';
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';

/** A class homework may be assigned to (the dialog's 分配班级 and the 班级 filter). */
export interface HomeworkClass {
  id: string;
  departName: string;
  /** The class named by its path. */
  title: string;
}

/** A homework of 布置班级作业 (its list and dialog): the classes as ids and names, the files' URLs. */
export interface HomeworkRecord {
  id: string;
  createBy: string | null;
  createTime: string | null;
  updateBy: string | null;
  updateTime: string | null;
  /** A work_type value. */
  codeType: number | null;
  codeType_dictText?: string;
  workName: string;
  workDesc: string | null;
  workCover: string | null;
  workUrl: string | null;
  workDocumentUrl: string | null;
  /** 0 未发布, 1 已发布, 2 已结束. */
  status: number;
  status_dictText?: string;
  /** The classes' ids, comma-separated, and their names. */
  workDept: string;
  workDept_dictText: string;
  workCover_url: string | null;
  workUrl_url: string | null;
  workDocumentUrl_url: string | null;
}

/** A student of the homework's classes who handed it in, with the grade. */
interface HomeworkSubmission {
  userId: string;
  username: string;
  realname: string;
  departName: string;
  workId: string;
  workName: string;
  workStatus: number;
  workStatus_dictText?: string;
  /** The work's kind (a work_type value: '1', '2' Scratch …). */
  workType: string;
  workType_dictText?: string;
  workFile_url: string | null;
  score: number | null;
  comment: string | null;
  createTime: string | null;
}

/** A student of the homework's classes who did not hand it in. */
interface HomeworkMissing {
  userId: string;
  username: string;
  realname: string;
  departName: string;
}

/** 提交情况: who of the homework's classes (in the caller's scope) handed it in, and who did not. */
export interface HomeworkSubmissions {
  additionalId: string;
  workName: string;
  submitted: HomeworkSubmission[];
  missing: HomeworkMissing[];
}

/** A homework of the caller's classes (AdditionalWorkModel) with the caller's own work and grade. */
export interface MyHomework {
  additionalWorkId: string;
  workName: string;
  workDesc: string | null;
  workCover: string | null;
  workCover_url: string | null;
  /** The teacher's starter file. */
  workUrl: string | null;
  workUrl_url: string | null;
  /** The URL of the homework's document (not its file key, unlike the other files). */
  workDocumentUrl: string | null;
  /** The homework's classes' ids, comma-separated. */
  workDept: string;
  createTime: string | null;
  createBy: string | null;
  /** A work_type value ('1', '2': Scratch, opened in the editor; else a file is handed in). */
  codeType: number | null;
  codeType_dictText?: string;
  /** The teacher's name. */
  createBy_dictText: string;
  mineWorkId: string | null;
  mineWorkName: string | null;
  /** null: no own work yet; 0 saved, 1 handed in, 2 and above graded. */
  mineWorkStatus: number | null;
  mineWorkUrl: string | null;
  mineWorkCover: string | null;
  /** Whether the caller may still hand in or change their work (not once it is graded); the API refuses the rest. */
  canSubmit: boolean;
  /** The caller's class the homework was assigned to. */
  departId: string | null;
  departName: string | null;
  score: number | null;
  comment: string | null;
}

export const homeworkApi = {
  list: GET<Page<HomeworkRecord>>('/teaching/teachingAdditionalWork/list'),
  add: POST<Saved<{ id?: string }>>('/teaching/teachingAdditionalWork/add'),
  edit: PUT_OR_POST<Saved>('/teaching/teachingAdditionalWork/edit'),
  queryById: GET<HomeworkRecord, { id: string }>('/teaching/teachingAdditionalWork/queryById'),
  delete: DELETE<null, never, { id: string }>('/teaching/teachingAdditionalWork/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/teaching/teachingAdditionalWork/deleteBatch'),
  /** The classes the caller may assign homework to. */
  classes: GET<HomeworkClass[]>('/teaching/teachingAdditionalWork/classList'),
  submissions: GET<HomeworkSubmissions, { id: string }>('/teaching/teachingAdditionalWork/submissions'),
};

export const myHomeworkApi = {
  /** 我的作业: published homework of the caller's classes; `submit`: handed in (true) or not (false). */
  list: GET<MyHomework[], { submit?: 'true' | 'false'; status?: string; departId?: string }>('/teaching/teachingWork/mineAdditionalWork'),
};
