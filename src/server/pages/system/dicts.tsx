// 字典管理 (/isystem/dict): the dictionary list (add/edit/delete, export/import, 刷新缓存), 字典配置 — one
// dictionary's items as a list of their own at /isystem/dict/items?dictId=… (add/edit/delete, 启用/禁用,
// order, and a preview of the select they make) — the 回收站 (restore, delete for good), and the page route
// behind the dictionary select's delete control (deleteItemByText).
import type { Context, Hono } from 'hono';
import { canUse } from '../../resources/auth.js';
import { dictApi, dictItemApi, type DictRecord } from '../../contracts/dicts.js';
import { DICT_ITEMS_ROUTE, DICT_RECYCLE_ROUTE, DICT_ROUTE, dictForm, dictItemForm, dictItemsList, dictsList } from '../../resources/dicts.js';
import type { FieldSpec } from '../../resources/spec.js';
import { hrefWith } from '../../resources/url-state.js';
import { Alert, Card, LinkButton, TableFrame } from '../../../templates/antd.js';
import { confirmAttrs } from '../../../templates/list/confirm-attrs.js';
import { DICT_DELETE_ITEM_ROUTE, DictSelect, deleteItemQuestion } from '../../../templates/dict-select.js';
import { navAttrs } from '../../../templates/list/list-view.js';
import type { PageEnv, PageSession } from '../context.js';
import { backToList, formToBody, isHtmx, registerListPage } from '../list-page.js';
import { setFlash, takeFlash } from '../flash.js';
import { shellPage } from '../shell-page.js';
import { askConfirmation, unlessConfirmed, type Ask } from '../confirm.js';
import { safeLocalPath } from '../safe-path.js';
import { fieldText } from '../../shared/text.js';

/** A local path to return to (never another site), else the fallback. */
const localPath = (v: unknown, fallback: string) => safeLocalPath(v, fallback);


const dictIdOf = (url: string) => {
  try {
    return new URL(url, 'http://local').searchParams.get('dictId') ?? '';
  } catch {
    return '';
  }
};

/** The items form posts `back` (the items list URL): the dictionary of a new item comes from it. */
function itemToBody(form: Record<string, string | string[]>, fields: FieldSpec[]) {
  const body = formToBody(form, fields);
  const dictId = dictIdOf(fieldText(form.back));
  if (dictId) body.dictId = dictId;
  return body;
}

/** Under the items table: the dictionary it belongs to and the select its enabled items make. */
async function itemsPreview(c: Context<PageEnv>, session: PageSession) {
  const up = c.get('upstream');
  const dictId = c.req.query('dictId') ?? '';
  const res = await up.send(dictApi.queryById, { query: { id: dictId } });
  if (!res.body.success) return <Alert type="warning">{res.body.message || '未找到对应字典'}</Alert>;
  const dict = res.body.result;
  const items = await up.dictItems(dict.dictCode);
  const url = new URL(c.req.url);
  return (
    <Card class="xt-dict-preview" title={`「${dict.dictName}」（${dict.dictCode}）的下拉效果`}>
      <div class="xt-dict-preview-row">
        <label for="xt-dict-test" class="xt-query-label">
          测试
        </label>
        <DictSelect
          id="xt-dict-test"
          name="test"
          dictCode={dict.dictCode}
          options={items.success ? items.result : []}
          canDeleteItem={canUse(session.permissions, 'dict:item')}
          back={url.pathname + url.search}
          reload
        />
      </div>
      <p class="xt-muted xt-dict-preview-note">下拉框只提供已启用的项（按排序值）；禁用的项仍保留在上表中。{dict.description ?? ''}</p>
    </Card>
  );
}

function RecycleView({ records, error, can, flash }: { records: DictRecord[]; error?: string; can: (code: string) => boolean; flash?: { type: 'success' | 'error' | 'warning'; text: string } }) {
  const manage = can('dict:recycle');
  return (
    <div class="ant-card ant-card-bordered app xt-list" data-list={DICT_RECYCLE_ROUTE}>
      <link rel="stylesheet" href="/static/css/list.css" />
      <link rel="stylesheet" href="/static/css/dicts.css" />
      <div class="ant-card-body">
        {flash && <Alert type={flash.type}>{flash.text}</Alert>}
        <div class="xt-toolbar">
          <h2 class="xt-recycle-title">字典回收站</h2>
          <LinkButton {...navAttrs(DICT_ROUTE)}>返回字典列表</LinkButton>
        </div>
        {error ? (
          <Alert type="warning">{error}</Alert>
        ) : (
          <TableFrame>
            <thead class="ant-table-thead">
              <tr>
                <th class="ant-table-cell xt-index" scope="col">#</th>
                <th class="ant-table-cell" scope="col">字典名称</th>
                <th class="ant-table-cell" scope="col">字典编码</th>
                <th class="ant-table-cell" scope="col">描述</th>
                <th class="ant-table-cell" scope="col" style="width:170px">删除时间</th>
                {manage && <th class="ant-table-cell xt-actions-col" scope="col">操作</th>}
              </tr>
            </thead>
            <tbody class="ant-table-tbody">
              {records.length ? (
                records.map((r, i) => (
                  <tr class="ant-table-row" data-row-key={r.id}>
                    <td class="ant-table-cell xt-index">{i + 1}</td>
                    <td class="ant-table-cell">{r.dictName}</td>
                    <td class="ant-table-cell">{r.dictCode}</td>
                    <td class="ant-table-cell">{r.description ?? ''}</td>
                    <td class="ant-table-cell">{r.updateTime ?? ''}</td>
                    {manage && (
                      <td class="ant-table-cell">
                        <span class="xt-row-actions">
                          <form method="post" action={`${DICT_RECYCLE_ROUTE}/back`} class="xt-inline-form" hx-post={`${DICT_RECYCLE_ROUTE}/back`} hx-target="#content">
                            <input type="hidden" name="id" value={r.id} />
                            <button type="submit" class="xt-action xt-link-button">
                              还原
                            </button>
                          </form>
                          <span class="ant-divider ant-divider-vertical app" role="separator" />
                          <form
                            method="post"
                            action={`${DICT_RECYCLE_ROUTE}/delete`}
                            class="xt-inline-form"
                            hx-post={`${DICT_RECYCLE_ROUTE}/delete`}
                            hx-target="#content"
                            {...confirmAttrs(`确定彻底删除字典「${r.dictName}」及其全部字典项吗？删除后不能恢复。`)}
                          >
                            <input type="hidden" name="id" value={r.id} />
                            <button type="submit" class="xt-action xt-action-danger xt-link-button">
                              彻底删除
                            </button>
                          </form>
                        </span>
                      </td>
                    )}
                  </tr>
                ))
              ) : (
                <tr class="ant-table-placeholder">
                  <td class="ant-table-cell" colSpan={manage ? 6 : 5}>
                    <div class="ant-empty ant-empty-normal app xt-empty">回收站是空的</div>
                  </td>
                </tr>
              )}
            </tbody>
          </TableFrame>
        )}
        <div id="xt-modal" />
      </div>
    </div>
  );
}

export function registerDictPages(app: Hono<PageEnv>) {
  // ---- dictionaries ---------------------------------------------------------------------------------------
  registerListPage(app, { spec: dictsList, form: dictForm });

  // 刷新缓存 (toolbar action): drops the server's dictionary cache.
  app.post(`${DICT_ROUTE}/refresh`, async (c) => {
    const form = await c.req.parseBody();
    const res = await c.get('upstream').send(dictApi.refreshCache);
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.success ? '刷新缓存完成！' : res.body.message || '刷新缓存失败' });
    return backToList(c, localPath(form.back, DICT_ROUTE).startsWith(DICT_ROUTE) ? localPath(form.back, DICT_ROUTE) : DICT_ROUTE);
  });

  // 字典配置 (row action): opens the dictionary's items list in the content area.
  app.get(`${DICT_ROUTE}/config`, (c) => {
    const id = c.req.query('id') ?? '';
    return backToList(c, id ? hrefWith(DICT_ITEMS_ROUTE, { dictId: id }) : DICT_ROUTE);
  });

  // ---- items ----------------------------------------------------------------------------------------------
  // The items list is always one dictionary's.
  app.get(DICT_ITEMS_ROUTE, async (c, next) => (c.req.query('dictId') ? next() : c.redirect(DICT_ROUTE)));
  registerListPage(app, { spec: dictItemsList, form: dictItemForm, current: DICT_ROUTE, toBody: itemToBody, extra: itemsPreview });

  const safeItemsBack = (v: unknown) => {
    const back = localPath(v, DICT_ROUTE);
    return back.startsWith(DICT_ITEMS_ROUTE) ? back : DICT_ROUTE;
  };

  // 启用/禁用 (row action): a confirmation (dialog with htmx), then the item is saved with the other status.
  const toggleAsk = (item: { id: string; itemText: string; status: number }, back: string): Ask => {
    const enable = item.status !== 1;
    return {
      screen: { current: DICT_ROUTE, title: dictItemsList.title },
      title: enable ? '启用字典项' : '禁用字典项',
      text: enable
        ? `确定启用「${item.itemText}」吗？启用后它会出现在使用该字典的下拉选择中。`
        : `确定禁用「${item.itemText}」吗？禁用后它不再出现在下拉选择中，但仍保留在字典配置里。`,
      action: `${DICT_ITEMS_ROUTE}/toggle`,
      hidden: { id: item.id, back },
      back,
      danger: !enable,
    };
  };
  app.get(`${DICT_ITEMS_ROUTE}/toggle`, async (c) => {
    const back = safeItemsBack(c.req.query('back'));
    const res = await c.get('upstream').send(dictItemApi.queryById, { query: { id: c.req.query('id') ?? '' } });
    if (!res.body.success) {
      setFlash(c, { type: 'error', text: res.body.message || '未找到对应实体' });
      return backToList(c, back);
    }
    return askConfirmation(c, toggleAsk(res.body.result, back));
  });

  app.post(`${DICT_ITEMS_ROUTE}/toggle`, async (c) => {
    const form = await c.req.parseBody();
    const back = safeItemsBack(form.back);
    const up = c.get('upstream');
    const found = await up.send(dictItemApi.queryById, { query: { id: fieldText(form.id) } });
    if (!found.body.success) {
      setFlash(c, { type: 'error', text: found.body.message || '未找到对应实体' });
      return backToList(c, back);
    }
    const item = found.body.result;
    const asked = unlessConfirmed(c, form, () => toggleAsk(item, back));
    if (asked) return asked;
    const status = item.status === 1 ? 0 : 1;
    const res = await up.send(dictItemApi.edit, {
      body: {
        id: item.id,
        itemText: item.itemText,
        itemValue: item.itemValue,
        description: item.description,
        sortOrder: item.sortOrder,
        status,
      },
    });
    setFlash(c, {
      type: res.body.success ? 'success' : 'error',
      text: res.body.success ? `已${status ? '启用' : '禁用'}「${item.itemText}」` : res.body.message || '操作失败',
    });
    return backToList(c, back);
  });

  // ---- the dictionary select's delete control ---------------------------------------------------------------
  const confirmQuestion = (q: Record<string, string>): Ask => ({
    screen: { current: DICT_ROUTE, title: '删除字典项' },
    title: '删除字典项',
    text: deleteItemQuestion(q.itemText),
    action: DICT_DELETE_ITEM_ROUTE,
    hidden: q,
    back: localPath(q.back, DICT_ROUTE),
  });
  const deleteParams = (source: Record<string, unknown>) => {
    const q: Record<string, string> = {};
    for (const k of ['dictCode', 'itemText', 'name', 'id', 'value', 'showAll', 'back', 'reload']) if (fieldText(source[k])) q[k] = fieldText(source[k]).slice(0, 500);
    return q;
  };

  app.get(DICT_DELETE_ITEM_ROUTE, (c) => {
    const q = deleteParams(c.req.query());
    if (!q.dictCode || !q.itemText) return c.redirect(localPath(q.back, DICT_ROUTE));
    return askConfirmation(c, confirmQuestion(q));
  });

  app.post(DICT_DELETE_ITEM_ROUTE, async (c) => {
    // htmx sends the select's state in the URL and confirmed=1 in the body (pages rendered before, in the URL); the
    // no-JavaScript confirmation page posts it all as a form.
    const sent = { ...c.req.query(), ...((await c.req.parseBody()) as Record<string, unknown>) };
    const q = deleteParams(sent);
    const back = localPath(q.back, DICT_ROUTE);
    if (!q.dictCode || !q.itemText) return backToList(c, back);
    const asked = unlessConfirmed(c, sent, () => confirmQuestion(q));
    if (asked) return asked;
    const up = c.get('upstream');
    const res = await up.send(dictApi.deleteItemByText, { query: { dictCode: q.dictCode, itemText: q.itemText } });
    if (!isHtmx(c) || (res.body.success && q.reload === '1')) {
      setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.success ? `已删除「${q.itemText}」` : res.body.message || '删除失败' });
      return backToList(c, back);
    }
    const items = await up.dictItems(q.dictCode);
    return c.html(
      String(
        <DictSelect
          id={q.id}
          name={q.name ?? 'value'}
          dictCode={q.dictCode}
          options={items.success ? items.result : []}
          value={q.value}
          showAll={q.showAll === '1'}
          canDeleteItem
          back={q.back}
          reload={q.reload === '1'}
          error={res.body.success ? undefined : res.body.message || '删除失败'}
        />,
      ),
    );
  });

  // ---- recycle bin ------------------------------------------------------------------------------------------
  app.get(DICT_RECYCLE_ROUTE, (c) =>
    shellPage(c, { current: DICT_ROUTE, title: '字典回收站' }, async (session) => {
      const res = await c.get('upstream').send(dictApi.recycleBin);
      return (
        <RecycleView
          records={res.body.success ? res.body.result : []}
          error={res.body.success ? undefined : res.body.message}
          can={(code) => canUse(session.permissions, code)}
          flash={takeFlash(c)}
        />
      );
    }),
  );

  app.post(`${DICT_RECYCLE_ROUTE}/back`, async (c) => {
    const form = await c.req.parseBody();
    const res = await c.get('upstream').send(dictApi.restore, { params: { id: fieldText(form.id) } });
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.success ? '还原成功' : res.body.message || '还原失败' });
    return backToList(c, DICT_RECYCLE_ROUTE);
  });

  app.post(`${DICT_RECYCLE_ROUTE}/delete`, async (c) => {
    const form = await c.req.parseBody();
    const id = fieldText(form.id);
    const asked = unlessConfirmed(c, form, () => ({
      screen: { current: DICT_ROUTE, title: '字典回收站' },
      title: '彻底删除',
      text: '确定彻底删除该字典及其全部字典项吗？删除后不能恢复。',
      action: `${DICT_RECYCLE_ROUTE}/delete`,
      hidden: { id },
      back: DICT_RECYCLE_ROUTE,
    }));
    if (asked) return asked;
    const res = await c.get('upstream').send(dictApi.purge, { params: { id } });
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '删除成功!' : '删除失败') });
    return backToList(c, DICT_RECYCLE_ROUTE);
  });
}

