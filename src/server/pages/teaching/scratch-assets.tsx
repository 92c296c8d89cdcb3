// Scratch素材库 (/scratch/assets): the declared list (type and name filters, preview of the image or sound,
// tags, creator) and its dialog: type, name, file(s), tags, and the library JSON the server computed from the
// files, shown read-only. Files go through the library's own checked upload (stored by content).
import type { Hono } from 'hono';
import { categoryApi } from '../../contracts/categories.js';
import { scratchAssetApi } from '../../contracts/scratch-assets.js';
import { ASSET_TAG_GROUPS, ASSET_TAG_ROOT, scratchAssetForm, scratchAssetsList, type AssetTag } from '../../resources/scratch-assets.js';
import type { FieldSpec } from '../../resources/spec.js';
import type { PageEnv } from '../context.js';
import { formToBody, registerListPage, type Uploader } from '../list-page.js';
import type { Upstream } from '../../upstream/client.js';
import { str } from '../../shared/text.js';

const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : str(v).split(',')).map((s) => s.trim()).filter(Boolean);

interface TagGroup {
  label: string;
  tags: AssetTag[];
}

/** The tag groups of 分类字典 A03 素材库标签 (背景, 声音, 角色 — 造型 shares 角色's), in code order. */
async function loadTagGroups(up: Upstream): Promise<TagGroup[]> {
  const res = await up.send(categoryApi.loadTreeRoot, { query: { pcode: ASSET_TAG_ROOT } });
  if (!res.body.success) return [];
  const used = new Set(Object.values(ASSET_TAG_GROUPS));
  return res.body.result
    .filter((g) => used.has(g.code))
    .map((g) => ({
      label: g.code === ASSET_TAG_GROUPS[3] ? '造型/角色标签' : `${g.title}标签`,
      tags: (g.children ?? []).map((t) => ({ value: t.itemValue || t.code, label: t.title })),
    }));
}

function TagControl({ value, disabled, groups }: { value: unknown; disabled: boolean; groups: TagGroup[] }) {
  const chosen = new Set(list(value));
  return (
    <div class="xt-asset-tags" role="group" aria-labelledby="f-tags-label">
      {!groups.length && <p class="xt-muted">分类字典中没有素材库标签（A03）</p>}
      {groups.map((g) => (
        <fieldset class="xt-asset-tag-group">
          <legend>{g.label}</legend>
          <div class="ant-checkbox-group app ant-checkbox-css-var xt-checks">
            {g.tags.map((t) => (
              <label class="ant-checkbox-wrapper ant-checkbox-group-item app ant-checkbox-css-var">
                <span class="ant-checkbox">
                  <input class="ant-checkbox-input" type="checkbox" name="tags" value={t.value} checked={chosen.has(t.value)} disabled={disabled} />
                  <span class="ant-checkbox-inner" />
                </span>
                <span class="ant-checkbox-label">{t.label}</span>
              </label>
            ))}
          </div>
        </fieldset>
      ))}
      <p class="ant-form-item-extra">只选与素材类型对应的一组标签（造型和角色共用一组）</p>
    </div>
  );
}

function JsonView({ value }: { value: unknown }) {
  let text = str(value);
  try {
    if (text) text = JSON.stringify(JSON.parse(text), null, 2);
  } catch {
    // shown as stored
  }
  return text ? (
    <pre class="xt-asset-json" id="f-assetData" tabindex={0} aria-labelledby="f-assetData-label">
      {text}
    </pre>
  ) : (
    <p class="xt-muted" id="f-assetData">
      保存后由服务器根据上传的文件自动生成（旋转中心、分辨率、采样率、采样数等），无需填写
    </p>
  );
}

/** Files go to the library's own upload: checked, stored as <md5>.<ext>, answered with their key. */
const assetUploader: Uploader = (up, file) => {
  const form = new FormData();
  form.append('file', file, file.name || 'asset');
  return up.send(scratchAssetApi.upload, { body: form });
};

/** Backdrops, sounds and costumes hold one file: a newly chosen file replaces the kept one. */
function assetBody(form: Record<string, string | string[]>, fields: FieldSpec[]) {
  const body = formToBody(form, fields.filter((f) => f.key !== 'assetData'));
  const keys = list(body.md5Ext);
  if (['1', '2', '3'].includes(str(body.assetType)) && keys.length > 1) body.md5Ext = keys[keys.length - 1];
  return body;
}

export function registerScratchAssetPages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec: scratchAssetsList,
    form: scratchAssetForm,
    toBody: assetBody,
    uploader: assetUploader,
    prepareForm: async (c) => ({ tagGroups: await loadTagGroups(c.get('upstream')) }),
    extra: () => <link rel="stylesheet" href="/static/css/scratch-assets.css" />,
    renderControl: (f, ctx) => {
      if (f.key === 'tags') return <TagControl value={ctx.value} disabled={ctx.disabled} groups={(ctx.data.tagGroups as TagGroup[] | undefined) ?? []} />;
      if (f.key === 'assetData') return <JsonView value={ctx.mode === 'add' ? '' : ctx.value} />;
      return undefined;
    },
  });
}
