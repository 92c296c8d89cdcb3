// Add / edit / detail form of a list screen, rendered by the server: as an antd-styled dialog when opened
// with htmx, or as a page of its own without JavaScript. Field errors come from the API's validation.
import type { Child } from 'hono/jsx';
import type { FieldOption, FieldSpec } from '../../server/resources/spec.js';
import { DialogFrame } from './dialog-frame.js';
import { Alert, Button, cx, inputClass, LinkButton, Tag } from '../antd.js';
import { DictSelect } from '../dict-select.js';
import { CodeInput } from './code-field.js';
import { StarRating } from './star-rating.js';
import { str } from '../../server/shared/text.js';

/** What a custom control (FormViewProps.renderControl) gets to render one field. */
export interface ControlContext {
  value: unknown;
  error?: string;
  options: FieldOption[];
  disabled: boolean;
  mode: 'add' | 'edit' | 'detail';
  values: Record<string, unknown>;
}

export interface FormViewProps {
  title: string;
  width?: number;
  fields: FieldSpec[];
  values: Record<string, unknown>;
  errors: Record<string, string>;
  /** Form-level message (a refusal that is not about one field). */
  message?: string;
  options: Record<string, FieldOption[]>;
  /** POST target. */
  action: string;
  /** List URL to return to. */
  back: string;
  mode: 'add' | 'edit' | 'detail';
  hidden: Record<string, string>;
  asDialog: boolean;
  /** Extra content under the fields (e.g. a permission tree). */
  children?: Child;
  /** A screen's own control for a field (e.g. a user picker); undefined keeps the default control. */
  renderControl?: (f: FieldSpec, ctx: ControlContext) => Child | undefined;
  /** Prefix of the controls' ids (default `f-`), for a form shown on a page that also opens a dialog form. */
  idPrefix?: string;
  /** Shown as a right-hand drawer instead of a centred modal (with htmx). */
  variant?: 'modal' | 'drawer';
  /** Shown beside the form (e.g. the work being graded, playing); stacked above it on narrow screens. */
  aside?: Child;
}

const list = (v: unknown): string[] => (Array.isArray(v) ? v.map(String) : str(v).split(',').map((s) => s.trim()).filter(Boolean));

function Control({ f, value, error, options, disabled, idPrefix = 'f-' }: { f: FieldSpec; value: unknown; error?: string; options: FieldOption[]; disabled: boolean; idPrefix?: string }) {
  const id = `${idPrefix}${f.key}`;
  const common = {
    id,
    name: f.key,
    disabled,
    ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
    ...(f.required ? { 'aria-required': 'true' } : {}),
  };
  switch (f.type) {
    case 'textarea':
    case 'richtext':
      return (
        <textarea class={inputClass({ error: !!error, extra: 'xt-textarea' })} rows={f.type === 'richtext' ? 8 : 3} maxlength={f.maxLength} placeholder={f.placeholder} {...common}>
          {str(value)}
        </textarea>
      );
    case 'select':
      if (f.dict) {
        // A dictionary field: the shared dictionary select (请选择 first, SPEC §5).
        const { id: _id, name: _name, disabled: _disabled, ...attrs } = common;
        return (
          <DictSelect id={id} name={f.key} dictCode={f.dict} options={options.map((o) => ({ value: o.value, text: o.label }))} value={value} disabled={disabled} class={error ? 'xt-select-error' : undefined} attrs={attrs} />
        );
      }
      return (
        <select class={cx('xt-native-select', error && 'xt-select-error')} {...common}>
          <option value="">请选择</option>
          {options.map((o) => (
            <option value={o.value} selected={str(value) === o.value}>
              {o.label}
            </option>
          ))}
        </select>
      );
    case 'radio':
      return (
        <div role="radiogroup" aria-labelledby={`${id}-label`} class="ant-radio-group ant-radio-group-outline app ant-radio-css-var">
          {options.map((o) => (
            // The checked look comes from `:checked` in CSS (list.css), so it follows the user's clicks without script.
            <label class="ant-radio-wrapper app ant-radio-css-var">
              <span class="ant-radio">
                <input class="ant-radio-input" type="radio" name={f.key} value={o.value} checked={str(value) === o.value} disabled={disabled} />
                <span class="ant-radio-inner" />
              </span>
              <span class="ant-radio-label">{o.color ? <Tag color={o.color}>{o.label}</Tag> : o.label}</span>
            </label>
          ))}
        </div>
      );
    case 'multiselect': {
      const chosen = new Set(list(value));
      return (
        <div class="ant-checkbox-group app ant-checkbox-css-var xt-checks" role="group" aria-labelledby={`${id}-label`}>
          {options.length === 0 && <span class="xt-muted">无可选项</span>}
          {options.map((o) => (
            <label class="ant-checkbox-wrapper ant-checkbox-group-item app ant-checkbox-css-var">
              <span class="ant-checkbox">
                <input class="ant-checkbox-input" type="checkbox" name={f.key} value={o.value} checked={chosen.has(o.value)} disabled={disabled} />
                <span class="ant-checkbox-inner" />
              </span>
              <span class="ant-checkbox-label">{o.label}</span>
            </label>
          ))}
        </div>
      );
    }
    case 'upload':
      return <UploadControl f={f} value={value} disabled={disabled} id={id} />;
    case 'rate':
      return <StarRating name={f.key} id={id} value={value} required={f.required} disabled={disabled} error={!!error} labelledBy={`${id}-label`} describedBy={error ? `${id}-error` : undefined} />;
    case 'switch':
      return (
        <label class="xt-switch">
          <input type="checkbox" value="1" checked={str(value) === '1' || value === true} {...common} />
          <span>{f.placeholder ?? '是'}</span>
        </label>
      );
    default:
      if ((f.checkRule || f.fillRule) && f.type === 'text') {
        return (
          <CodeInput id={id} name={f.key} value={str(value)} label={f.label} maxLength={f.maxLength} placeholder={f.placeholder} checkRule={f.checkRule} fillRule={f.fillRule} required={f.required} disabled={disabled} error={!!error} />
        );
      }
      return (
        <input
          class={inputClass({ error: !!error })}
          type={f.type === 'password' ? 'password' : f.type === 'number' ? 'number' : f.type === 'date' ? 'date' : 'text'}
          value={f.type === 'password' ? '' : str(value)}
          maxlength={f.maxLength}
          placeholder={f.placeholder ?? (f.type === 'date' ? undefined : `请输入${f.label}`)}
          autocomplete={f.type === 'password' ? 'new-password' : 'off'}
          {...common}
        />
      );
  }
}

const staticUrl = (key: string) => (/^https?:\/\//i.test(key) ? key : `/api/sys/common/static/${key.split('/').map(encodeURIComponent).join('/')}`);
const IMAGE_KEY = /\.(png|jpe?g|gif|webp|svg)$/i;

/** Stored files as checked boxes (unchecking removes one on save) and a file input for new ones. */
function UploadControl({ f, value, disabled, id }: { f: FieldSpec; value: unknown; disabled: boolean; id: string }) {
  const keys = list(value);
  return (
    <div class="xt-upload">
      {keys.map((k) => (
        <label class="xt-upload-item">
          <input type="checkbox" name={f.key} value={k} checked disabled={disabled} />
          {IMAGE_KEY.test(k) ? <img src={staticUrl(k)} alt="" class="xt-upload-thumb" /> : null}
          <a href={staticUrl(k)} target="_blank" rel="noopener">
            {k.split('/').pop()}
          </a>
        </label>
      ))}
      {!disabled && (
        <input type="file" id={id} name={`${f.key}__file`} multiple={f.upload?.multiple} accept={f.upload?.accept} class="xt-upload-input" />
      )}
    </div>
  );
}

/** The labelled fields of a form (exported for screens that place a form inline, e.g. a detail tab). */
export function Fields(p: FormViewProps) {
  return (
    <>
      {p.fields
        .filter((f) => !(f.addOnly && p.mode !== 'add') && !(f.detailOnly && p.mode !== 'detail'))
        .map((f) => {
          const error = p.errors[f.key];
          const disabled = p.mode === 'detail' || (p.mode === 'edit' && !!f.readonlyOnEdit);
          const value = p.values[f.key] ?? (p.mode === 'add' ? f.defaultValue : undefined);
          const options = p.options[f.key] ?? [];
          const custom = p.renderControl?.(f, { value, error, options, disabled, mode: p.mode, values: p.values });
          return (
            <div class={cx('ant-form-item app ant-form-css-var ant-form-item-horizontal', error && 'ant-form-item-has-error ant-form-item-with-help')}>
              <div class="ant-row ant-form-item-row app">
                <div class="ant-col ant-col-5 ant-form-item-label app">
                  <label id={`${p.idPrefix ?? 'f-'}${f.key}-label`} for={`${p.idPrefix ?? 'f-'}${f.key}`} class={f.required ? 'ant-form-item-required' : undefined} title={f.label}>
                    {f.label}
                  </label>
                </div>
                <div class="ant-col ant-col-16 ant-form-item-control app">
                  <div class="ant-form-item-control-input">
                    <div class="ant-form-item-control-input-content">
                      {custom ?? <Control f={f} value={value} error={error} options={options} disabled={disabled} idPrefix={p.idPrefix} />}
                      {disabled && p.mode === 'edit' && <input type="hidden" name={f.key} value={str(p.values[f.key])} />}
                    </div>
                  </div>
                  {error ? (
                    <div class="ant-form-item-explain ant-form-item-explain-connected" role="alert">
                      <div class="ant-form-item-explain-error" id={`${p.idPrefix ?? 'f-'}${f.key}-error`}>
                        {error}
                      </div>
                    </div>
                  ) : (
                    f.help && <div class="ant-form-item-extra">{f.help}</div>
                  )}
                </div>
              </div>
            </div>
          );
        })}
    </>
  );
}

export function FormView(p: FormViewProps) {
  const formId = 'xt-dialog-form';
  const form = (
    <form
      id={formId}
      class="ant-form ant-form-horizontal app ant-form-css-var xt-form"
      method="post"
      action={p.action}
      hx-post={p.action}
      {...(p.fields.some((f) => f.type === 'upload') ? { enctype: 'multipart/form-data', 'hx-encoding': 'multipart/form-data' } : {})}
      hx-target={p.asDialog ? '#xt-modal' : '#content'}
      novalidate
    >
      {Object.entries(p.hidden).map(([k, v]) => (
        <input type="hidden" name={k} value={v} />
      ))}
      {p.message && <Alert type="error">{p.message}</Alert>}
      <Fields {...p} />
      {p.children}
    </form>
  );
  const body = p.aside ? (
    <div class="xt-form-split">
      <div class="xt-form-aside">{p.aside}</div>
      <div class="xt-form-main">{form}</div>
    </div>
  ) : (
    form
  );
  const footer = (
    <>
      <LinkButton href={p.back} hx-get={p.back} hx-target="#content" hx-push-url="true">
        关闭
      </LinkButton>
      {p.mode !== 'detail' && (
        <Button type="primary" htmlType="submit" form={formId}>
          确定
        </Button>
      )}
    </>
  );
  if (!p.asDialog) {
    return (
      <section class="ant-card ant-card-bordered app xt-form-page">
        <link rel="stylesheet" href="/static/css/list.css" />
        <div class="ant-card-head">
          <div class="ant-card-head-wrapper">
            <h2 class="ant-card-head-title">{p.title}</h2>
          </div>
        </div>
        <div class="ant-card-body">
          {body}
          <div class="xt-form-actions">{footer}</div>
        </div>
      </section>
    );
  }
  // The dialog frame is shared with the tree dialogs (role grants, menus): one antd modal markup.
  return (
    <DialogFrame title={p.title} back={p.back} asDialog width={p.width ?? 800} footer={footer} variant={p.variant}>
      {body}
    </DialogFrame>
  );
}
