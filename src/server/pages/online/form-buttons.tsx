// 在线表单开发 → 自定义按钮: a form's buttons (the sub-list cgformButtons in a dialog; the API answers them by the
// form's id in its path, so the dialog reads them whole and the sub-list pages them), 新增/编辑 one (the declared
// cgformButtonForm, a dialog of its own) and 删除 one or the chosen (registerSubListAction). After a change htmx
// shows the buttons' dialog again with the answer; a plain form goes back to its page. Buttons are stored for the
// anchor's designer: Xuetang runs no custom code.
import type { Context, Hono } from 'hono';
import { cgformButtonApi, cgformHeadApi, type CgformButtonRecord } from '../../contracts/online-forms.js';
import { CGFORM_BUTTON_KEYS, cgformButtonForm, cgformButtons, cgformsList } from '../../resources/online-forms.js';
import { hrefWith, type Query } from '../../resources/url-state.js';
import { Alert, LinkButton } from '../../../templates/antd.js';
import { DialogFrame } from '../../../templates/list/dialog-frame.js';
import { FormView } from '../../../templates/list/form-view.js';
import { dialogAttrs } from '../../../templates/list/list-view.js';
import { SubList } from '../../../templates/list/sub-list.js';
import type { PageEnv } from '../context.js';
import { dialogPage, stayInDialog } from '../dialog-page.js';
import { takeFlash, type Flash } from '../flash.js';
import { fieldOptions, formToBody, isHtmx } from '../list-page.js';
import { safeLocalPath } from '../safe-path.js';
import { loadSubList, registerSubListAction } from '../sub-list.js';

type Ctx = Context<PageEnv>;

const ROUTE = cgformsList.route;
const BUTTONS = cgformButtons.route;
const SCREEN = { current: ROUTE, title: cgformsList.title };
const STATUS: Record<string, string> = { '1': '激活', '0': '未激活' };

const safeBack = (v: unknown) => safeLocalPath(v, ROUTE, ROUTE);
const one = (v: unknown) => (Array.isArray(v) ? String(v[0] ?? '') : v === undefined || v === null ? '' : String(v));
/** The dialog's query: the form's id, where 关闭 leads, and the sub-list's own state. */
const readQuery = (q: Record<string, unknown>): Query => {
  const out: Query = {};
  for (const [k, v] of Object.entries(q)) if (typeof v === 'string' && v) out[k] = v.slice(0, 200);
  out.back = safeBack(out.back);
  return out;
};
const queryOf = (href: string): Query => readQuery(Object.fromEntries(new URL(href, 'http://x').searchParams));
const buttonsHref = (q: Query) => hrefWith(BUTTONS, q);

async function buttonsView(c: Ctx, q: Query, asDialog: boolean, flash?: Flash) {
  const up = c.get('upstream');
  const id = q.id ?? '';
  const [head, rows] = await Promise.all([up.send(cgformHeadApi.queryById, { query: { id } }), up.send(cgformButtonApi.list, { params: { code: id }, query: { pageSize: 200 } })]);
  const back = q.back ?? ROUTE;
  if (!head.body.success) {
    return (
      <DialogFrame title="自定义按钮" back={back} asDialog={asDialog}>
        <Alert type="error">{head.body.message || '表单不存在'}</Alert>
      </DialogFrame>
    );
  }
  const list = await loadSubList(c, cgformButtons, { query: q, rows: rows.body.success ? { records: rows.body.result.records as unknown as Record<string, unknown>[] } : { error: rows.body.message } });
  const here = buttonsHref({ ...q, ...list.scope, ...list.state });
  const shown = flash ?? takeFlash(c);
  return (
    <DialogFrame title={`自定义按钮 · ${head.body.result.tableName}`} back={back} asDialog={asDialog} width={860}>
      {shown && <Alert type={shown.type}>{shown.text}</Alert>}
      <Alert type="info">按钮只保存定义（JeecgBoot 设计器的格式）；学堂不运行自定义代码，按钮的 JS 增强不会执行。</Alert>
      <SubList
        spec={cgformButtons}
        placement="dialog"
        {...list}
        can={() => true}
        toolbar={
          <LinkButton type="primary" {...dialogAttrs(hrefWith(`${BUTTONS}/form`, { id, back: here }))}>
            新增按钮
          </LinkButton>
        }
        cells={{ buttonStatus: (r) => STATUS[one(r.buttonStatus)] ?? one(r.buttonStatus) }}
        rowExtra={(r) => ({
          inline: (
            <a class="xt-action" {...dialogAttrs(hrefWith(`${BUTTONS}/form`, { id, buttonId: one(r.id), back: here }))} aria-label={`编辑${one(r.buttonName)}`}>
              编辑
            </a>
          ),
        })}
      />
    </DialogFrame>
  );
}

const showButtons = (c: Ctx, q: Query, flash?: Flash) => dialogPage(c, SCREEN, (asDialog) => buttonsView(c, q, asDialog, flash));

interface ButtonFormState {
  headId: string;
  buttonId?: string;
  values: Record<string, unknown>;
  errors: Record<string, string>;
  message?: string;
  /** The buttons' dialog it came from. */
  back: string;
}

function renderButtonForm(c: Ctx, s: ButtonFormState, status: 200 | 400 = 200) {
  return dialogPage(
    c,
    SCREEN,
    async (asDialog) => (
      <FormView
        title={s.buttonId ? '编辑按钮' : '新增按钮'}
        width={cgformButtonForm.width}
        fields={cgformButtonForm.fields}
        values={s.values}
        errors={s.errors}
        message={s.message}
        options={await fieldOptions(c.get('upstream'), cgformButtonForm.fields)}
        action={`${BUTTONS}/save`}
        back={s.back}
        mode={s.buttonId ? 'edit' : 'add'}
        hidden={{ headId: s.headId, back: s.back, ...(s.buttonId ? { buttonId: s.buttonId } : {}) }}
        asDialog={asDialog}
        idPrefix="b-"
      />
    ),
    status,
  );
}

/** After a change: htmx shows the buttons' dialog again with the answer; a plain form goes back to its page. */
const answer = (c: Ctx, flash: Flash, href: string) => {
  const q = queryOf(href);
  return stayInDialog(c, buttonsHref(q), flash, (f) => showButtons(c, q, f));
};

export function registerFormButtonPages(app: Hono<PageEnv>) {
  app.get(BUTTONS, (c) => {
    const q = readQuery(c.req.query());
    return q.id ? showButtons(c, q) : c.redirect(q.back ?? ROUTE);
  });

  app.get(`${BUTTONS}/form`, async (c) => {
    const headId = (c.req.query('id') ?? '').slice(0, 64);
    const buttonId = (c.req.query('buttonId') ?? '').slice(0, 64) || undefined;
    const back = safeBack(c.req.query('back') ?? buttonsHref({ id: headId, back: ROUTE }));
    let values: Record<string, unknown> = { buttonStatus: '1', buttonStyle: 'button', optType: 'js', optPosition: '2' };
    if (buttonId) {
      const res = await c.get('upstream').send(cgformButtonApi.list, { params: { code: headId }, query: { pageSize: 200 } });
      const found = res.body.success ? res.body.result.records.find((b: CgformButtonRecord) => b.id === buttonId) : undefined;
      if (!found) return answer(c, { type: 'error', text: res.body.success ? '按钮不存在' : res.body.message }, back);
      values = Object.fromEntries(CGFORM_BUTTON_KEYS.map((k) => [k, found[k] === null || found[k] === undefined ? '' : String(found[k])]));
    }
    return renderButtonForm(c, { headId, buttonId, values, errors: {}, back });
  });

  app.post(`${BUTTONS}/save`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const headId = one(form.headId).slice(0, 64);
    const buttonId = one(form.buttonId).slice(0, 64) || undefined;
    const back = safeBack(one(form.back));
    const fields = Object.fromEntries(Object.entries(formToBody(form, cgformButtonForm.fields)).map(([k, v]) => [k, v === '' ? null : v]));
    const body = { ...fields, cgformHeadId: headId, ...(buttonId ? { id: buttonId } : {}) };
    const up = c.get('upstream');
    const res = buttonId ? await up.send(cgformButtonApi.edit, { body }) : await up.send(cgformButtonApi.add, { body });
    if (res.body.success) return answer(c, { type: 'success', text: res.body.message || '保存成功！' }, back);
    if (res.status === 500 && res.body.message?.startsWith('Token失效')) return c.redirect('/user/login', 303);
    const errors = (res.body.result as { errors?: Record<string, string> } | null)?.errors ?? {};
    const keys = new Set(cgformButtonForm.fields.map((f) => f.key));
    const placed = Object.keys(errors).length > 0 && Object.keys(errors).every((k) => keys.has(k));
    const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, one(v)]));
    return renderButtonForm(c, { headId, buttonId, values, errors, message: placed ? undefined : res.body.message, back }, isHtmx(c) ? 200 : 400);
  });

  registerSubListAction(app, {
    spec: cgformButtons,
    key: 'delete',
    screen: SCREEN,
    noneChosen: '请选择按钮',
    confirm: (_c, ids) => ({ title: '删除按钮', text: ids.length > 1 ? `是否删除选中的 ${ids.length} 个按钮?` : '确定删除该按钮吗?' }),
    call: (up, ids) => (ids.length === 1 ? up.send(cgformButtonApi.delete, { query: { id: ids[0] } }) : up.send(cgformButtonApi.deleteBatch, { query: { ids: ids.join(',') } })),
    done: answer,
  });
}
