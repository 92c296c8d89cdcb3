// 网站配置 (/sys/sysConfig): read the site configuration rows, and save them (admins only, `config:save`).
// teaching-open upserted any key with any value; here only the known keys are accepted, each checked
// (brand name, colours, switches, file keys, links), HTML sanitised on save, and registration can only
// default to a role no higher than 学生 and to an existing class.
import { isDeclaredSetting, siteConfigFields } from '../../resources/site-config.js';
import type { Context } from 'hono';
import type { ApiEnv } from '../../context.js';
import { HTML_CONFIG_KEYS, PUBLIC_CONFIG_KEYS, siteConfigDefs, type ConfigDef } from '../../db/seed/site-config.js';
import { newId } from '../../domain/ids.js';
import { userAbilities } from '../../domain/abilities.js';
import { readConfig } from '../../domain/site-config.js';
import { configApi } from '../../contracts/config.js';
import { sanitizeRichHtml } from '../../shared/rich-text.js';
import { adminOnly, menu, PUBLIC, type ApiRoutes } from '../access.js';
import { fail, failWith, ok } from '../envelope.js';

const CONFIG_ROUTE = '/sys/sysConfig';

/** The keys the product knows, in the seed's order, with their labels (the allow-list of saveTenantConfig). */
const DEFS: ConfigDef[] = siteConfigDefs({ studentRoleId: '', defaultDepartId: '' });
const KNOWN = new Map(DEFS.map((d) => [d.key, d]));
const ORDER = new Map(DEFS.map((d, i) => [d.key, i]));
const HTML_KEYS = new Set<string>(HTML_CONFIG_KEYS);
const CODE_KEYS = new Set(['customJS', 'customCss']);
const IMAGE_KEYS = new Set(['logo', 'logo2', 'avatar', 'file_homeBg']);
const BG_REPEAT = ['no-repeat', 'repeat', 'repeat-x', 'repeat-y'] as const;

const MAX_HTML = 100_000;
const MAX_LIST = 20;

/** A stored file key (`<folder>/<name>.<ext>`, no `..`). Remote images are refused: the CSP would block them
 * (img-src 'self') and they would let another host track every visitor. */
const isFileRef = (v: string) => /^[A-Za-z0-9][A-Za-z0-9_\-./]*$/.test(v) && !v.includes('..');
/** A link a visitor may follow: http(s) or a path of this site (not `//host`). */
const isLink = (v: string) => /^https?:\/\/[^\s"'<>]+$/i.test(v) || (/^\/(?!\/)[^\s"'<>]*$/.test(v) && !v.startsWith('/\\'));

type Check = { value: string } | { error: string };

/** Format rules of one key (no database needed). */
function checkValue(key: string, raw: string): Check {
  const label = KNOWN.get(key)?.comment ?? key;
  const max = (n: number, v = raw): Check => (v.length > n ? { error: `${label}不能超过${n}个字符` } : { value: v });
  if (HTML_KEYS.has(key)) {
    if (raw.length > MAX_HTML) return { error: `${label}不能超过${MAX_HTML}个字符` };
    return { value: sanitizeRichHtml(raw) };
  }
  if (CODE_KEYS.has(key)) return max(MAX_HTML);
  if (isDeclaredSetting(key)) {
    const parsed = siteConfigFields.schema([key]).safeParse({ [key]: raw });
    return parsed.success ? { value: String((parsed.data as Record<string, unknown>)[key] ?? '') } : { error: parsed.error.issues[0].message };
  }
  if (IMAGE_KEYS.has(key)) {
    const v = raw.trim();
    if (v.length > 500) return { error: `${label}不能超过500个字符` };
    return v === '' || isFileRef(v) ? { value: v } : { error: `${label}不是有效的文件地址（请上传图片，不支持其他网站的图片）` };
  }
  switch (key) {
    case 'banner': {
      const keys = raw.split(',').map((s) => s.trim()).filter(Boolean);
      if (keys.length > MAX_LIST) return { error: `轮播图最多${MAX_LIST}张` };
      const bad = keys.find((k) => k.length > 500 || !isFileRef(k));
      return bad ? { error: `轮播图中有无效的文件地址（请上传图片，不支持其他网站的图片）：${bad.slice(0, 60)}` } : { value: keys.join(',') };
    }
    case 'bannerLinks': {
      const lines = raw.split(/\r?\n/).map((s) => s.trim());
      while (lines.length && lines[lines.length - 1] === '') lines.pop();
      if (lines.length > MAX_LIST) return { error: `轮播图链接最多${MAX_LIST}行` };
      const badAt = lines.findIndex((l) => l !== '' && (l.length > 500 || !isLink(l)));
      if (badAt >= 0) return { error: `轮播图链接第${badAt + 1}行不是有效的链接（应以 http://、https:// 或 / 开头）` };
      return { value: lines.join('\n') };
    }
    case 'homeBgColor': {
      const v = raw.trim();
      return v === '' || /^#[0-9a-fA-F]{6}$/.test(v) ? { value: v.toLowerCase() } : { error: '背景颜色的格式应为 #rrggbb，例如 #c6d9f0' };
    }
    case 'homeBgRepeat': {
      const v = raw.trim();
      return v === '' || (BG_REPEAT as readonly string[]).includes(v) ? { value: v } : { error: `背景重复方式只能是 ${BG_REPEAT.join('、')}` };
    }
    case 'allowReg':
    case 'allowComment':
      return raw === '0' || raw === '1' ? { value: raw } : { error: `${label}只能是0（关闭）或1（开放）` };
    case '_defaultRole':
    case '_defaultDepart': {
      const v = raw.trim();
      return v.length > 64 ? { error: `${label}不存在` } : { value: v };
    }
    default:
      return max(1000);
  }
}

const invalid = (c: Context, errors: Record<string, string>) => {
  const first = Object.values(errors)[0] ?? '参数错误';
  return failWith(c, first, 400, { errors }, 400);
};

/** The student role's level: registration must never grant a role above it. */
async function studentLevel(c: Context<ApiEnv>) {
  const row = await c.get('deps').db.selectFrom('sys_role').select('role_level').where('role_code', '=', 'student').executeTakeFirst();
  return row?.role_level ?? 0;
}

const BACK_OFFICE_HOME_KEY = '_indexHtml';

export function registerConfigAdminRoutes(r: ApiRoutes) {
  r.at(configApi.all, menu(CONFIG_ROUTE), async (c) => {
    const rows = await c.get('deps').db.selectFrom('sys_config').selectAll().execute();
    rows.sort((a, b) => (ORDER.get(a.config_key) ?? 999) - (ORDER.get(b.config_key) ?? 999) || a.config_key.localeCompare(b.config_key));
    return ok(
      c,
      rows.map((x) => ({ id: x.id, configKey: x.config_key, configValue: x.config_value, configEnabled: x.config_enabled, comment: x.comment })),
      '操作成功！',
      0,
    );
  });

  r.get('/sys/config/getAllConfigMap', menu(CONFIG_ROUTE), async (c) => ok(c, await readConfig(c.get('deps').db), '操作成功！', 0));

  // One public key's value (teaching-open HEAD); private keys answer as if absent. The back-office home text
  // (`_indexHtml`, which the anchor's dashboard home reads here) answers to anyone logged in, who all see that home.
  r.get('/sys/config/getConfig', PUBLIC, async (c) => {
    const key = c.req.query('key') ?? '';
    const readable = (PUBLIC_CONFIG_KEYS as readonly string[]).includes(key) || (key === BACK_OFFICE_HOME_KEY && c.get('user'));
    if (!readable) return fail(c, '未找到对应配置');
    const cfg = await readConfig(c.get('deps').db, [key]);
    return key in cfg ? ok(c, cfg[key], '成功', 200) : fail(c, '未找到对应配置');
  });

  // Choices of the 注册 group: roles not above 学生, and the classes.
  r.at(configApi.registerOptions, menu(CONFIG_ROUTE), async (c) => {
    const { db } = c.get('deps');
    const [roles, departs] = await Promise.all([
      db.selectFrom('sys_role').select(['id', 'role_name', 'role_code']).where('role_level', '<=', await studentLevel(c)).orderBy('role_name').execute(),
      db
        .selectFrom('sys_depart')
        .select(['id', 'depart_name', 'org_code'])
        .where('org_category', '=', '3')
        .where('del_flag', '=', '0')
        .orderBy('org_code')
        .limit(2000)
        .execute(),
    ]);
    return ok(
      c,
      {
        roles: roles.map((x) => ({ value: x.id, text: `${x.role_name}（${x.role_code}）` })),
        departs: departs.map((x) => ({ value: x.id, text: x.depart_name })),
      },
      '操作成功！',
      0,
    );
  });

  r.at(configApi.save, adminOnly('config:save'), async (c) => {
    let raw: unknown;
    try {
      const text = await c.req.text();
      if (text.length > 1_000_000) return fail(c, '请求数据过大', 413, 413);
      raw = JSON.parse(text);
    } catch {
      return fail(c, '请求数据不是有效的JSON', 400, 400);
    }
    if (!raw || typeof raw !== 'object' || Array.isArray(raw)) return fail(c, '请求数据必须是“配置项: 值”的对象', 400, 400);
    const entries = Object.entries(raw as Record<string, unknown>);
    if (!entries.length) return fail(c, '没有要保存的配置', 400, 400);

    const errors: Record<string, string> = {};
    const values = new Map<string, string>();
    for (const [key, v] of entries) {
      if (!KNOWN.has(key)) {
        errors[key] = `未知的配置项：${key.slice(0, 60)}`;
        continue;
      }
      const text = typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'boolean' ? (v ? '1' : '0') : v === null ? '' : undefined;
      if (text === undefined) {
        errors[key] = `${KNOWN.get(key)!.comment}必须是文本`;
        continue;
      }
      const checked = checkValue(key, text);
      if ('error' in checked) errors[key] = checked.error;
      else values.set(key, checked.value);
    }
    if (Object.keys(errors).length) return invalid(c, errors);

    const { db } = c.get('deps');
    const user = c.get('user')!;
    const current = await readConfig(db);
    // Custom code runs in every visitor's browser: only an administrator may change it (the route is admin-only too; a second lock).
    for (const key of CODE_KEYS) {
      if (values.has(key) && values.get(key) !== (current[key] ?? '') && !userAbilities(user).adminSettings) errors[key] = '只有管理员可以修改自定义代码';
    }
    const role = values.get('_defaultRole');
    if (role) {
      const row = await db.selectFrom('sys_role').select(['role_level']).where('id', '=', role).executeTakeFirst();
      if (!row) errors._defaultRole = '默认注册角色不存在';
      else if (row.role_level > (await studentLevel(c))) errors._defaultRole = '默认注册角色的等级不能高于学生（自行注册不能获得教职工角色）';
    }
    const depart = values.get('_defaultDepart');
    if (depart) {
      const row = await db.selectFrom('sys_depart').select(['org_category']).where('id', '=', depart).where('del_flag', '=', '0').executeTakeFirst();
      if (!row || row.org_category !== '3') errors._defaultDepart = '默认注册班级必须是一个已有的班级';
    }
    const allowReg = values.get('allowReg') ?? current.allowReg;
    const regRole = values.has('_defaultRole') ? values.get('_defaultRole') : current._defaultRole;
    if (allowReg === '1' && !regRole) errors[values.has('_defaultRole') ? '_defaultRole' : 'allowReg'] = '开放注册时必须选择默认注册角色';
    if (Object.keys(errors).length) return invalid(c, errors);

    await db.transaction().execute(async (tx) => {
      for (const [key, value] of values) {
        const res = await tx.updateTable('sys_config').set({ config_value: value, config_enabled: 1 }).where('config_key', '=', key).executeTakeFirst();
        if (!Number(res.numUpdatedRows)) {
          await tx.insertInto('sys_config').values({ id: newId(), config_key: key, config_value: value, config_enabled: 1, comment: KNOWN.get(key)!.comment }).execute();
        }
      }
    });
    return ok(c, null, '修改成功', 200);
  });
}
