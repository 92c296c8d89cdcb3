// 在线表单开发's actions on a form definition: 同步数据库 (a dialog choosing 普通同步 or 强制同步; a force sync of a
// table holding rows asks first, naming them), 复制表单, 移除 (the definition goes, its table stays) and 删除 (its
// table is dropped too). Only the server can count a table's rows (the API's tableRows), so 移除 and 删除 — one row,
// or the rows chosen in the list — always ask through the shared confirmation (pages/confirm.tsx): a dialog with
// htmx, a page of its own without JavaScript, and 确定 posts the same fields with confirmed=1.
import type { Context, Hono } from 'hono';
import { cgformDesignApi, cgformHeadApi, type CgformTableRows } from '../../contracts/online-forms.js';
import { cgformsList } from '../../resources/online-forms.js';
import { FormSync } from '../../../templates/online/form-sync.js';
import type { PageEnv } from '../context.js';
import { askConfirmation, unlessConfirmed } from '../confirm.js';
import { dialogPage } from '../dialog-page.js';
import { setFlash } from '../flash.js';
import { backToList, registerConfirmedAction } from '../list-page.js';
import { safeLocalPath } from '../safe-path.js';

type Ctx = Context<PageEnv>;
type Form = Record<string, string | string[]>;

const ROUTE = cgformsList.route;
const SCREEN = { current: ROUTE, title: cgformsList.title };
const MAX_CHOSEN = 100;

const safeBack = (v: unknown) => safeLocalPath(v, ROUTE, ROUTE);
const one = (v: unknown) => (Array.isArray(v) ? String(v[0] ?? '') : typeof v === 'string' ? v : '');
/** The ids a form or query names (`ids` as a comma list or repeated, or `id`). */
const idsOf = (f: Record<string, unknown>): string[] =>
  [...new Set(([] as unknown[]).concat(f.ids ?? f.id ?? []).flatMap((v) => String(v).split(',')).map((s) => s.trim()).filter(Boolean))].slice(0, MAX_CHOSEN);

/** The tables of the chosen forms with their rows; a message when one of them cannot be read. */
async function tablesOf(c: Ctx, ids: string[]): Promise<CgformTableRows[] | string> {
  const up = c.get('upstream');
  const answers = await Promise.all(ids.map((code) => up.send(cgformDesignApi.tableRows, { params: { code } })));
  const failed = answers.find((a) => !a.body.success);
  return failed ? failed.body.message || '表单不存在' : answers.map((a) => a.body.result);
}

const rowsText = (t: CgformTableRows) => (t.exists ? `共 ${t.rows} 行数据` : '数据表尚未创建');

const flashBack = (c: Ctx, res: { status: number; body: { success: boolean; message?: string } }, back: string) => {
  if (res.status === 500 && res.body.message?.startsWith('Token失效')) return c.redirect('/user/login', 303);
  setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '操作成功' : '操作失败') });
  return backToList(c, back);
};

/** 移除 (drop false) or 删除 (drop true): the question naming every table and its rows. */
async function askRemoval(c: Ctx, ids: string[], drop: boolean, back: string): Promise<Response> {
  const tables = await tablesOf(c, ids);
  if (typeof tables === 'string') {
    setFlash(c, { type: 'error', text: tables });
    return backToList(c, back);
  }
  const one = tables.length === 1 ? tables[0] : undefined;
  const text = one
    ? drop
      ? one.exists
        ? `删除表单并删除数据表 ${one.tableName}（共 ${one.rows} 行数据）？此操作不可恢复`
        : `删除表单 ${one.tableName}？它的数据表尚未创建`
      : `移除表单 ${one.tableName}？表单定义将被删除，数据表 ${one.tableName} 保留（${rowsText(one)}）`
    : drop
      ? `删除选中的 ${tables.length} 个表单并删除它们的数据表（共 ${tables.reduce((n, t) => n + t.rows, 0)} 行数据）？此操作不可恢复`
      : `移除选中的 ${tables.length} 个表单？表单定义将被删除，数据表保留`;
  return askConfirmation(c, {
    screen: SCREEN,
    title: drop ? '删除表单' : '移除表单',
    text,
    items: one ? undefined : tables.map((t) => `${t.tableName}（${rowsText(t)}）`),
    action: `${ROUTE}/${drop ? 'delete' : 'remove'}`,
    hidden: { ids: ids.join(','), back },
    back,
    danger: drop,
  });
}

function registerRemoval(app: Hono<PageEnv>, key: 'remove' | 'delete') {
  const drop = key === 'delete';
  app.get(`${ROUTE}/${key}`, (c) => {
    const ids = idsOf(c.req.query());
    const back = safeBack(c.req.query('back'));
    return ids.length ? askRemoval(c, ids, drop, back) : c.redirect(back);
  });
  app.post(`${ROUTE}/${key}`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Form;
    const ids = idsOf(form);
    const back = safeBack(one(form.back));
    if (!ids.length) {
      setFlash(c, { type: 'warning', text: '请选择一条记录！' });
      return backToList(c, back);
    }
    const asked = unlessConfirmed(c, form, () => askRemoval(c, ids, drop, back));
    if (asked) return asked;
    const up = c.get('upstream');
    const res =
      ids.length > 1
        ? await up.send(cgformHeadApi.deleteBatch, { query: { ids: ids.join(','), flag: drop ? '1' : '0' } })
        : drop
          ? await up.send(cgformHeadApi.delete, { query: { id: ids[0] } })
          : await up.send(cgformHeadApi.removeRecord, { query: { id: ids[0] } });
    return flashBack(c, res, back);
  });
  // The list's selection: its bulk button posts with htmx's confirmed=1 already, before anyone counted the rows, so
  // this answer is always the question (its 确定 posts to the action above).
  app.post(`${ROUTE}/${key}-selected`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Form;
    const ids = idsOf({ ids: form.ids });
    const back = safeBack(one(form.back));
    if (!ids.length) {
      setFlash(c, { type: 'warning', text: '请选择一条记录！' });
      return backToList(c, back);
    }
    return askRemoval(c, ids, drop, back);
  });
}

/** 同步数据库: the choice (GET, or a POST without a method), then the API; a force sync of rows asks first. */
function registerSync(app: Hono<PageEnv>) {
  const path = `${ROUTE}/sync`;
  const choice = async (c: Ctx, id: string, back: string, method = 'normal', error?: string) => {
    const res = await c.get('upstream').send(cgformDesignApi.tableRows, { params: { code: id } });
    const table = res.body.success ? res.body.result : undefined;
    return dialogPage(c, SCREEN, (asDialog) => (
      <FormSync asDialog={asDialog} action={path} id={id} back={back} table={table} problem={table ? undefined : res.body.message} method={method} error={error} />
    ));
  };
  app.get(path, (c) => {
    const id = (c.req.query('id') ?? '').slice(0, 64);
    const back = safeBack(c.req.query('back'));
    return id ? choice(c, id, back) : c.redirect(back);
  });
  app.post(path, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Form;
    const id = one(form.id).slice(0, 64);
    const back = safeBack(one(form.back));
    const method = one(form.method);
    if (!id) return c.redirect(back, 303);
    if (method !== 'normal' && method !== 'force') return choice(c, id, back, 'normal', '请选择同步方式');
    const up = c.get('upstream');
    if (method === 'force') {
      const asked = unlessConfirmed(c, form, async () => {
        const rows = await up.send(cgformDesignApi.tableRows, { params: { code: id } });
        if (!rows.body.success) return flashBack(c, rows, back);
        const t = rows.body.result;
        // An empty or missing table loses nothing: it is recreated at once.
        if (!t.exists || t.rows === 0) return flashBack(c, await up.send(cgformDesignApi.doDbSynch, { params: { code: id, synMethod: 'force' } }), back);
        return {
          screen: SCREEN,
          title: '强制同步',
          text: `强制同步将删除并重建数据表 ${t.tableName}，表中现有的 ${t.rows} 行数据将全部删除，此操作不可恢复。确定强制同步吗？`,
          action: path,
          hidden: { id, method, back },
          back,
        };
      });
      if (asked) return asked;
      return flashBack(c, await up.send(cgformDesignApi.doDbSynch, { params: { code: id, synMethod: 'force' }, query: { confirm: '1' } }), back);
    }
    return flashBack(c, await up.send(cgformDesignApi.doDbSynch, { params: { code: id, synMethod: 'normal' } }), back);
  });
}

export function registerFormActionPages(app: Hono<PageEnv>) {
  registerSync(app);
  registerRemoval(app, 'remove');
  registerRemoval(app, 'delete');
  registerConfirmedAction(app, {
    route: ROUTE,
    screenTitle: cgformsList.title,
    key: 'copy',
    title: '复制表单',
    question: '复制这个表单的定义（字段、索引）为一个新的、尚未同步数据库的表单？',
    call: (up, id) => up.send(cgformHeadApi.copyOnline, { query: { code: id } }),
  });
}
