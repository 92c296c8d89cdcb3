// 用户管理 (/isystem/user): the declared list and form, plus what the generic list page does not know:
// 详情 (read-only form with the user's roles and classes), 密码 (the administrator's reset dialog), 冻结 / 解冻
// (row and bulk, confirmed), the 回收站 page (还原 / 彻底删除), and the import report that shows generated
// initial passwords once. Data goes through the upstream client only; the API checks every code again.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { canUse } from '../../lists/auth.js';
import type { FieldSpec } from '../../lists/spec.js';
import { hrefWith } from '../../lists/url-state.js';
import { passwordForm, userForm, usersList } from '../../lists/users.js';
import { Alert, buttonClass, cx, inputClass, LinkButton, Tag } from '../../../templates/antd.js';
import { ConfirmView, FormView, type ControlContext } from '../../../templates/list/form-view.js';
import { navAttrs } from '../../../templates/list/list-view.js';
import type { Upstream } from '../../upstream/client.js';
import type { PageEnv } from '../context.js';
import { backToList, fieldOptions, registerListPage, setFlash, takeFlash, wantsDialog } from '../list-page.js';
import { requirePage, shellPage } from '../shell-page.js';
import { safeLocalPath } from '../safe-path.js';

const spec = usersList;
const route = spec.route;
const RECYCLE = `${route}/recycleBin`;

/** The anchor's button code of the user form's department fields; only administrators hold it (ADMIN_ONLY_CODES). */
const MANAGED_CODE = 'sys:user:depart';

const str = (v: unknown) => (v === null || v === undefined ? '' : String(v));
const ids = (v: unknown): string[] => [...new Set((Array.isArray(v) ? v.map(String) : str(v).split(',')).map((s) => s.trim()).filter(Boolean))];
const safeBack = (back: unknown) => safeLocalPath(back, route, route);
const first = (v: string | string[] | File | (string | File)[] | undefined) => str(Array.isArray(v) ? v[0] : v);

type Answer<T> = { status: number; body: { success: boolean; message: string; code: number; result: T } };
const expired = (res: Answer<unknown>) => res.status === 500 && res.body.message?.startsWith('Token失效');

/** Edit and detail values beyond the record: the user's role ids and member departments. */
async function loadValues(up: Upstream, id: string, record: Record<string, unknown>) {
  const [roles, departs] = await Promise.all([
    up.call<string[]>('GET', '/sys/user/queryUserRole', { userid: id }),
    up.call<{ value: string }[]>('GET', '/sys/user/userDepartList', { userId: id }),
  ]);
  return {
    selectedroles: roles.body.success && Array.isArray(roles.body.result) ? roles.body.result.join(',') : '',
    selecteddeparts: departs.body.success && Array.isArray(departs.body.result) ? departs.body.result.map((d) => d.value).join(',') : '',
    departIds: str(record.departIds),
  };
}

// ---------------------------------------------------------------------------------------------------------
// Department pickers: a school system can hold thousands of classes, so the form shows the chosen ones and
// the first matches of a search (server-side, htmx), not every department as a checkbox.

const PICKER_SIZE = 40;
const PICKER_FIELDS = ['selecteddeparts', 'departIds'] as const;
type PickerField = (typeof PICKER_FIELDS)[number];

interface DepartOption {
  id: string;
  title: string;
  orgCode: string;
}

async function departOptions(up: Upstream, params: { keyword?: string; ids?: string[]; pageSize?: number }): Promise<DepartOption[]> {
  const res = await up.call<DepartOption[]>('GET', '/sys/user/departOptions', {
    keyword: params.keyword || undefined,
    ids: params.ids?.length ? params.ids.join(',') : undefined,
    pageSize: params.pageSize,
  });
  return res.body.success && Array.isArray(res.body.result) ? res.body.result : [];
}

/** The chosen departments' names and the first options, for both pickers of the form. */
async function pickerData(up: Upstream, values: Record<string, unknown>) {
  const chosenIds = [...new Set(PICKER_FIELDS.flatMap((f) => ids(values[f])))];
  const [chosen, first] = await Promise.all([chosenIds.length ? departOptions(up, { ids: chosenIds }) : Promise.resolve([]), departOptions(up, { pageSize: PICKER_SIZE + 1 })]);
  return { departChosen: chosen, departFirst: first };
}

function PickerList({ field, selected, chosen, found, keyword }: { field: PickerField; selected: string[]; chosen: DepartOption[]; found: DepartOption[]; keyword: string }) {
  const picked = new Set(selected);
  const named = chosen.filter((d) => picked.has(d.id));
  const shownIds = new Set(named.map((d) => d.id));
  const others = found.filter((d) => !shownIds.has(d.id)).slice(0, PICKER_SIZE);
  const more = found.filter((d) => !shownIds.has(d.id)).length > PICKER_SIZE;
  const item = (d: DepartOption, checked: boolean) => (
    <label class={cx('ant-checkbox-wrapper ant-checkbox-group-item app ant-checkbox-css-var', checked && 'ant-checkbox-wrapper-checked')} title={d.orgCode}>
      <span class={cx('ant-checkbox', checked && 'ant-checkbox-checked')}>
        <input class="ant-checkbox-input" type="checkbox" name={field} value={d.id} checked={checked} />
        <span class="ant-checkbox-inner" />
      </span>
      <span class="ant-checkbox-label">{d.title}</span>
    </label>
  );
  return (
    <div id={`xt-picker-${field}`} class="xt-picker-list">
      <div class="xt-checks xt-picker-checks">
        {named.map((d) => item(d, true))}
        {others.map((d) => item(d, false))}
        {named.length + others.length === 0 && <span class="xt-muted">{keyword ? `没有找到“${keyword}”` : '无可选项'}</span>}
      </div>
      {more && <div class="xt-muted xt-picker-more">还有更多，请输入名称搜索</div>}
      {/* Chosen departments the caller cannot see by name stay chosen. */}
      {selected
        .filter((id) => !shownIds.has(id))
        .map((id) => (
          <input type="hidden" name={field} value={id} />
        ))}
    </div>
  );
}

function DepartPicker({ field, ctx, chosen, first }: { field: PickerField; ctx: ControlContext; chosen: DepartOption[]; first: DepartOption[] }) {
  const selected = ids(ctx.value);
  if (ctx.mode === 'detail') {
    const names = chosen.filter((d) => selected.includes(d.id)).map((d) => d.title);
    return <span class="xt-static">{names.join('、') || '—'}</span>;
  }
  return (
    <div class={cx('xt-depart-picker', ctx.error && 'xt-depart-picker-error')} id={`f-${field}`}>
      <style>{STYLE}</style>
      <input
        type="search"
        class={inputClass({ extra: 'xt-picker-search' })}
        name={`kw_${field}`}
        form="xt-depart-search"
        placeholder="输入学校、年级或班级名称筛选"
        aria-label="筛选班级"
        autocomplete="off"
        hx-post={`${route}/depart-picker`}
        hx-trigger="input changed delay:300ms, search"
        hx-target={`#xt-picker-${field}`}
        hx-swap="outerHTML"
        hx-include={`#xt-picker-${field}`}
        hx-vals={JSON.stringify({ field })}
      />
      <PickerList field={field} selected={selected} chosen={chosen} found={first} keyword="" />
    </div>
  );
}

function renderControl(f: FieldSpec, ctx: ControlContext & { data: Record<string, unknown> }): Child | undefined {
  if ((PICKER_FIELDS as readonly string[]).includes(f.key)) {
    const chosen = (ctx.data.departChosen as DepartOption[]) ?? [];
    const first = (ctx.data.departFirst as DepartOption[]) ?? [];
    // 负责班级 is set by administrators only (the API refuses anyone else): others see it read-only and send it back as it is.
    if (f.key === 'departIds' && ctx.mode !== 'detail' && !ctx.data.setsManaged) {
      return (
        <>
          <DepartPicker field="departIds" ctx={{ ...ctx, mode: 'detail' }} chosen={chosen} first={first} />
          {ids(ctx.value).map((id) => (
            <input type="hidden" name="departIds" value={id} />
          ))}
        </>
      );
    }
    return <DepartPicker field={f.key as PickerField} ctx={ctx} chosen={chosen} first={first} />;
  }
  return undefined;
}

/** A dialog (htmx into #xt-modal) or, without JavaScript, a page of the shell. */
async function dialogOrPage(c: Context<PageEnv>, view: () => Promise<Child> | Child) {
  if (wantsDialog(c)) {
    const session = await requirePage(c, route);
    if (session instanceof Response) return session;
    return c.html(String(await view()));
  }
  return shellPage(c, { current: route, title: spec.title }, view);
}

const STYLE = `
.xt-depart-picker { border: 1px solid #d9d9d9; border-radius: 6px; padding: 8px; }
.xt-depart-picker-error { border-color: #ff4d4f; }
.xt-picker-list { max-height: 200px; overflow: auto; margin-top: 6px; }
.xt-picker-more { color: rgba(0,0,0,.45); font-size: 12px; margin: 2px 0; }
.xt-picker-checks { display: flex; flex-direction: column; gap: 4px; }
.xt-static { display: inline-block; padding-top: 5px; }
.xt-desc { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: 6px 12px; margin: 0 0 16px; padding: 12px 16px; background: #fafafa; border-radius: 6px; }
.xt-desc dt { color: rgba(0,0,0,.45); }
.xt-desc dd { margin: 0; word-break: break-all; }
.xt-confirm-text { margin: 4px 0 8px; font-size: 14px; }
.xt-report h3 { font-size: 15px; margin: 16px 0 8px; }
.xt-report table, .xt-bin table { width: 100%; border-collapse: collapse; }
.xt-report th, .xt-report td, .xt-bin th, .xt-bin td { border: 1px solid #f0f0f0; padding: 8px 12px; text-align: left; }
.xt-report th, .xt-bin th { background: #fafafa; font-weight: 600; }
.xt-report code { font-size: 14px; letter-spacing: 1px; }
.xt-bin-head { display: flex; align-items: center; justify-content: space-between; margin-bottom: 12px; gap: 8px; flex-wrap: wrap; }
.xt-bin-head h2 { font-size: 16px; margin: 0; }
.xt-bin-tools { display: flex; gap: 8px; }
.xt-bin .xt-index { width: 48px; text-align: center; }
`;

/** 用户信息 shown above a read-only form: what the form's fields do not show. */
function Description({ r }: { r: Record<string, unknown> }) {
  return (
    <dl class="xt-desc">
      <style>{STYLE}</style>
      <dt>状态</dt>
      <dd>
        <Tag color={str(r.status) === '2' ? 'red' : 'green'}>{str(r.status_dictText) || (str(r.status) === '2' ? '冻结' : '正常')}</Tag>
      </dd>
      <dt>角色</dt>
      <dd>{str(r.roleTxt) || '—'}</dd>
      <dt>所属班级</dt>
      <dd>{str(r.orgCodeTxt) || '—'}</dd>
      <dt>负责班级</dt>
      <dd>{str(r.departIds_dictText) || '—'}</dd>
      <dt>创建</dt>
      <dd>
        {str(r.createBy)} {str(r.createTime)}
      </dd>
      <dt>更新</dt>
      <dd>
        {str(r.updateBy)} {str(r.updateTime)}
      </dd>
    </dl>
  );
}

/** Confirmation dialog of 冻结 / 解冻 for one user (the bulk buttons ask with hx-confirm instead). */
function StatusDialog(p: { action: 'freeze' | 'unfreeze'; id: string; name: string; back: string; asDialog: boolean }) {
  const text = p.action === 'freeze' ? `确定冻结用户“${p.name}”吗？冻结后该用户立即退出登录，且无法再登录。` : `确定解冻用户“${p.name}”吗？解冻后该用户可以重新登录。`;
  return (
    <FormView
      title={p.action === 'freeze' ? '冻结用户' : '解冻用户'}
      width={460}
      fields={[]}
      values={{}}
      errors={{}}
      options={{}}
      action={`${route}/${p.action}`}
      back={p.back}
      mode="edit"
      hidden={{ ids: p.id, back: p.back, confirmed: '1' }}
      asDialog={p.asDialog}
    >
      <p class="xt-confirm-text">{text}</p>
    </FormView>
  );
}

interface ImportReport {
  msg?: string;
  errors?: { row: number; message: string }[];
  passwords?: { row: number; username: string; realname: string; password: string }[];
}

/** The import result with the generated initial passwords: shown once, never stored in a cookie or the URL. */
function ImportReportView({ message, report, warning, back }: { message: string; report: ImportReport; warning: boolean; back: string }) {
  return (
    <section class="ant-card ant-card-bordered app xt-report">
      <style>{STYLE}</style>
      <link rel="stylesheet" href="/static/css/list.css" />
      <div class="ant-card-body">
        <Alert type={warning ? 'warning' : 'success'}>
          {message} {report.msg ?? ''}
        </Alert>
        <h3>新账号的初始密码</h3>
        <p class="xt-muted">以下密码由系统生成，只在此显示一次。请现在记录或打印，分发给学生；学生登录后可在个人设置中修改。</p>
        <table>
          <thead>
            <tr>
              <th>行号</th>
              <th>用户账号</th>
              <th>真实姓名</th>
              <th>初始密码</th>
            </tr>
          </thead>
          <tbody>
            {(report.passwords ?? []).map((p) => (
              <tr>
                <td>{p.row}</td>
                <td>{p.username}</td>
                <td>{p.realname}</td>
                <td>
                  <code>{p.password}</code>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        {(report.errors ?? []).length > 0 && (
          <>
            <h3>未导入的行</h3>
            <table>
              <thead>
                <tr>
                  <th>行号</th>
                  <th>原因</th>
                </tr>
              </thead>
              <tbody>
                {(report.errors ?? []).map((e) => (
                  <tr>
                    <td>{e.row}</td>
                    <td>{e.message}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
        <div class="xt-form-actions">
          <LinkButton type="primary" {...navAttrs(back)}>
            返回用户列表
          </LinkButton>
        </div>
      </div>
    </section>
  );
}

interface BinUser {
  id: string;
  username: string;
  realname: string;
  orgCodeTxt?: string;
  roleTxt?: string;
  updateBy?: string | null;
  updateTime?: string | null;
}

function RecycleBinView({ users, error, flash }: { users: BinUser[]; error?: string; flash?: { type: 'success' | 'error' | 'warning'; text: string } }) {
  const form = 'xt-bin-form';
  const act = (key: 'restore' | 'purge', u: BinUser) => (
    <a
      href={hrefWith(`${RECYCLE}/${key}`, { ids: u.id })}
      class={cx('xt-action', key === 'purge' && 'xt-action-danger')}
      hx-post={`${RECYCLE}/${key}`}
      hx-vals={JSON.stringify({ ids: u.id, confirmed: '1' })}
      hx-target="#content"
      hx-confirm={key === 'restore' ? `确定还原用户“${u.realname || u.username}”吗?` : `确定彻底删除用户“${u.realname || u.username}”吗？此操作不可恢复!`}
    >
      {key === 'restore' ? '还原' : '彻底删除'}
    </a>
  );
  return (
    <section class="ant-card ant-card-bordered app xt-list xt-bin">
      <style>{STYLE}</style>
      <link rel="stylesheet" href="/static/css/list.css" />
      <div class="ant-card-body">
        {flash && <Alert type={flash.type}>{flash.text}</Alert>}
        <div class="xt-bin-head">
          <h2>用户回收站</h2>
          <div class="xt-bin-tools">
            {!error && users.length > 0 && (
              <>
                <button type="submit" form={form} formaction={`${RECYCLE}/restore`} class={buttonClass('default')} hx-post={`${RECYCLE}/restore`} hx-include={`#${form}`} hx-target="#content" hx-vals='{"confirmed":"1"}' hx-confirm="确定还原选中的用户吗?">
                  <span>还原选中</span>
                </button>
                <button type="submit" form={form} formaction={`${RECYCLE}/purge`} class={buttonClass('default', { danger: true })} hx-post={`${RECYCLE}/purge`} hx-include={`#${form}`} hx-target="#content" hx-vals='{"confirmed":"1"}' hx-confirm="确定彻底删除选中的用户吗？此操作不可恢复!">
                  <span>彻底删除选中</span>
                </button>
              </>
            )}
            <LinkButton {...navAttrs(route)}>返回用户列表</LinkButton>
          </div>
        </div>
        {error ? (
          <Alert type="warning">{error}</Alert>
        ) : (
          <form id={form} method="post" action={`${RECYCLE}/restore`}>
            <table>
              <thead>
                <tr>
                  <th class="xt-index">
                    <span class="xt-sr">选择</span>
                  </th>
                  <th>用户账号</th>
                  <th>真实姓名</th>
                  <th>班级</th>
                  <th>角色</th>
                  <th>删除人</th>
                  <th>删除时间</th>
                  <th>操作</th>
                </tr>
              </thead>
              <tbody>
                {users.length === 0 && (
                  <tr>
                    <td colSpan={8}>
                      <div class="ant-empty ant-empty-normal app xt-empty">回收站是空的</div>
                    </td>
                  </tr>
                )}
                {users.map((u, i) => (
                  <tr data-row-key={u.id}>
                    <td class="xt-index">
                      <input type="checkbox" name="ids" value={u.id} aria-label={`选择第${i + 1}行`} />
                    </td>
                    <td>{u.username}</td>
                    <td>{u.realname}</td>
                    <td>{str(u.orgCodeTxt)}</td>
                    <td>{str(u.roleTxt)}</td>
                    <td>{str(u.updateBy)}</td>
                    <td>{str(u.updateTime)}</td>
                    <td class="xt-row-actions">
                      {act('restore', u)}
                      <span class="ant-divider ant-divider-vertical app" role="separator" />
                      {act('purge', u)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </form>
        )}
      </div>
    </section>
  );
}

export function registerUserPages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec,
    form: userForm,
    loadValues,
    prepareForm: async (c, args) => {
      const up = c.get('upstream');
      const [picker, perms] = await Promise.all([pickerData(up, args.values), up.permissions()]);
      return { ...picker, setsManaged: perms.body.success && canUse(perms.body.result, MANAGED_CODE) };
    },
    renderControl,
    importResult: (c, res, back) => {
      const report = (res.body.result ?? {}) as ImportReport;
      if (!res.body.success || !report.passwords?.length) return null;
      return shellPage(c, { current: route, title: spec.title }, () => (
        <ImportReportView message={res.body.message} report={report} warning={res.body.code === 201} back={back} />
      ));
    },
  });

  // The department picker's list after a search: chosen departments stay chosen, the matches follow.
  app.post(`${route}/depart-picker`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const field = first(form.field) as PickerField;
    if (!(PICKER_FIELDS as readonly string[]).includes(field)) return c.text('', 400);
    const keyword = first(form[`kw_${field}`]).trim().slice(0, 50);
    const selected = ids(form[field]);
    const up = c.get('upstream');
    const [chosen, found] = await Promise.all([selected.length ? departOptions(up, { ids: selected }) : Promise.resolve([]), departOptions(up, { keyword, pageSize: PICKER_SIZE + 1 })]);
    return c.html(String(<PickerList field={field} selected={selected} chosen={chosen} found={found} keyword={keyword} />));
  });

  // 详情: the form read-only, with status, roles and classes.
  app.get(`${route}/detail`, async (c) => {
    const id = c.req.query('id') ?? '';
    const back = safeBack(c.req.query('back'));
    const up = c.get('upstream');
    const res = await up.call<Record<string, unknown>>('GET', '/sys/user/queryById', { id });
    if (!res.body.success) {
      if (expired(res)) return c.redirect('/user/login', 303);
      setFlash(c, { type: 'error', text: res.body.message || '未找到对应实体' });
      return backToList(c, back);
    }
    const values = { ...res.body.result, ...(await loadValues(up, id, res.body.result)) };
    const fields = userForm.fields.filter((f) => !f.addOnly);
    return dialogOrPage(c, async () => {
      const [options, data] = await Promise.all([fieldOptions(up, fields), pickerData(up, values)]);
      return (
        <FormView
          title="用户详情"
          width={userForm.width}
          fields={fields}
          values={values}
          errors={{}}
          options={options}
          action={`${route}/save`}
          back={back}
          mode="detail"
          hidden={{}}
          asDialog={wantsDialog(c)}
          renderControl={(f, ctx) => renderControl(f, { ...ctx, data })}
        >
          <Description r={values} />
        </FormView>
      );
    });
  });

  // 密码: the administrator sets a new password; the user's sessions end.
  const passwordFields: FieldSpec[] = [{ key: 'username', label: '用户账号', type: 'text', readonlyOnEdit: true }, ...passwordForm.fields];
  const passwordView = (c: Context<PageEnv>, a: { id: string; username: string; back: string; errors?: Record<string, string>; message?: string }) => (
    <FormView
      title="修改密码"
      width={passwordForm.width}
      fields={passwordFields}
      values={{ username: a.username }}
      errors={a.errors ?? {}}
      message={a.message}
      options={{}}
      action={`${route}/password`}
      back={a.back}
      mode="edit"
      hidden={{ id: a.id, back: a.back }}
      asDialog={wantsDialog(c)}
    />
  );
  app.get(`${route}/password`, async (c) => {
    const id = c.req.query('id') ?? '';
    const back = safeBack(c.req.query('back'));
    const res = await c.get('upstream').call<Record<string, unknown>>('GET', '/sys/user/queryById', { id });
    if (!res.body.success) {
      if (expired(res)) return c.redirect('/user/login', 303);
      setFlash(c, { type: 'error', text: res.body.message || '未找到对应实体' });
      return backToList(c, back);
    }
    return dialogOrPage(c, () => passwordView(c, { id, username: str(res.body.result.username), back }));
  });
  app.post(`${route}/password`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const id = first(form.id);
    const back = safeBack(first(form.back));
    const res = await c
      .get('upstream')
      .call<{ errors?: Record<string, string> } | null>('PUT', '/sys/user/changePassword', undefined, { id, password: first(form.password), confirmpassword: first(form.confirmpassword) });
    if (res.body.success) {
      setFlash(c, { type: 'success', text: res.body.message || '密码修改成功!' });
      return backToList(c, back);
    }
    if (expired(res)) return c.redirect('/user/login', 303);
    const errors = res.body.result?.errors ?? {};
    const placed = Object.keys(errors).length > 0 && Object.keys(errors).every((k) => passwordFields.some((f) => f.key === k));
    return dialogOrPage(c, () => passwordView(c, { id, username: first(form.username), back, errors, message: placed ? undefined : res.body.message }));
  });

  // 冻结 / 解冻: a confirmation dialog for one row; the bulk buttons post the selection with hx-confirm.
  for (const key of ['freeze', 'unfreeze'] as const) {
    const status = key === 'freeze' ? '2' : '1';
    const label = key === 'freeze' ? '冻结' : '解冻';
    app.get(`${route}/${key}`, async (c) => {
      const id = c.req.query('id') ?? '';
      const back = safeBack(c.req.query('back'));
      const res = await c.get('upstream').call<Record<string, unknown>>('GET', '/sys/user/queryById', { id });
      if (!res.body.success) {
        if (expired(res)) return c.redirect('/user/login', 303);
        setFlash(c, { type: 'error', text: res.body.message || '未找到对应实体' });
        return backToList(c, back);
      }
      const name = str(res.body.result.realname) || str(res.body.result.username);
      return dialogOrPage(c, () => <StatusDialog action={key} id={id} name={name} back={back} asDialog={wantsDialog(c)} />);
    });
    app.post(`${route}/${key}`, async (c) => {
      const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
      const back = safeBack(first(form.back));
      const chosen = ids(form.ids ?? form.id);
      if (!chosen.length) {
        setFlash(c, { type: 'warning', text: '请选择一条记录！' });
        return backToList(c, back);
      }
      if (first(form.confirmed) !== '1') {
        return shellPage(c, { current: route, title: spec.title }, () => (
          <ConfirmView title={`${label}用户`} text={`确定${label}选中的 ${chosen.length} 个用户吗?`} action={`${route}/${key}`} hidden={{ ids: chosen.join(','), back }} back={back} />
        ));
      }
      const res = await c.get('upstream').call<null>('PUT', '/sys/user/frozenBatch', undefined, { ids: chosen.join(','), status });
      if (expired(res)) return c.redirect('/user/login', 303);
      setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.success ? `${label}成功` : res.body.message || '操作失败' });
      return backToList(c, back);
    });
  }

  // 回收站: deleted users, 还原 and 彻底删除 (confirmed).
  app.get(RECYCLE, (c) =>
    shellPage(c, { current: route, title: '用户回收站' }, async (session) => {
      if (!canUse(session.permissions, 'user:recycle')) return <RecycleBinView users={[]} error="没有权限，请联系管理员授权" />;
      const res = await c.get('upstream').call<BinUser[]>('GET', '/sys/user/recycleBin');
      return <RecycleBinView users={res.body.success ? res.body.result : []} error={res.body.success ? undefined : res.body.message} flash={takeFlash(c)} />;
    }),
  );
  for (const key of ['restore', 'purge'] as const) {
    const label = key === 'restore' ? '还原' : '彻底删除';
    app.get(`${RECYCLE}/${key}`, (c) => {
      const chosen = ids(c.req.query('ids'));
      if (!chosen.length) return c.redirect(RECYCLE);
      return shellPage(c, { current: route, title: '用户回收站' }, () => (
        <ConfirmView title={`${label}用户`} text={`确定${label}选中的 ${chosen.length} 个用户吗?${key === 'purge' ? '此操作不可恢复!' : ''}`} action={`${RECYCLE}/${key}`} hidden={{ ids: chosen.join(',') }} back={RECYCLE} />
      ));
    });
    app.post(`${RECYCLE}/${key}`, async (c) => {
      const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
      const chosen = ids(form.ids);
      if (!chosen.length) {
        setFlash(c, { type: 'warning', text: '请选择一条记录！' });
        return backToList(c, RECYCLE);
      }
      if (first(form.confirmed) !== '1') {
        return shellPage(c, { current: route, title: '用户回收站' }, () => (
          <ConfirmView title={`${label}用户`} text={`确定${label}选中的 ${chosen.length} 个用户吗?`} action={`${RECYCLE}/${key}`} hidden={{ ids: chosen.join(',') }} back={RECYCLE} />
        ));
      }
      const up = c.get('upstream');
      const res =
        key === 'restore'
          ? await up.call<null>('PUT', '/sys/user/putRecycleBin', undefined, { userIds: chosen.join(',') })
          : await up.call<null>('DELETE', '/sys/user/deleteRecycleBin', { userIds: `${chosen.join(',')},` });
      if (expired(res)) return c.redirect('/user/login', 303);
      setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '操作成功' : '操作失败') });
      return backToList(c, RECYCLE);
    });
  }
}

