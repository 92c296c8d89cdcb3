// /teaching/teachingScratchAssets (Scratch素材库): the endpoints of the asset screen (the list, its dialog, and
// the library's own checked upload of an asset file).
import type { Page, Saved } from './shapes.js';
import { DELETE, GET, POST, PUT_OR_POST } from './endpoint.js';

/** A stored asset file: its key (`<md5>.<ext>`, also in the envelope's `message`) and what was read from it. */
export interface StoredAssetFile {
  key: string;
  md5ext: string;
  assetId: string;
  url: string | null;
}

export const scratchAssetApi = {
  list: GET<Page<Record<string, unknown>>>('/teaching/teachingScratchAssets/list'),
  add: POST<Saved<{ id?: string }>>('/teaching/teachingScratchAssets/add'),
  edit: PUT_OR_POST<Saved>('/teaching/teachingScratchAssets/edit'),
  queryById: GET<Record<string, unknown>, { id: string }>('/teaching/teachingScratchAssets/queryById'),
  delete: DELETE<null, never, { id: string }>('/teaching/teachingScratchAssets/delete'),
  deleteBatch: DELETE<null, never, { ids: string }>('/teaching/teachingScratchAssets/deleteBatch'),
  /** One file (multipart `file`): checked (image or sound), stored by content. */
  upload: POST<StoredAssetFile, FormData>('/teaching/teachingScratchAssets/upload'),
  /** The list's columns with the stored files (素材文件) and tag values (标签值), which importExcel reads back. */
  exportXls: GET<never>('/teaching/teachingScratchAssets/exportXls'),
  importExcel: POST<{ msg?: string }, FormData>('/teaching/teachingScratchAssets/importExcel'),
};
