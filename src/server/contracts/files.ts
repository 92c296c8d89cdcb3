// 文件管理 (/system/sysFile) and OSS文件 (/oss/file): the stored files (sys_file) — lists, export, delete (refused
// while a record uses the file), the files on disk no row registers, and upload.
import type { Page } from './shapes.js';
import { DELETE, GET, POST } from './endpoint.js';


/** A stored file as the lists answer it: with its kind, folder and address in words. */
export interface FileRecord extends Record<string, unknown> {
  id: string;
  fileName: string;
  filePath: string;
  fileSize: number;
  fileTag: string | null;
  fileLocation: number;
  kindText: string;
  folderText: string;
  /** Null only for a row without a storage key. */
  url: string | null;
  createBy: string | null;
  createTime: string | null;
}

/** 文件管理's files also say where they are used. */
export interface FileRecordWithUsages extends FileRecord {
  usages: FileUsage[];
  usageText: string;
}

/** A file in the files directory that no row registers. */
export interface UnregisteredFile {
  filePath: string;
  fileSize: number;
  modified: string;
}

export const fileApi = {
  /** `scope`: all, or orphan (no record uses the file). */
  list: GET<Page<FileRecordWithUsages>>('/system/sysFile/list'),
  queryById: GET<FileRecordWithUsages, { id: string }>('/system/sysFile/queryById'),
  delete: DELETE<null, never, { id: string }>('/system/sysFile/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/system/sysFile/deleteBatch'),
  exportXls: GET<never>('/system/sysFile/exportXls'),
  /** Deletes a file by its storage path (registered or not), unless a record uses it. */
  deleteByPath: DELETE<null, never, { filePath: string }>('/system/sysFile/deleteByPath'),
  unregistered: GET<UnregisteredFile[]>('/system/sysFile/unregistered'),
};

export const ossFileApi = {
  list: GET<Page<FileRecord>>('/oss/file/list'),
  queryById: GET<FileRecordWithUsages, { id: string }>('/oss/file/queryById'),
  delete: DELETE<null, never, { id: string }>('/oss/file/delete'),
  /** The storage folders that hold files, for the 存储目录 filter. */
  folders: GET<{ value: string; label: string }[]>('/oss/file/folders'),
  /** Uploads one file (multipart `file`) into the 通用 folder, checked by its content; answers the stored file. */
  upload: POST<FileRecord, FormData>('/oss/file/upload'),
};

export interface FileUsage {
  /** What kind of record uses the file. */
  kind: 'work' | 'workVersion' | 'course' | 'unit' | 'additional' | 'avatar' | 'asset' | 'config' | 'announcement' | 'news';
  /** The kind in words (作品, 课程…). */
  label: string;
  recordId: string;
  /** The record's name as people know it (a work's title, a user's name…). */
  recordName: string;
  /** Which of its fields (封面, 作品文件…). */
  field: string;
}
