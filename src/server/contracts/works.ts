// /teaching/teachingWork (作品): the endpoints of 作业管理 and 我的作品列表 (the lists, 批改, 标签, 历史版本,
// 克隆至其他账号), 个人中心's 我的作品, and the hand-in of a work (我的作业's 提交作业).
import type { Page } from './shapes.js';
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';

/** A work as the lists answer it (list, mine): with its author, files, grade and the caller's private tag. */
export interface WorkRow extends Record<string, unknown> {
  id: string;
  workName: string;
  /** A work_type dictionary value ('1', '2': Scratch). */
  workType: string;
  workStatus: string;
  workStatus_dictText?: string;
  workFileKey_url: string | null;
  coverFileKey_url: string | null;
  /** The caller's own tag on the work ('' when none). */
  workTag: string;
  score: number | null;
  teacherComment: string | null;
  /** Row ability: the caller may grade this work (its author is in their scope; 批改 also asks for work:correct). */
  canGrade: boolean;
  /** Row ability: the caller may delete this work (their own, or staff: an author in their scope). */
  canDelete: boolean;
}

/** A work as queryById answers it: the stored work (no tags, no grade). */
export interface WorkRecord {
  id: string;
  userId: string;
  workName: string;
  workType: string;
  workStatus: number;
}

/** The grade of a work (teaching_work_correct): at most one per work. */
export interface WorkGrade {
  id: string;
  workId: string;
  score: number | null;
  comment: string | null;
}

/** An earlier state of a work (历史版本), newest first. */
export interface WorkVersion {
  id: string;
  versionNo: number;
  workName: string;
  workStatus: string;
  workStatus_dictText?: string;
  createTime: string;
  workFileKey_url: string | null;
}

/** What a save or hand-in of a work sends (the editors and 提交作业); `workFile`, `workCover`: sys_file ids. */
export interface WorkSubmission {
  id?: string | null;
  courseId?: string | null;
  additionalId?: string | null;
  departId?: string | null;
  workName: string;
  workType: string | number;
  /** 0 保存, 1 提交. */
  workStatus?: number;
  workFile: string;
  workCover?: string | null;
  workScene?: string | null;
  hasCloudData?: boolean | number | string | null;
}

export const workApi = {
  /** 作业管理: the works of the members of the classes the caller manages (admins: all); the list's filters. */
  list: GET<Page<WorkRow>>('/teaching/teachingWork/list'),
  /** The caller's own works (the list's filters, at most 999 a page). */
  mine: GET<Page<WorkRow>>('/teaching/teachingWork/mine'),
  queryById: GET<WorkRecord, { id: string }>('/teaching/teachingWork/queryById'),
  /** The work's grade rows (none, or one). */
  grades: GET<WorkGrade[], { id: string }>('/teaching/teachingWork/queryTeachingWorkCorrectByMainId'),
  /** 批改: the work's name and status, and its grade. */
  edit: PUT_OR_POST<null>('/teaching/teachingWork/edit'),
  delete: DELETE<null, never, { id: string }>('/teaching/teachingWork/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/teaching/teachingWork/deleteBatch'),
  exportXls: GET<never>('/teaching/teachingWork/exportXls'),
  /** The export's columns read back: works whose files are already stored, for authors in the caller's scope. */
  importExcel: POST<{ msg?: string }, FormData>('/teaching/teachingWork/importExcel'),
  /** Saves or hands in the caller's work (updated in place when it exists); answers the stored work. */
  submit: POST<WorkRecord, WorkSubmission>('/teaching/teachingWork/submit'),
  /** The anchor's add: the caller's own save as submit, never of a work named by id; grade and comment lists are not taken. */
  add: POST<WorkRecord, Omit<WorkSubmission, 'id'>>('/teaching/teachingWork/add'),
  /** 克隆至其他账号: a copy of the work for each user (in the caller's scope). */
  send: POST<null, { sendWorkId: string; userIdList: string[] }>('/teaching/teachingWork/sendWork'),
};

/** The caller's private tags on works (标签). */
export const workTagApi = {
  /** The caller's tags (names). */
  tags: GET<string[]>('/teaching/teachingWork/getWorkTags'),
  /** Tags a work (an empty or absent tag clears it). A writing GET of the anchor's contract. */
  set: GET<null, { workId: string; workTag: string }>('/teaching/teachingWork/setWorkTag'),
  /** Deletes a tag from the catalogue; refused while works carry it unless `force`. */
  delete: DELETE<null, never, { tag: string; force: 'true' | 'false' }>('/teaching/teachingWork/delWorkTag'),
};

/** 历史版本: a work's earlier states, and restoring one (the current state becomes a version first). */
export const workVersionApi = {
  list: GET<WorkVersion[], { workId: string }>('/teaching/teachingWork/versions'),
  restore: POST<WorkRecord, { workId: string; versionId: string }>('/teaching/teachingWork/restoreVersion'),
};
