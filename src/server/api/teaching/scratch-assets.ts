// /teaching/teachingScratchAssets: Scratch素材库. Files go up first (`upload`: checked, stored by content as
// internalapi/asset/<md5>.<ext>, described), then `add`/`edit` save the item naming those files; the server
// computes the library JSON (asset_data) from the files, whatever the client sends. `getScratchAssets` answers
// the editor the bare array of library items of one type. Files are served by the stored-file route
// (/api/sys/common/static/internalapi/asset/<md5>.<ext>); a file no item names any more is removed.
import type { Context } from 'hono';
import { limitOf } from '../../domain/limits.js';
import { z } from 'zod';
import type { ApiEnv } from '../../context.js';
import { scratchAssetApi } from '../../contracts/scratch-assets.js';
import type { TeachingScratchAssetsTable } from '../../db/schema.js';
import type { Selectable } from 'kysely';
import {
  AssetRejected,
  isImage,
  libraryItem,
  loadStoredAsset,
  MD5EXT_RE,
  md5extsOf,
  removeUnusedAssetFiles,
  storeAsset,
  type StoredAsset,
} from '../../domain/scratch-assets.js';
import { newId } from '../../domain/ids.js';
import { isSuperUser } from '../../domain/sessions.js';
import { now } from '../../domain/time.js';
import { DAILY_UPLOAD_BYTES, UPLOADS_PER_MINUTE, uploadedToday } from '../../domain/uploads.js';
import { ASSET_TAG_GROUPS, ASSET_TYPES, ASSETS_API, ASSETS_ROUTE, isAssetType, scratchAssetFields, scratchAssetsList, type AssetType } from '../../resources/scratch-assets.js';
import { categoryChoices } from '../../domain/categories.js';
import { hasPermission, LOGGED_IN, menu, perm, type ApiRoutes } from '../access.js';
import { type Answer, answer, fail, fieldFail, jsonBody, ok } from '../envelope.js';
import { exportResponse, importWorkbook } from '../excel.js';
import { filteredRows, idList, pagedList, type PagedListOptions } from '../list-query.js';
import type { ListSpec } from '../../resources/spec.js';

type Row = Selectable<TeachingScratchAssetsTable>;
const MAX_FILES = 40;
const NOT_FOUND = '未找到对应数据';
const NOT_YOURS = '只能修改或删除自己上传的素材';

const fileUrl = (md5ext: string) => `/api/sys/common/static/internalapi/asset/${md5ext}`;
const typeLabel = (t: number) => ASSET_TYPES.find((x) => x.value === t)?.label ?? '';

const fields = scratchAssetFields.fieldMap(['assetType', 'assetName', 'createTime'], 'a.');

const commaList = (label: string, max: number, itemMax: number) =>
  z
    .union([z.string(), z.array(z.string())], { message: `${label}格式不正确` })
    .nullish()
    .transform((v) => [...new Set((Array.isArray(v) ? v : (v ?? '').split(',')).map((s) => s.trim()).filter(Boolean))])
    .refine((v) => v.length <= max && v.every((s) => s.length <= itemMax), `${label}格式不正确`);

const assetBody = scratchAssetFields.schema(['assetName']).extend({
  // Kept by hand: the contract's wording; files and tags are lists (a comma list or an array).
  assetType: z.coerce
    .number({ message: `请选择${scratchAssetFields.rule('assetType').label}` })
    .int('素材类型只能是背景、声音、造型或角色')
    .refine((v) => isAssetType(v), '素材类型只能是背景、声音、造型或角色'),
  md5Ext: commaList('素材文件', MAX_FILES, 80)
    .refine((v) => v.length > 0, '请上传素材文件')
    .refine((v) => v.every((s) => MD5EXT_RE.test(s)), '素材文件格式不正确，请重新上传'),
  tags: commaList('标签', 20, 32),
  // The anchor's client sends its own JSON; the server computes it instead and ignores this.
  assetData: z.unknown().optional(),
});
type AssetBody = z.infer<typeof assetBody>;

/** Record shape: the entity camel-cased plus preview URLs and texts. */
function toRecord(r: Row): Record<string, unknown> {
  const files = md5extsOf(r.md5_ext);
  const preview = r.asset_type === 4 ? (files.find((f) => isImage(f.split('.')[1] as never)) ?? files[0]) : files[0];
  return {
    id: r.id,
    assetType: r.asset_type,
    assetName: r.asset_name,
    assetData: r.asset_data,
    md5Ext: r.md5_ext,
    md5Ext_url: files.map(fileUrl).join(','),
    tags: r.tags,
    tags_dictText: r.tags ?? '',
    preview: preview ? fileUrl(preview) : null,
    createBy: r.create_by,
    createTime: r.create_time,
    updateBy: r.update_by,
    updateTime: r.update_time,
    delFlag: r.del_flag,
  };
}

/** The tags each asset type may carry, from 分类字典 (A03 素材库标签), read per request. */
async function tagChoices(c: Context<ApiEnv>, type: AssetType) {
  return categoryChoices(c.get('deps').db, ASSET_TAG_GROUPS[type]);
}

/**
 * createBy_dictText = the creator's real name (the anchor's table dictionary on sys_user); tags_dictText = the
 * tags' names in 分类字典 (a tag no longer there shows as stored).
 */
async function withCreators(c: Context<ApiEnv>, records: Record<string, unknown>[]) {
  const names = [...new Set(records.map((r) => r.createBy).filter((v): v is string => typeof v === 'string' && v !== ''))];
  const users = names.length ? await c.get('deps').db.selectFrom('sys_user').select(['username', 'realname']).where('username', 'in', names).execute() : [];
  const real = new Map(users.map((u) => [u.username, u.realname || u.username]));
  const types = [...new Set(records.map((r) => Number(r.assetType)).filter(isAssetType))];
  const labels = new Map<number, Map<string, string>>();
  for (const type of types) labels.set(type, new Map((await tagChoices(c, type)).map((t) => [t.value, t.label])));
  return records.map((r) => {
    const own = labels.get(Number(r.assetType));
    const tags = String(r.tags ?? '').split(',').filter(Boolean);
    return { ...r, tags_dictText: tags.map((t) => own?.get(t) ?? t).join(','), createBy_dictText: real.get(String(r.createBy ?? '')) ?? r.createBy ?? '' };
  });
}

/** The files the body names, checked against the type; the field and message when something is wrong. */
async function checkAssetFiles(c: Context<ApiEnv>, b: AssetBody): Promise<{ files: StoredAsset[] } | { field: 'tags' | 'md5Ext'; message: string }> {
  const type = b.assetType as AssetType;
  const allowed = new Set((await tagChoices(c, type)).map((t) => t.value));
  const badTag = b.tags.find((t) => !allowed.has(t));
  if (badTag) return { field: 'tags', message: `标签“${badTag}”不是${typeLabel(type)}素材的标签` };
  const { storage } = c.get('deps');
  const files: StoredAsset[] = [];
  for (const name of b.md5Ext) {
    const f = await loadStoredAsset(storage, name);
    if (!f) return { field: 'md5Ext', message: '素材文件不存在，请重新上传' };
    files.push(f);
  }
  const images = files.filter((f) => isImage(f.ext));
  if (type === 1 || type === 3) {
    if (files.length !== 1 || images.length !== 1) return { field: 'md5Ext', message: `${typeLabel(type)}素材需要一张 PNG、JPG 或 SVG 图片` };
  } else if (type === 2) {
    if (files.length !== 1 || images.length !== 0) return { field: 'md5Ext', message: '声音素材需要一个 WAV 或 MP3 文件' };
  } else if (!images.length) {
    return { field: 'md5Ext', message: '角色至少需要一个造型图片' };
  }
  return { files };
}

async function checkAsset(c: Context<ApiEnv>, b: AssetBody): Promise<{ files: StoredAsset[] } | { response: Answer<never> }> {
  const checked = await checkAssetFiles(c, b);
  return 'files' in checked ? checked : { response: fieldFail(c, checked.field, checked.message) };
}

const columns = (b: AssetBody, files: StoredAsset[]) => ({
  asset_type: b.assetType,
  asset_name: b.assetName,
  asset_data: JSON.stringify(libraryItem(b.assetType as AssetType, b.assetName, b.tags, files)),
  md5_ext: files.map((f) => f.key).join(','),
  tags: b.tags.join(','),
});

export function registerScratchAssetRoutes(r: ApiRoutes) {
  r.at(scratchAssetApi.list, menu(ASSETS_ROUTE), async (c) => {
    const { db } = c.get('deps');
    return pagedList<Row>(c, {
      spec: scratchAssetsList,
      fields,
      base: db.selectFrom('teaching_scratch_assets as a').where('a.del_flag', '=', 0),
      select: (qb) => qb.selectAll('a'),
      toRecord,
      tieBreak: 'a.id',
      enrich: (records) => withCreators(c, records),
    });
  });

  r.at(scratchAssetApi.queryById, menu(ASSETS_ROUTE), async (c) => {
    const id = c.req.query('id') ?? '';
    const row = id && id.length <= 64 ? await c.get('deps').db.selectFrom('teaching_scratch_assets').selectAll().where('id', '=', id).where('del_flag', '=', 0).executeTakeFirst() : undefined;
    if (!row) return fail(c, NOT_FOUND);
    const [record] = await withCreators(c, [toRecord(row)]);
    return ok(c, { ...record, assetType_dictText: typeLabel(row.asset_type) }, '操作成功！', 200);
  });

  // The editor's libraries: a bare array of library items (not the envelope), for anyone logged in.
  r.get(`${ASSETS_API}/getScratchAssets`, LOGGED_IN, async (c) => {
    const type = Number(c.req.query('assetType'));
    if (!Number.isInteger(type) || !isAssetType(type)) return fail(c, '素材类型只能是1（背景）、2（声音）、3（造型）或4（角色）', 400, 400);
    const rows = await c.get('deps').db
      .selectFrom('teaching_scratch_assets')
      .select(['asset_data'])
      .where('asset_type', '=', type)
      .where('del_flag', '=', 0)
      .orderBy('asset_name')
      .orderBy('id')
      .limit(5000)
      .execute();
    const items: unknown[] = [];
    for (const row of rows) {
      try {
        items.push(JSON.parse(row.asset_data));
      } catch {
        // a row written by hand with broken JSON is left out rather than breaking the editor's library
      }
    }
    return c.json(items);
  });

  // One file: checked, stored by content, described. Answers its key in `message` (as the generic upload).
  r.at(scratchAssetApi.upload, menu(ASSETS_ROUTE), async (c) => {
    if (!(await hasPermission(c, 'assets:add')) && !(await hasPermission(c, 'assets:edit'))) return fail(c, '没有上传素材的权限', 403, 403);
    const type = c.req.header('Content-Type') ?? '';
    if (!type.toLowerCase().startsWith('multipart/form-data')) return fail(c, '请以 multipart/form-data 上传文件', 400, 400);
    const user = c.get('user')!;
    const { db, storage } = c.get('deps');
    if (!(await limitOf(c.get('deps'), 'scratch-asset-upload', UPLOADS_PER_MINUTE, 60).take(user.id))) return fail(c, '上传过于频繁，请稍后再试', 429);
    const usedToday = await uploadedToday(db, user.username);
    if (usedToday >= DAILY_UPLOAD_BYTES) return fail(c, `超出今日上传额度（每人每天${DAILY_UPLOAD_BYTES / 1024 / 1024}MB），请明天再试`, 429);
    let form: FormData;
    try {
      form = await c.req.raw.formData();
    } catch {
      return fail(c, '上传数据格式不正确', 400, 400);
    }
    const file = form.get('file');
    if (!file || typeof file === 'string') return fail(c, '请选择要上传的文件', 400, 400);
    if (usedToday + file.size > DAILY_UPLOAD_BYTES) return fail(c, `超出今日上传额度（每人每天${DAILY_UPLOAD_BYTES / 1024 / 1024}MB），请明天再试`, 429);
    try {
      const stored = await storeAsset(db, storage, { data: new Uint8Array(await file.arrayBuffer()), originalName: file.name || '', by: user.username });
      return answer(c, true, stored.key, 0, { key: stored.key, md5ext: stored.md5ext, assetId: stored.md5, url: fileUrl(stored.md5ext), ...stored.info });
    } catch (err) {
      if (err instanceof AssetRejected) return fail(c, err.message, 415, 415);
      throw err;
    }
  });

  r.at(scratchAssetApi.add, perm('assets:add'), async (c) => {
    const body = await jsonBody(c, assetBody);
    if (!body.ok) return body.response;
    const checked = await checkAsset(c, body.data);
    if ('response' in checked) return checked.response;
    const id = newId();
    await c.get('deps').db
      .insertInto('teaching_scratch_assets')
      .values({ id, ...columns(body.data, checked.files), del_flag: 0, create_by: c.get('user')!.username, create_time: now() })
      .execute();
    return ok(c, { id }, '添加成功！', 200);
  });

  r.at(scratchAssetApi.edit, perm('assets:edit'), async (c) => {
    const body = await jsonBody(c, assetBody.extend({ id: z.string({ message: 'id不能为空' }).min(1, 'id不能为空').max(64, 'id格式不正确') }));
    if (!body.ok) return body.response;
    const { db, storage } = c.get('deps');
    const user = c.get('user')!;
    const row = await db.selectFrom('teaching_scratch_assets').selectAll().where('id', '=', body.data.id).where('del_flag', '=', 0).executeTakeFirst();
    if (!row) return fail(c, NOT_FOUND);
    if (!isSuperUser(user) && row.create_by !== user.username) return fail(c, NOT_YOURS, 510, 403);
    const checked = await checkAsset(c, body.data);
    if ('response' in checked) return checked.response;
    await db
      .updateTable('teaching_scratch_assets')
      .set({ ...columns(body.data, checked.files), update_by: user.username, update_time: now() })
      .where('id', '=', row.id)
      .execute();
    await removeUnusedAssetFiles(db, storage, md5extsOf(row.md5_ext));
    return ok(c, null, '编辑成功!', 200);
  });

  const remove = async (c: Context<ApiEnv>, ids: string[]) => {
    if (!ids.length) return fail(c, '请选择要删除的素材');
    const { db, storage } = c.get('deps');
    const user = c.get('user')!;
    const rows = await db.selectFrom('teaching_scratch_assets').select(['id', 'md5_ext', 'create_by']).where('id', 'in', ids).execute();
    if (rows.length !== new Set(ids).size) return fail(c, NOT_FOUND);
    if (!isSuperUser(user) && rows.some((x) => x.create_by !== user.username)) return fail(c, NOT_YOURS, 510, 403);
    await db.deleteFrom('teaching_scratch_assets').where('id', 'in', ids).execute();
    await removeUnusedAssetFiles(db, storage, rows.flatMap((x) => md5extsOf(x.md5_ext)));
    return ok(c, null, '删除成功!', 200);
  };
  r.at(scratchAssetApi.delete, perm('assets:del'), (c) => remove(c, idList(c.req.query('id'), 1)));
  r.at(scratchAssetApi.deleteBatch, perm('assets:del'), (c) => remove(c, idList(c.req.query('ids'), 500)));

  // The anchor's export and import: the list's columns plus the stored files and tag values, so a sheet
  // exported here goes back in; an imported row names files already stored (uploaded) and is checked as 新增 is.
  const listOptions = (c: Context<ApiEnv>): PagedListOptions<Row> => ({
    spec: scratchAssetsList,
    fields,
    base: c.get('deps').db.selectFrom('teaching_scratch_assets as a').where('a.del_flag', '=', 0),
    select: (qb) => qb.selectAll('a'),
    toRecord,
    tieBreak: 'a.id',
  });
  r.at(scratchAssetApi.exportXls, menu(ASSETS_ROUTE), async (c) => {
    const records = await withCreators(c, await filteredRows(c, listOptions(c), 'a.id', 20_000));
    return exportResponse(c, ASSET_EXPORT, records);
  });
  r.at(scratchAssetApi.importExcel, perm('assets:add'), (c) =>
    importWorkbook(c, ASSET_EXPORT, ASSET_IMPORT_TITLES, assetImportRow, async (data) => {
      const checked = await checkAssetFiles(c, data);
      if (!('files' in checked)) return checked.message;
      await c.get('deps').db
        .insertInto('teaching_scratch_assets')
        .values({ id: newId(), ...columns(data, checked.files), del_flag: 0, create_by: c.get('user')!.username, create_time: now() })
        .execute();
      return null;
    }),
  );
}

const ASSET_EXPORT: ListSpec = {
  ...scratchAssetsList,
  columns: [...scratchAssetsList.columns, { key: 'md5Ext', title: '素材文件' }, { key: 'tags', title: '标签值' }],
};
const ASSET_IMPORT_TITLES = { 素材类型: 'assetType', 素材名: 'assetName', 素材文件: 'md5Ext', 标签值: 'tags' };
/** 素材类型 as its number or its name (the export writes the name). */
const assetImportRow = assetBody.extend({
  // A name that is no type reads as type 0, which the type's own check words.
  assetType: z.preprocess((v) => ASSET_TYPES.find((t) => t.label === v)?.value ?? (typeof v === 'string' && Number.isNaN(Number(v)) ? 0 : v), assetBody.shape.assetType),
});
