// 网站配置 (/sys/sysConfig): the site configuration as one grouped form. Users holding `config:save` (only
// admins in the seed) save it; others who have the menu see it read-only. Images are uploaded through
// POST /sys/common/upload and stored as file keys. After a save the page layer's cached site config is
// dropped, so the brand name, title and footer change on the next page (this process at once).
import type { FieldRule } from '../../resources/fields.js';
import { siteConfigFields } from '../../resources/site-config.js';
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { configApi, type RegisterOptions } from '../../contracts/config.js';
import { canUse } from '../../resources/auth.js';
import { Alert, Button, cx, inputClass } from '../../../templates/antd.js';
import { invalidateSiteConfig, type PageEnv, type PageSession } from '../context.js';
import { isHtmx } from '../list-page.js';
import { setFlash, takeFlash } from '../flash.js';
import { requireSession, shellPage } from '../shell-page.js';

const CONFIG_ROUTE = '/sys/sysConfig';
const TITLE = '网站配置';
const UPLOAD_BIZ = 'sysconfig';

type Kind = 'text' | 'textarea' | 'html' | 'image' | 'images' | 'switch' | 'select' | 'color' | 'code';

interface ConfigField {
  key: string;
  label: string;
  kind: Kind;
  help?: string;
  maxLength?: number;
  required?: boolean;
  /** Fixed choices of a select; role and class choices come from the API. */
  options?: { value: string; text: string }[];
  /** Only administrators may change it (the API checks too). */
  adminOnly?: boolean;
}

interface ConfigGroup {
  title: string;
  fields: ConfigField[];
}

const HTML_HELP = '可使用 HTML；保存时会去掉脚本、事件属性等不安全的内容';

const CODE_RISK =
  '仅管理员可以修改。这里的代码会原样加入网站页面，在每一位访客（学生、家长、老师和管理员）的浏览器里运行：' +
  '写错的代码会让页面无法使用，恶意代码可以冒用登录身份、窃取数据或篡改页面。只粘贴您完全理解并信任其来源的代码（例如访问统计脚本）。';

/** A setting declared in resources/site-config.ts: its label, required mark and maxlength come from there. */
function declared(key: keyof typeof siteConfigFields.fields): Pick<ConfigField, 'key' | 'label' | 'required' | 'maxLength'> {
  const rule: FieldRule = siteConfigFields.rule(key);
  return { key, label: rule.label, ...(rule.required ? { required: true } : {}), ...(rule.max !== undefined ? { maxLength: rule.max } : {}) };
}

const CONFIG_GROUPS: ConfigGroup[] = [
  {
    title: '基本信息',
    fields: [
      { ...declared('brandName'), kind: 'text', help: '显示在页面标题、登录页和顶部栏，最多30个字符' },
      { ...declared('brandDesc'), kind: 'textarea', help: '显示在登录页和前台首页的品牌名下方（没有轮播图时）' },
      { key: 'logo', label: 'LOGO', kind: 'image', help: '顶部栏和前台页头的标志' },
      { key: 'logo2', label: '小LOGO', kind: 'image', help: '未登录访客在欢迎框中看到的头像' },
      { key: 'avatar', label: '默认头像', kind: 'image', help: '用户没有设置头像时显示' },
    ],
  },
  {
    title: '首页',
    fields: [
      { key: 'banner', label: '轮播图', kind: 'images', help: '前台首页、课程、发现和资讯页顶部的轮播图，多张用英文逗号分隔；上传的图片追加在后面' },
      { key: 'bannerLinks', label: '轮播图链接', kind: 'textarea', help: '每行一个链接，按顺序对应轮播图；以 http://、https:// 或 / 开头，空行表示不跳转' },
      { key: 'homeBgColor', label: '背景颜色', kind: 'color', help: '前台页面的背景颜色，格式 #rrggbb' },
      {
        key: 'homeBgRepeat',
        label: '背景重复方式',
        kind: 'select',
        options: [
          { value: 'no-repeat', text: '不重复' },
          { value: 'repeat', text: '平铺' },
          { value: 'repeat-x', text: '横向平铺' },
          { value: 'repeat-y', text: '纵向平铺' },
        ],
      },
      { key: 'file_homeBg', label: '背景图片', kind: 'image', help: '前台页面的背景图片，按“背景重复方式”铺在背景颜色之上' },
      { key: '_homeHtml', label: '前台首页文案', kind: 'html', help: HTML_HELP },
      { key: '_indexHtml', label: '后台首页文案', kind: 'html', help: HTML_HELP },
    ],
  },
  { title: '底部', fields: [{ key: 'footer', label: '底部文字', kind: 'html', help: `显示在每个页面的底部。${HTML_HELP}` }] },
  {
    title: '注册',
    fields: [
      { key: 'allowReg', label: '开放注册', kind: 'switch', help: '开放后访客可以在登录页自行注册账号' },
      { key: '_defaultRole', label: '默认注册角色', kind: 'select', help: '自行注册的用户获得的角色；只能选择不高于“学生”的角色' },
      { key: '_defaultDepart', label: '默认注册班级', kind: 'select', help: '自行注册的用户加入的班级' },
    ],
  },
  { title: '评论', fields: [{ key: 'allowComment', label: '开放作品评论', kind: 'switch', help: '开放后作品详情页显示评论框' }] },
  {
    title: '联系方式',
    fields: [
      { ...declared('_linkman'), kind: 'text' },
      { ...declared('_phone'), kind: 'text' },
      { ...declared('_address'), kind: 'text' },
    ],
  },
  { title: '分享页', fields: [{ key: '_workShareHtml', label: '作品分享页', kind: 'html', help: `显示在每个作品分享页的下方。${HTML_HELP}` }] },
  {
    title: '自定义代码',
    fields: [
      { key: 'customJS', label: '自定义JS', kind: 'code', adminOnly: true, help: CODE_RISK },
      { key: 'customCss', label: '自定义CSS', kind: 'code', adminOnly: true, help: '仅管理员可以修改；样式同样作用于每个页面，错误的样式可能让页面无法使用。' },
    ],
  },
];

const FIELDS = CONFIG_GROUPS.flatMap((g) => g.fields);

const fileUrl = (key: string) => (/^https?:\/\//i.test(key) ? key : `/api/sys/common/static/${key.split('/').map(encodeURIComponent).join('/')}`);

interface ViewProps {
  values: Record<string, string>;
  errors: Record<string, string>;
  message?: string;
  flash?: { type: 'success' | 'error' | 'warning'; text: string };
  canSave: boolean;
  isAdmin: boolean;
  choices: RegisterOptions;
}

function Control({ f, p, disabled }: { f: ConfigField; p: ViewProps; disabled: boolean }) {
  const id = `c-${f.key}`;
  const value = p.values[f.key] ?? '';
  const error = p.errors[f.key];
  const common = {
    id,
    name: f.key,
    disabled,
    ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}),
    ...(f.required ? { 'aria-required': 'true' } : {}),
  };
  switch (f.kind) {
    case 'textarea':
      return <textarea class={inputClass({ error: !!error, extra: 'xt-textarea' })} rows={3} maxlength={f.maxLength} {...common}>{value}</textarea>;
    case 'html':
      return <textarea class={inputClass({ error: !!error, extra: 'xt-textarea xt-code' })} rows={6} {...common}>{value}</textarea>;
    case 'code':
      return <textarea class={inputClass({ error: !!error, extra: 'xt-textarea xt-code' })} rows={6} spellcheck={false} {...common}>{value}</textarea>;
    case 'switch':
      return (
        <label class="xt-switch">
          <input type="checkbox" value="1" checked={value === '1'} {...common} />
          <span>开放</span>
        </label>
      );
    case 'select': {
      const options = f.options ?? (f.key === '_defaultRole' ? p.choices.roles : f.key === '_defaultDepart' ? p.choices.departs : []);
      const known = value === '' || options.some((o) => o.value === value);
      return (
        <select class={cx('xt-native-select', error && 'xt-select-error')} {...common}>
          <option value="">请选择</option>
          {!known && (
            <option value={value} selected>
              （已失效：{value}）
            </option>
          )}
          {options.map((o) => (
            <option value={o.value} selected={o.value === value}>
              {o.text}
            </option>
          ))}
        </select>
      );
    }
    case 'color':
      return (
        <span class="xt-color">
          <input class={inputClass({ error: !!error })} maxlength={7} placeholder="#rrggbb" value={value} {...common} />
          <span class="xt-color-swatch" style={/^#[0-9a-fA-F]{6}$/.test(value) ? `background:${value}` : undefined} aria-hidden="true" />
        </span>
      );
    case 'image':
    case 'images': {
      const keys = f.kind === 'images' ? value.split(',').map((s) => s.trim()).filter(Boolean) : value ? [value] : [];
      return (
        <div class="xt-image-field">
          {keys.length > 0 && (
            <div class="xt-image-previews">
              {keys.map((k) => (
                <img src={fileUrl(k)} alt={f.label} loading="lazy" />
              ))}
            </div>
          )}
          <input class={inputClass({ error: !!error })} value={value} placeholder={f.kind === 'images' ? '文件地址，多个用英文逗号分隔' : '文件地址或 https:// 链接'} {...common} />
          {!disabled && (
            <input
              class="xt-file-input"
              type="file"
              name={`${f.key}__file`}
              accept="image/png,image/jpeg,image/gif,image/webp"
              multiple={f.kind === 'images'}
              aria-label={`上传${f.label}`}
            />
          )}
        </div>
      );
    }
    default:
      return <input class={inputClass({ error: !!error })} value={value} maxlength={f.maxLength} {...common} />;
  }
}

function Field({ f, p }: { f: ConfigField; p: ViewProps }) {
  const error = p.errors[f.key] ?? p.errors[`${f.key}__file`];
  const disabled = !p.canSave || (!!f.adminOnly && !p.isAdmin);
  const help = f.help;
  return (
    <div class={cx('ant-form-item app ant-form-css-var ant-form-item-horizontal', error && 'ant-form-item-has-error ant-form-item-with-help')}>
      <div class="ant-row ant-form-item-row app">
        <div class="ant-col ant-col-5 ant-form-item-label app">
          <label for={`c-${f.key}`} class={f.required ? 'ant-form-item-required' : undefined} title={f.label}>
            {f.label}
          </label>
        </div>
        <div class="ant-col ant-col-16 ant-form-item-control app">
          <div class="ant-form-item-control-input">
            <div class="ant-form-item-control-input-content">
              <Control f={f} p={{ ...p, errors: { ...p.errors, [f.key]: error ?? '' } }} disabled={disabled} />
            </div>
          </div>
          {error && (
            <div class="ant-form-item-explain ant-form-item-explain-connected" role="alert">
              <div class="ant-form-item-explain-error" id={`c-${f.key}-error`}>
                {error}
              </div>
            </div>
          )}
          {help && <div class={cx('ant-form-item-extra', f.kind === 'code' && 'xt-risk')}>{help}</div>}
        </div>
      </div>
    </div>
  );
}

function ConfigView(p: ViewProps & { error?: string }): Child {
  return (
    <div class="xt-config">
      <link rel="stylesheet" href="/static/css/list.css" />
      <link rel="stylesheet" href="/static/css/config.css" />
      {p.flash && <Alert type={p.flash.type}>{p.flash.text}</Alert>}
      {p.error ? (
        <Alert type="warning">{p.error}</Alert>
      ) : (
        <form
          id="xt-config-form"
          class="ant-form ant-form-horizontal app ant-form-css-var xt-form"
          method="post"
          action={`${CONFIG_ROUTE}/save`}
          enctype="multipart/form-data"
          hx-post={`${CONFIG_ROUTE}/save`}
          hx-encoding="multipart/form-data"
          hx-target="#content"
          novalidate
        >
          {!p.canSave && <Alert type="info">您没有保存网站配置的权限，以下内容只能查看。</Alert>}
          {p.message && <Alert type="error">{p.message}</Alert>}
          {CONFIG_GROUPS.map((g) => (
            <section class="ant-card ant-card-bordered app xt-config-group" aria-labelledby={`g-${g.title}`}>
              <div class="ant-card-head">
                <div class="ant-card-head-wrapper">
                  <h2 class="ant-card-head-title" id={`g-${g.title}`}>
                    {g.title}
                  </h2>
                </div>
              </div>
              <div class="ant-card-body">
                {g.fields.map((f) => (
                  <Field f={f} p={p} />
                ))}
              </div>
            </section>
          ))}
          {p.canSave && (
            <div class="xt-config-actions">
              <Button type="primary" htmlType="submit">
                保存
              </Button>
            </div>
          )}
        </form>
      )}
    </div>
  );
}

async function loadChoices(c: Context<PageEnv>) {
  const res = await c.get('upstream').send(configApi.registerOptions);
  return res.body.success ? res.body.result : { roles: [], departs: [] };
}

const isAdmin = (session: PageSession) => session.user.abilities.adminSettings;

/** The submitted form as the API body: every editable field, switches as '0'/'1'. */
function formValues(form: Record<string, string | File | (string | File)[]>, p: { isAdmin: boolean }): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of FIELDS) {
    if (f.adminOnly && !p.isAdmin) continue;
    const raw = form[f.key];
    const v = Array.isArray(raw) ? raw[0] : raw;
    if (f.kind === 'switch') out[f.key] = v === '1' ? '1' : '0';
    else if (typeof v === 'string') out[f.key] = v;
  }
  return out;
}

export function registerConfigPages(app: Hono<PageEnv>) {
  app.get(CONFIG_ROUTE, (c) =>
    shellPage(c, { current: CONFIG_ROUTE, title: TITLE }, async (session) => {
      const up = c.get('upstream');
      const [res, choices] = await Promise.all([up.send(configApi.all), loadChoices(c)]);
      const values = res.body.success ? Object.fromEntries(res.body.result.map((r) => [r.configKey, r.configValue])) : {};
      return (
        <ConfigView
          values={values}
          errors={{}}
          flash={takeFlash(c)}
          canSave={canUse(session.permissions, 'config:save')}
          isAdmin={isAdmin(session)}
          choices={choices}
          error={res.body.success ? undefined : res.body.message}
        />
      );
    }),
  );

  app.post(`${CONFIG_ROUTE}/save`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | File | (string | File)[]>;
    const up = c.get('upstream');
    const session = await requireSession(c);
    if (session instanceof Response) return session;
    const admin = isAdmin(session);
    const values = formValues(form, { isAdmin: admin });
    const errors: Record<string, string> = {};

    // Uploads first: each chosen image becomes a file key in its field (banner: appended to the list).
    for (const f of FIELDS.filter((x) => x.kind === 'image' || x.kind === 'images')) {
      const files = ([] as (string | File)[]).concat(form[`${f.key}__file`] ?? []).filter((x): x is File => x instanceof File && x.size > 0);
      if (!files.length) continue;
      const keys: string[] = [];
      for (const file of files.slice(0, 10)) {
        const res = await up.upload(file, file.name || f.key, UPLOAD_BIZ);
        if (!res.body.success) {
          errors[f.key] = `${f.label}上传失败：${res.body.message}`;
          break;
        }
        keys.push(res.body.message);
      }
      if (errors[f.key]) continue;
      values[f.key] = f.kind === 'images' ? [...(values[f.key] ?? '').split(',').map((s) => s.trim()).filter(Boolean), ...keys].join(',') : keys[0];
    }

    const render = async (opts: { errors: Record<string, string>; message?: string }) => {
      const choices = await loadChoices(c);
      return shellPage(
        c,
        { current: CONFIG_ROUTE, title: TITLE },
        () => (
          <ConfigView
            values={{ ...values }}
            errors={opts.errors}
            message={opts.message}
            canSave={canUse(session.permissions, 'config:save')}
            isAdmin={admin}
            choices={choices}
          />
        ),
        isHtmx(c) ? 200 : 400,
      );
    };
    if (Object.keys(errors).length) return render({ errors, message: '部分图片上传失败，配置未保存' });

    const res = await up.send(configApi.save, { body: values });
    if (!res.body.success) {
      const fieldErrors = res.body.result?.errors ?? {};
      const placed = Object.keys(fieldErrors).every((k) => FIELDS.some((f) => f.key === k));
      return render({ errors: fieldErrors, message: Object.keys(fieldErrors).length && placed ? '请修改标出的内容后再保存' : res.body.message || '保存失败' });
    }
    // The shell caches the site config (SPEC §9): drop it so the new brand, title and footer show at once.
    invalidateSiteConfig();
    setFlash(c, { type: 'success', text: res.body.message || '修改成功' });
    // A full reload: the brand name also sits in the header and title outside the content area.
    if (isHtmx(c)) {
      c.header('HX-Redirect', CONFIG_ROUTE);
      return c.body(null, 200);
    }
    return c.redirect(CONFIG_ROUTE, 303);
  });
}

