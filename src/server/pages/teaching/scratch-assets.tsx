// Scratch素材库 (/scratch/assets): the declared list (type and name filters, preview of the image or sound,
// tags, creator) and its dialog: type, name, file(s), tags, and the library JSON the server computed from the
// files, shown read-only. Files go through the library's own checked upload (stored by content).
import type { Hono } from 'hono';
import { ASSET_TAGS, ASSETS_API, scratchAssetsList } from '../../lists/scratch-assets.js';
import type { FieldSpec, FormSpec } from '../../lists/spec.js';
import type { PageEnv } from '../context.js';
import { formToBody, registerListPage, type Uploader } from '../list-page.js';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const list = (v: unknown) => (Array.isArray(v) ? v.map(String) : str(v).split(',')).map((s) => s.trim()).filter(Boolean);

export const scratchAssetForm: FormSpec = {
  width: 860,
  fields: [
    { key: 'assetType', label: '素材类型', type: 'radio', dict: 'scratch_asset_type', required: true, defaultValue: '1' },
    { key: 'assetName', label: '素材名', type: 'text', required: true, maxLength: 100 },
    {
      key: 'md5Ext',
      label: '素材文件',
      type: 'upload',
      required: true,
      upload: { biz: 'scratchasset', multiple: true, accept: '.png,.jpg,.jpeg,.svg,.wav,.mp3,image/png,image/jpeg,image/svg+xml,audio/wav,audio/mpeg' },
      help: '背景、造型：一张 PNG、JPG 或 SVG 图片（PNG/JPG 不超过5MB，SVG 不超过1MB，不能含脚本）；声音：一个 WAV 或 MP3 文件（不超过10MB）；角色：若干造型图片和声音',
    },
    { key: 'tags', label: '标签', type: 'multiselect' },
    { key: 'assetData', label: '素材json数据', type: 'textarea' },
  ],
};

const TAG_GROUPS = [
  { label: '背景标签', tags: ASSET_TAGS[1] },
  { label: '声音标签', tags: ASSET_TAGS[2] },
  { label: '造型/角色标签', tags: ASSET_TAGS[3] },
];

function TagControl({ value, disabled }: { value: unknown; disabled: boolean }) {
  const chosen = new Set(list(value));
  return (
    <div class="xt-asset-tags" role="group" aria-labelledby="f-tags-label">
      {TAG_GROUPS.map((g) => (
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
  return up.call<unknown>('POST', `${ASSETS_API}/upload`, undefined, form);
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
    extra: () => <link rel="stylesheet" href="/static/css/scratch-assets.css" />,
    renderControl: (f, ctx) => {
      if (f.key === 'tags') return <TagControl value={ctx.value} disabled={ctx.disabled} />;
      if (f.key === 'assetData') return <JsonView value={ctx.mode === 'add' ? '' : ctx.value} />;
      return undefined;
    },
  });
}
