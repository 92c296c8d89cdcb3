// 通告管理 (/isystem/annountCement): the declared list and form, plus what the generic list page does not
// know: a recipient picker with a server-side search, a live preview of the content rendered through the
// one sanitiser, the 详情 dialog, and the 发布 / 撤销 row actions (confirmation, then the API's
// doReleaseData / doReovkeData). Data goes through the upstream client only.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { announcementApi, type RecipientOption as PickUser } from '../../contracts/announcements.js';
import { announcementForm, announcementsList, PRIORITY_COLORS, SEND_STATUS_COLORS } from '../../resources/announcements.js';
import type { FieldSpec } from '../../resources/spec.js';
import { cx, inputClass, Tag } from '../../../templates/antd.js';
import { FormView, type ControlContext } from '../../../templates/list/form-view.js';
import { RichHtml } from '../../../templates/rich-html.js';
import type { Upstream } from '../../upstream/client.js';
import type { PageEnv } from '../context.js';
import { backToList, fieldOptions, formToBody, registerConfirmedAction, registerListPage } from '../list-page.js';
import { setFlash } from '../flash.js';
import { dialogPage } from '../dialog-page.js';
import { safeLocalPath } from '../safe-path.js';
import { str } from '../../shared/text.js';

const spec = announcementsList;
const route = spec.route;
/** Chosen users shown by name in the picker; more are kept as hidden values. */
const NAMED_LIMIT = 200;
const MAX_PREVIEW = 500_000;

const list = (v: unknown): string[] => [...new Set((Array.isArray(v) ? v.map(String) : str(v).split(',')).map((s) => s.trim()).filter(Boolean))];
const safeBack = (back: unknown) => safeLocalPath(back, route, route);

async function recipientOptions(up: Upstream, params: { keyword?: string; ids?: string[] }): Promise<PickUser[]> {
  const res = await up.send(announcementApi.recipientOptions, {
    query: {
      keyword: params.keyword || undefined,
      ids: params.ids?.length ? params.ids.slice(0, NAMED_LIMIT).join(',') : undefined,
      pageSize: 50,
    },
  });
  return res.body.success && Array.isArray(res.body.result) ? res.body.result : [];
}

/** Names of the chosen users and the users matching the search (or the first ones), for the picker. */
async function pickerData(up: Upstream, selected: string[], keyword: string) {
  const [chosen, found] = await Promise.all([selected.length ? recipientOptions(up, { ids: selected }) : Promise.resolve([]), recipientOptions(up, { keyword })]);
  return { chosen, found };
}

const userLabel = (u: PickUser) => (u.realname && u.realname !== u.username ? `${u.realname}（${u.username}）` : u.username);

function Check({ u, checked, disabled }: { u: PickUser; checked: boolean; disabled?: boolean }) {
  return (
    <label class={cx('ant-checkbox-wrapper ant-checkbox-group-item app ant-checkbox-css-var', checked && 'ant-checkbox-wrapper-checked')}>
      <span class={cx('ant-checkbox', checked && 'ant-checkbox-checked')}>
        <input class="ant-checkbox-input" type="checkbox" name="userIds" value={u.id} checked={checked} disabled={disabled} />
        <span class="ant-checkbox-inner" />
      </span>
      <span class="ant-checkbox-label">{userLabel(u)}</span>
    </label>
  );
}

/** The checkbox list: chosen users first (checked), then the search results; chosen ids without a name stay as hidden values. */
function PickerList({ selected, chosen, found, keyword }: { selected: string[]; chosen: PickUser[]; found: PickUser[]; keyword: string }) {
  const named = new Set(chosen.map((u) => u.id));
  const unnamed = selected.filter((id) => !named.has(id));
  const others = found.filter((u) => !named.has(u.id));
  return (
    <div id="xt-user-picker-list" class="xt-picker-list" role="group" aria-label="指定用户">
      <div class="xt-picker-count">已选 {selected.length} 人</div>
      <div class="xt-checks">
        {chosen.map((u) => (
          <Check u={u} checked />
        ))}
        {others.map((u) => (
          <Check u={u} checked={false} />
        ))}
        {chosen.length + others.length === 0 && <span class="xt-muted">{keyword ? `没有找到“${keyword}”` : '暂无可选用户'}</span>}
      </div>
      {unnamed.map((id) => (
        <input type="hidden" name="userIds" value={id} />
      ))}
    </div>
  );
}

function UserPicker({ ctx, chosen, found }: { ctx: ControlContext; chosen: PickUser[]; found: PickUser[] }) {
  const selected = list(ctx.value);
  if (ctx.mode === 'detail') {
    if (str(ctx.values.msgType) !== 'USER') return <span class="xt-static">全体用户</span>;
    const total = Number(ctx.values.recipientTotal ?? selected.length);
    return (
      <span class="xt-static">
        {chosen.map(userLabel).join('、') || '—'}
        {total > chosen.length ? ` 等 ${total} 人` : ''}
      </span>
    );
  }
  return (
    <div class={cx('xt-user-picker', ctx.error && 'xt-user-picker-error')} id="f-userIds">
      {/* Belongs to no form: Enter here does not submit the announcement, and the search is not saved. */}
      <input
        type="search"
        class={inputClass({ extra: 'xt-picker-search' })}
        name="userKeyword"
        form="xt-user-search"
        placeholder="输入姓名或账号筛选用户"
        aria-label="筛选用户"
        autocomplete="off"
        hx-post={`${route}/user-picker`}
        hx-trigger="input changed delay:300ms, search"
        hx-target="#xt-user-picker-list"
        hx-swap="outerHTML"
        hx-include="#xt-user-picker-list"
      />
      <PickerList selected={selected} chosen={chosen} found={found} keyword="" />
    </div>
  );
}

function ContentEditor({ ctx, f }: { ctx: ControlContext; f: FieldSpec }) {
  const html = str(ctx.value);
  if (ctx.mode === 'detail') {
    return (
      <div class="xt-ann-preview">
        <style>{STYLE}</style>
        <RichHtml html={html} />
      </div>
    );
  }
  return (
    <>
      <style>{STYLE}</style>
      <textarea
        id="f-msgContent"
        name="msgContent"
        class={inputClass({ error: !!ctx.error, extra: 'xt-textarea' })}
        rows={8}
        placeholder={f.placeholder ?? '请输入内容（HTML）'}
        {...(ctx.error ? { 'aria-invalid': 'true', 'aria-describedby': 'f-msgContent-error' } : {})}
        hx-post={`${route}/preview`}
        hx-trigger="input changed delay:500ms"
        hx-target="#xt-ann-preview"
        hx-swap="innerHTML"
      >
        {html}
      </textarea>
      <div class="xt-ann-preview-label">预览（按保存时的规则清理后显示）</div>
      <div id="xt-ann-preview" class="xt-ann-preview" aria-live="polite">
        <RichHtml html={html} />
      </div>
    </>
  );
}

function renderControl(f: FieldSpec, ctx: ControlContext & { data: Record<string, unknown> }): Child | undefined {
  if (f.key === 'userIds') return <UserPicker ctx={ctx} chosen={(ctx.data.chosen as PickUser[]) ?? []} found={(ctx.data.found as PickUser[]) ?? []} />;
  if (f.key === 'msgContent') return <ContentEditor ctx={ctx} f={f} />;
  return undefined;
}

const STYLE = `
.xt-user-picker { border: 1px solid #d9d9d9; border-radius: 6px; padding: 8px; }
.xt-user-picker-error { border-color: #ff4d4f; }
.xt-picker-list { max-height: 180px; overflow: auto; margin-top: 6px; }
.xt-picker-count { color: rgba(0,0,0,.45); font-size: 12px; margin-bottom: 2px; }
.xt-ann-preview-label { margin: 8px 0 4px; color: rgba(0,0,0,.45); font-size: 12px; }
.xt-ann-preview { min-height: 48px; max-height: 260px; overflow: auto; padding: 8px 12px; border: 1px dashed #d9d9d9; border-radius: 6px; background: #fafafa; word-break: break-word; }
.xt-ann-preview img { max-width: 100%; }
.xt-static { display: inline-block; padding-top: 5px; }
.xt-desc { display: grid; grid-template-columns: max-content 1fr max-content 1fr; gap: 6px 12px; margin: 0 0 16px; padding: 12px 16px; background: #fafafa; border-radius: 6px; }
.xt-desc dt { color: rgba(0,0,0,.45); }
.xt-desc dd { margin: 0; }
`;

/** Turns the submitted form into the announcement body: whole-day dates, recipients only for USER, a page only with its type. */
function toBody(form: Record<string, string | string[]>, fields: FieldSpec[]) {
  const body = formToBody(form, fields);
  const day = (v: unknown) => (typeof v === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : v || null);
  const start = day(body.startTime);
  const end = day(body.endTime);
  body.startTime = typeof start === 'string' && start.length === 10 ? `${start} 00:00:00` : start;
  body.endTime = typeof end === 'string' && end.length === 10 ? `${end} 23:59:59` : end;
  body.userIds = body.msgType === 'USER' ? list(form.userIds).join(',') : '';
  if (!body.openType) {
    body.openType = '';
    body.openPage = '';
  }
  return body;
}

/** Edit form values: recipients from their send rows, dates as the date inputs show them. */
async function loadValues(up: Upstream, id: string, record: Record<string, unknown>) {
  const res = await up.send(announcementApi.recipients, { query: { id } });
  return {
    userIds: res.body.success ? res.body.result.userIds : '',
    recipientTotal: res.body.success ? res.body.result.total : 0,
    startTime: str(record.startTime).slice(0, 10),
    endTime: str(record.endTime).slice(0, 10),
  };
}

async function prepareForm(c: Context<PageEnv>, args: { values: Record<string, unknown> }) {
  return pickerData(c.get('upstream'), list(args.values.userIds), '');
}

function Description({ r }: { r: Record<string, unknown> }) {
  const status = str(r.sendStatus);
  return (
    <dl class="xt-desc">
      <dt>发布状态</dt>
      <dd>
        <Tag color={SEND_STATUS_COLORS[status]}>{str(r.sendStatus_dictText) || { '0': '未发布', '1': '已发布', '2': '已撤销' }[status] || status}</Tag>
      </dd>
      <dt>优先级</dt>
      <dd>
        <Tag color={PRIORITY_COLORS[str(r.priority)]}>{{ L: '一般消息', M: '重要消息', H: '紧急消息' }[str(r.priority)] ?? str(r.priority)}</Tag>
      </dd>
      <dt>发布人</dt>
      <dd>{str(r.sender) || '—'}</dd>
      <dt>发布时间</dt>
      <dd>{str(r.sendTime) || '—'}</dd>
      <dt>撤销时间</dt>
      <dd>{str(r.cancelTime) || '—'}</dd>
      <dt>创建</dt>
      <dd>
        {str(r.createBy)} {str(r.createTime)}
      </dd>
    </dl>
  );
}

export function registerAnnouncementAdminPages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec,
    form: announcementForm,
    loadValues,
    toBody,
    prepareForm,
    renderControl,
  });

  // The picker's list after a search: the chosen users stay chosen, the matches follow.
  app.post(`${route}/user-picker`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const keyword = str(Array.isArray(form.userKeyword) ? form.userKeyword[0] : form.userKeyword).trim().slice(0, 100);
    const selected = list(form.userIds);
    const { chosen, found } = await pickerData(c.get('upstream'), selected, keyword);
    return c.html(String(<PickerList selected={selected} chosen={chosen} found={found} keyword={keyword} />));
  });

  // Live preview: the content as users will see it, through the same sanitiser the API applies on save.
  app.post(`${route}/preview`, async (c) => {
    const form = await c.req.parseBody();
    const html = typeof form.msgContent === 'string' ? form.msgContent.slice(0, MAX_PREVIEW) : '';
    return c.html(String(<RichHtml html={html} />));
  });

  app.get(`${route}/detail`, async (c) => {
    const id = c.req.query('id') ?? '';
    const back = safeBack(c.req.query('back'));
    const up = c.get('upstream');
    const [res, recipients] = await Promise.all([
      up.send(announcementApi.queryById, { query: { id } }),
      up.send(announcementApi.recipients, { query: { id } }),
    ]);
    if (!res.body.success) {
      setFlash(c, { type: 'error', text: res.body.message || '未找到对应实体' });
      return backToList(c, back);
    }
    const userIds = recipients.body.success ? recipients.body.result.userIds : '';
    const r = res.body.result;
    const values = { ...r, startTime: str(r.startTime).slice(0, 10), endTime: str(r.endTime).slice(0, 10), userIds, recipientTotal: recipients.body.success ? recipients.body.result.total : 0 };
    const view = async (asDialog: boolean) => {
      const [options, data] = await Promise.all([fieldOptions(up, announcementForm.fields), pickerData(up, list(userIds), '')]);
      return (
        <FormView
          title="通告详情"
          width={announcementForm.width}
          fields={announcementForm.fields}
          values={values}
          errors={{}}
          options={options}
          action={`${route}/save`}
          back={back}
          mode="detail"
          hidden={{}}
          asDialog={asDialog}
          renderControl={(f, ctx) => renderControl(f, { ...ctx, data })}
        >
          <Description r={values} />
        </FormView>
      );
    };
    return dialogPage(c, { current: route, title: spec.title }, view);
  });

  // 发布 / 撤销: confirmed, then the API call (list-page.tsx).
  const action = (key: string) => spec.rowActions.find((a) => a.key === key)!;
  for (const [key, endpoint, title] of [
    ['release', announcementApi.release, '发布通告'],
    ['revoke', announcementApi.revoke, '撤销通告'],
  ] as const) {
    registerConfirmedAction(app, { route, screenTitle: spec.title, key, title, question: action(key).confirm!, call: (up, id) => up.send(endpoint, { query: { id } }) });
  }
}
