// 作业管理 (/teaching/workList, the grading desk) and 我的作品列表 (/account/mineWork): declared lists with
// their dialogs — 批改 (grade: status, stars, remark), 二维码 (share link as an SVG QR code), 标签 (private
// tags), 克隆至其他账号 (users in the caller's scope), 历史版本 (restore with confirmation). Editors and the
// player are pages of their own and open in a new tab. Everything works without JavaScript; with htmx the
// dialogs open in #xt-modal.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { canUse } from '../../resources/auth.js';
import { hrefWith } from '../../resources/url-state.js';
import { MINE_WORK_ROUTE, mineWorksList, WORK_ROUTE, workGradeForm, worksList } from '../../resources/works.js';
import { Alert, Button, buttonClass, Card, inputClass, LinkButton, Tag } from '../../../templates/antd.js';
import { confirmAttrs } from '../../../templates/list/confirm-attrs.js';
import { dialogAttrs, type RowExtra } from '../../../templates/list/list-view.js';
import { DialogFrame } from '../../../templates/list/dialog-frame.js';
import { QrCode, qrSvg } from '../../../templates/qr.js';
import { canPreview, Cover, NewTab, PlayerFrame, shareUrl, Stars, WorkCards, workOpenUrl, workPreviewUrl, WorksStyles } from '../../../templates/works/parts.js';
import { hasPlayer, playerUrl, workCoverUrl } from '../../shared/work-types.js';
import { userAdminApi } from '../../contracts/users.js';
import { workApi, workTagApi, workVersionApi } from '../../contracts/works.js';
import type { PageEnv, PageSession } from '../context.js';
import { unlessConfirmed } from '../confirm.js';
import { dialogPage } from '../dialog-page.js';
import { backToList, isHtmx, registerListPage } from '../list-page.js';
import { setFlash } from '../flash.js';
import { safeLocalPath } from '../safe-path.js';
import { ownOrigin } from '../share.js';
import { str } from '../../shared/text.js';

type Row = Record<string, unknown>;
const one = (v: unknown) => (Array.isArray(v) ? str(v[0]) : str(v));


const can = (session: PageSession, code?: string) => canUse(session.permissions, code);

/** The tag cell: the caller's private tag, and the 标签 dialog to change it. */
const tagCell = (route: string) => (r: Row, back: string) => (
  <span class="xt-tag-cell">
    {str(r.workTag) && <Tag color="cyan">{str(r.workTag)}</Tag>}
    <a class="xt-action" {...dialogAttrs(hrefWith(`${route}/tag`, {}, { id: str(r.id), tag: str(r.workTag), back }))} aria-label={`设置“${str(r.workName)}”的标签`}>
      {str(r.workTag) ? '修改' : '标签'}
    </a>
  </span>
);

const coverCell = (r: Row) => (workCoverUrl(r.workType, str(r.coverFileKey_url)) ? <Cover r={r} class="xt-cell-image" /> : <span class="xt-muted">无此图片</span>);

/** Where 预览 opens: the player in a dialog of the list's own route. */
const previewHref = (route: string, r: Row, back: string) => hrefWith(`${route}/preview`, {}, { id: str(r.id), file: str(r.workFileKey_url), back });

/** 预览 (the type's player, in a dialog) and 查看 (the editor, or the file, in a new tab). */
function openLinks(route: string, r: Row, back: string): Child {
  const open = workOpenUrl(r);
  return (
    <>
      {canPreview(r) && (
        <>
          <a class="xt-action" {...dialogAttrs(previewHref(route, r, back))} aria-label={`预览“${str(r.workName)}”`}>
            预览
          </a>
          <span class="ant-divider ant-divider-vertical app" role="separator" />
        </>
      )}
      {open ? <NewTab href={open}>查看</NewTab> : <span class="xt-muted">无文件</span>}
    </>
  );
}

/**
 * Beside the 批改 form: the work in its type's player (by id: the API lets the teacher of the author's class see
 * it unpublished). It is part of the dialog, so the player loads when the dialog opens and stops when it closes.
 */
function GradedWork({ id, values }: { id: string; values: Record<string, unknown> }) {
  const src = playerUrl(one(values.workType), { workId: id });
  return (
    <div class="xt-graded-work">
      <WorksStyles />
      <PlayerFrame src={src} title={`作品：${one(values.workName)}`} />
      <p class="xt-preview-links">
        <NewTab href={src}>在新窗口打开</NewTab>
      </p>
    </div>
  );
}

export function registerWorkPages(app: Hono<PageEnv>) {
  registerListPage(app, {
    spec: worksList,
    form: workGradeForm,
    formTitles: { edit: '批改' },
    // An ungraded work shows no stars: the teacher chooses (the anchor pre-chose 4).
    loadValues: async (up, id) => {
      const res = await up.send(workApi.grades, { query: { id } });
      const grade = res.body.success ? res.body.result[0] : undefined;
      return { score: str(grade?.score), comment: str(grade?.comment) };
    },
    toBody: (form, fields) => {
      const score = one(form.score).trim();
      const comment = one(form.comment);
      // No score: the API refuses the grade (请选择评分), unless the form lets the teacher leave it ungraded.
      const mayOmit = !fields.find((f) => f.key === 'score')?.required;
      return {
        workName: one(form.workName).trim(),
        workStatus: one(form.workStatus) === '' ? undefined : Number(one(form.workStatus)),
        // The grade as the dialog's fields (the API takes them as they are); a score sent empty is refused.
        ...(score === '' && mayOmit && !comment.trim() ? {} : { score: score === '' ? null : Number(score), comment }),
      };
    },
    // A work with a player (Scratch, 图形化Python, 积木编程) plays beside the form; files open from the list's 查看.
    formAside: (_c, { id, values }) => (id && hasPlayer(one(values.workType)) ? <GradedWork id={id} values={values} /> : undefined),
    cells: () => ({
      coverFileKey_url: coverCell,
      workTag: tagCell(WORK_ROUTE),
    }),
    rowExtra: () => (r, back): RowExtra => {
      return {
        inline: openLinks(WORK_ROUTE, r, back),
        more: str(r.workFileKey_url) ? (
          <a class="xt-action" href={str(r.workFileKey_url)} download>
            下载作业文件
          </a>
        ) : undefined,
      };
    },
    extra: () => <WorksStyles />,
  });

  registerListPage(app, {
    spec: mineWorksList,
    cells: () => ({
      coverFileKey_url: coverCell,
      workTag: tagCell(MINE_WORK_ROUTE),
      score: (r) => <Stars score={r.score} comment={r.teacherComment} />,
    }),
    rowExtra: () => (r, back): RowExtra => ({ inline: openLinks(MINE_WORK_ROUTE, r, back) }),
    extra: () => <WorksStyles />,
  });

  for (const [route, title] of [
    [WORK_ROUTE, '作业管理'],
    [MINE_WORK_ROUTE, '我的作品列表'],
  ] as const) {
    registerQrDialog(app, route, title);
    registerTagDialog(app, route, title);
    registerPreviewDialog(app, route, title);
  }
  registerSendDialog(app);
  registerVersionsDialog(app);
  registerCenterWorks(app);
}

const CENTER = '/account/center';

/** 个人中心's 我的作品 tab: the caller's works (GET mine) as cards. */
export async function myWorksSection(c: Context<PageEnv>): Promise<Child> {
  const res = await c.get('upstream').send(workApi.mine, { query: { pageNo: 1, pageSize: 999 } });
  return (
    <Card class="xt-card xt-my-works" title="我的作品">
      <WorksStyles />
      {res.body.success ? (
        <WorkCards
          works={res.body.result.records}
          deleteAction={`${CENTER}/works/delete`}
          shareHref={(id) => hrefWith(`${CENTER}/share`, {}, { id, back: CENTER })}
          previewHref={(r) => previewHref(CENTER, r, CENTER)}
          back={CENTER}
        />
      ) : (
        <Alert type="warning">{res.body.message}</Alert>
      )}
      <div id="xt-modal" />
    </Card>
  );
}

function registerCenterWorks(app: Hono<PageEnv>) {
  registerQrDialog(app, CENTER, '我的作品', '/account/center/share');
  registerPreviewDialog(app, CENTER, '我的作品', '/account/center/preview');
  app.post(`${CENTER}/works/delete`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const id = str(form.id).slice(0, 64);
    const asked = unlessConfirmed(c, form, () => ({
      screen: { current: CENTER, title: '我的作品' },
      title: '删除',
      text: '确定删除吗?',
      action: `${CENTER}/works/delete`,
      hidden: { id, back: CENTER },
      back: CENTER,
    }));
    if (asked) return asked;
    const res = await c.get('upstream').send(workApi.delete, { query: { id } });
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '删除成功!' : '删除失败') });
    return backToList(c, CENTER);
  });
}

/**
 * 预览: the work's player (by its type, shared/work-types.ts) in a dialog. The caller must be able to read the work
 * (queryById: its author, or a teacher of the author's class); the player plays the project file the list row named
 * (`file`), which it accepts only when it is a file stored on this site; Blockly's viewer reads the work by id. Closing the dialog removes the frame and so stops it.
 */
function registerPreviewDialog(app: Hono<PageEnv>, route: string, title: string, path = `${route}/preview`) {
  app.get(path, async (c) => {
    const id = (c.req.query('id') ?? '').slice(0, 64);
    const file = (c.req.query('file') ?? '').slice(0, 1024);
    const back = safeLocalPath(c.req.query('back'), route, route);
    const res = await c.get('upstream').send(workApi.queryById, { query: { id } });
    const work: Row = res.body.success ? { ...res.body.result, workFileKey_url: file } : {};
    const name = str(work.workName);
    const src = (autoplay: boolean) => workPreviewUrl(work, autoplay);
    return dialogPage(c, { current: route, title }, (asDialog) => (
      <DialogFrame title={name ? `预览：${name}` : '预览'} back={back} asDialog={asDialog} width={720}>
        <WorksStyles />
        {!res.body.success ? (
          <Alert type="warning">{res.body.message}</Alert>
        ) : !str(work.workFileKey_url) ? (
          <Alert type="warning">这个作品还没有项目文件</Alert>
        ) : !src(false) ? (
          <Alert type="info">这种类型的作品没有播放器，请用“查看”打开作品文件</Alert>
        ) : (
          <>
            <PlayerFrame src={src(true)} title={`作品预览：${name}`} />
            <p class="xt-preview-links">
              <NewTab href={src(false)}>在新窗口打开</NewTab>
            </p>
          </>
        )}
      </DialogFrame>
    ));
  });
}

/** 二维码: the work's share page (作品分享页) as a QR code. */
function registerQrDialog(app: Hono<PageEnv>, route: string, title: string, path = `${route}/qr`) {
  app.get(path, async (c) => {
    const id = (c.req.query('id') ?? '').slice(0, 64);
    const back = safeLocalPath(c.req.query('back'), route, route);
    const res = await c.get('upstream').send(workApi.queryById, { query: { id } });
    // A private dialog (no-store): PUBLIC_URL, else the address this teacher's browser used (pages/share.ts).
    const link = shareUrl(ownOrigin(c), id);
    const svg = res.body.success ? await qrSvg(link) : '';
    return dialogPage(c, { current: route, title }, (asDialog) => (
      <DialogFrame title="二维码" back={back} asDialog={asDialog} width={360}>
        <WorksStyles />
        {res.body.success ? <QrCode svg={svg} link={link} caption={`扫码查看“${str(res.body.result.workName)}”`} /> : <Alert type="warning">{res.body.message}</Alert>}
      </DialogFrame>
    ));
  });
}

/** 标签: pick one of the caller's tags, add a new one, clear it, or delete a tag from the catalogue. */
function registerTagDialog(app: Hono<PageEnv>, route: string, title: string) {
  const view = async (c: Context<PageEnv>, id: string, back: string, message?: { type: 'error' | 'warning'; text: string; forceTag?: string }) => {
    const up = c.get('upstream');
    const [work, tags] = await Promise.all([up.send(workApi.queryById, { query: { id } }), up.send(workTagApi.tags)]);
    const list = tags.body.success ? tags.body.result : [];
    // The work's current tag comes from the list row (queryById answers the raw work, without tags).
    const current = c.req.query('tag') ?? '';
    const action = `${route}/tag`;
    const target = isHtmx(c) ? '#xt-modal' : '#content';
    const hidden = (
      <>
        <input type="hidden" name="id" value={id} />
        <input type="hidden" name="back" value={back} />
      </>
    );
    return dialogPage(c, { current: route, title }, (asDialog) => (
      <DialogFrame title="作品标签" back={back} asDialog={asDialog} width={480}>
        <WorksStyles />
        {!work.body.success ? (
          <Alert type="warning">{work.body.message}</Alert>
        ) : (
          <div class="xt-tag-editor">
            {message && <Alert type={message.type}>{message.text}</Alert>}
            {message?.forceTag && (
              <form method="post" action={`${action}/delete`} hx-post={`${action}/delete`} hx-target={target} class="xt-inline-form">
                {hidden}
                <input type="hidden" name="tag" value={message.forceTag} />
                <input type="hidden" name="force" value="true" />
                {/* Asked already: this button answers the API's 标签正在使用中. */}
                <input type="hidden" name="confirmed" value="1" />
                <Button htmlType="submit" danger size="small">
                  仍然删除“{message.forceTag}”
                </Button>
              </form>
            )}
            <p class="xt-muted">“{str(work.body.result.workName)}”的标签只有你自己看得到。</p>
            {list.length > 0 && (
              <ul class="xt-tag-chips" aria-label="已有标签">
                {list.map((t) => (
                  <li class="xt-tag-chip">
                    <form method="post" action={action} hx-post={action} hx-target="#content" class="xt-inline-form">
                      {hidden}
                      <input type="hidden" name="workTag" value={t} />
                      <button type="submit" class={buttonClass(t === current ? 'primary' : 'default', { size: 'small' })} title="给作品打上这个标签">
                        <span>{t}</span>
                      </button>
                    </form>
                    <form method="post" action={`${action}/delete`} hx-post={`${action}/delete`} hx-target={target} {...confirmAttrs(`确定删除标签“${t}”吗?`)} class="xt-inline-form">
                      {hidden}
                      <input type="hidden" name="tag" value={t} />
                      <button type="submit" class="xt-tag-remove" aria-label={`删除标签${t}`} title="删除这个标签">
                        ×
                      </button>
                    </form>
                  </li>
                ))}
              </ul>
            )}
            <form method="post" action={action} hx-post={action} hx-target="#content" class="xt-tag-add">
              {hidden}
              <label for="xt-new-tag" class="xt-sr">
                新标签
              </label>
              <input id="xt-new-tag" class={inputClass()} name="workTag" maxLength={20} placeholder="输入新标签" required />
              <Button type="primary" htmlType="submit">
                添加
              </Button>
            </form>
            <form method="post" action={action} hx-post={action} hx-target="#content" class="xt-inline-form">
              {hidden}
              <input type="hidden" name="workTag" value="" />
              <Button htmlType="submit" size="small">
                清除作品的标签
              </Button>
            </form>
          </div>
        )}
      </DialogFrame>
    ));
  };

  app.get(`${route}/tag`, (c) => view(c, (c.req.query('id') ?? '').slice(0, 64), safeLocalPath(c.req.query('back'), route, route)));

  app.post(`${route}/tag`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const back = safeLocalPath(form.back, route, route);
    const res = await c.get('upstream').send(workTagApi.set, { query: { workId: str(form.id).slice(0, 64), workTag: str(form.workTag).trim().slice(0, 50) } });
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '标记成功' : '标记失败') });
    return backToList(c, back);
  });

  app.post(`${route}/tag/delete`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const back = safeLocalPath(form.back, route, route);
    const id = str(form.id).slice(0, 64);
    const tag = str(form.tag).slice(0, 50);
    // Without JavaScript (or a stale page) the form arrives unconfirmed: ask first, then come back to the dialog.
    const asked = unlessConfirmed(c, form, () => ({
      screen: { current: route, title },
      title: '删除标签',
      text: `确定删除标签“${tag}”吗?`,
      action: `${route}/tag/delete`,
      hidden: { id, back, tag, ...(form.force === 'true' ? { force: 'true' } : {}) },
      back: hrefWith(`${route}/tag`, {}, { id, back }),
    }));
    if (asked) return asked;
    const res = await c.get('upstream').send(workTagApi.delete, { query: { tag, force: form.force === 'true' ? 'true' : 'false' } });
    if (res.body.success) {
      setFlash(c, { type: 'success', text: `标签“${tag}”已删除` });
      return backToList(c, back);
    }
    // 标签正在使用中: ask again, with the button that deletes it anyway.
    return view(c, id, back, { type: 'warning', text: res.body.message, forceTag: form.force === 'true' ? undefined : tag });
  });
}

/** 克隆至其他账号: choose users (the API lists only those in the caller's scope) and send them a copy. */
function registerSendDialog(app: Hono<PageEnv>) {
  const path = `${WORK_ROUTE}/send`;
  const view = async (c: Context<PageEnv>, id: string, back: string, q: string, message?: string) => {
    const up = c.get('upstream');
    const [work, users] = await Promise.all([
      up.send(workApi.queryById, { query: { id } }),
      up.send(userAdminApi.list, { query: { pageSize: 50, ...(q ? { realname: `*${q}*` } : {}) } }),
    ]);
    const rows = users.body.success ? users.body.result.records : [];
    return dialogPage(c, { current: WORK_ROUTE, title: '作业管理' }, (asDialog, session) =>
      !can(session, 'work:send') ? (
        <Alert type="warning">没有克隆作品的权限</Alert>
      ) : (
        <DialogFrame
          title="克隆至其他账号"
          back={back}
          asDialog={asDialog}
          width={560}
          footer={
            <>
              <LinkButton href={back} hx-get={back} hx-target="#content" hx-push-url="true">
                关闭
              </LinkButton>
              <Button type="primary" htmlType="submit" form="xt-send-form">
                发送
              </Button>
            </>
          }
        >
          <WorksStyles />
          {message && <Alert type="error">{message}</Alert>}
          {!work.body.success ? (
            <Alert type="warning">{work.body.message}</Alert>
          ) : (
            <>
              <p>
                把“{str(work.body.result.workName)}”复制一份给下面选中的用户（作为他们的新作品，状态为已保存）。
              </p>
              <form method="get" action={path} hx-get={path} hx-target="#xt-modal" class="xt-send-search" role="search">
                <input type="hidden" name="id" value={id} />
                <input type="hidden" name="back" value={back} />
                <input class={inputClass()} name="q" value={q} placeholder="按姓名查找" aria-label="按姓名查找" />
                <Button htmlType="submit">查询</Button>
              </form>
              <form id="xt-send-form" method="post" action={path} hx-post={path} hx-target="#xt-modal">
                <input type="hidden" name="id" value={id} />
                <input type="hidden" name="back" value={back} />
                {!users.body.success ? (
                  <Alert type="warning">{users.body.message}</Alert>
                ) : rows.length === 0 ? (
                  <p class="xt-muted">没有可选的用户</p>
                ) : (
                  <ul class="xt-user-pick">
                    {rows.map((u) => (
                      <li>
                        <label>
                          <input type="checkbox" name="userIds" value={str(u.id)} /> {str(u.realname) || str(u.username)} <span class="xt-muted">（{str(u.username)}）</span>
                        </label>
                      </li>
                    ))}
                  </ul>
                )}
              </form>
            </>
          )}
        </DialogFrame>
      ),
    );
  };

  app.get(path, (c) => view(c, (c.req.query('id') ?? '').slice(0, 64), safeLocalPath(c.req.query('back'), WORK_ROUTE, WORK_ROUTE), (c.req.query('q') ?? '').trim().slice(0, 30)));

  app.post(path, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const back = safeLocalPath(form.back, WORK_ROUTE, WORK_ROUTE);
    const id = one(form.id).slice(0, 64);
    const userIdList = ([] as unknown[]).concat(form.userIds ?? []).map(String).filter(Boolean).slice(0, 200);
    if (!userIdList.length) return view(c, id, back, '', '请选择用户');
    const res = await c.get('upstream').send(workApi.send, { body: { sendWorkId: id, userIdList } });
    if (!res.body.success) return view(c, id, back, '', res.body.message || '发送失败');
    setFlash(c, { type: 'success', text: res.body.message });
    // From the dialog, htmx replaces the modal; take the whole list back instead.
    return backToList(c, back);
  });
}

/** 历史版本: the work's earlier states, newest first; 恢复 asks before replacing the current content. */
function registerVersionsDialog(app: Hono<PageEnv>) {
  const path = `${WORK_ROUTE}/versions`;
  app.get(path, async (c) => {
    const id = (c.req.query('id') ?? '').slice(0, 64);
    const back = safeLocalPath(c.req.query('back'), WORK_ROUTE, WORK_ROUTE);
    const res = await c.get('upstream').send(workVersionApi.list, { query: { workId: id } });
    return dialogPage(c, { current: WORK_ROUTE, title: '作业管理' }, (asDialog) => (
      <DialogFrame title="历史版本" back={back} asDialog={asDialog} width={720}>
        <WorksStyles />
        {!res.body.success ? (
          <Alert type="warning">{res.body.message}</Alert>
        ) : res.body.result.length === 0 ? (
          <p class="xt-muted">这件作品还没有历史版本（每次重新提交或恢复时，之前的内容会保存为一个版本）。</p>
        ) : (
          <table class="xt-versions">
            <thead>
              <tr>
                <th scope="col">版本</th>
                <th scope="col">作品名</th>
                <th scope="col">状态</th>
                <th scope="col">保存时间</th>
                <th scope="col">操作</th>
              </tr>
            </thead>
            <tbody>
              {res.body.result.map((v) => (
                <tr>
                  <td>{str(v.versionNo)}</td>
                  <td>{str(v.workName)}</td>
                  <td>{str(v.workStatus_dictText) || str(v.workStatus)}</td>
                  <td>{str(v.createTime)}</td>
                  <td>
                    {str(v.workFileKey_url) && (
                      <a class="xt-action" href={str(v.workFileKey_url)} download>
                        下载
                      </a>
                    )}{' '}
                    <form method="post" action={`${path}/restore`} hx-post={`${path}/restore`} hx-target="#content" {...confirmAttrs(`确定恢复到版本${str(v.versionNo)}吗？当前内容会另存为一个版本。`)} class="xt-inline-form">
                      <input type="hidden" name="workId" value={id} />
                      <input type="hidden" name="versionId" value={str(v.id)} />
                      <input type="hidden" name="back" value={back} />
                      <button type="submit" class="xt-link-button">
                        恢复
                      </button>
                    </form>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </DialogFrame>
    ));
  });

  app.post(`${path}/restore`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const back = safeLocalPath(form.back, WORK_ROUTE, WORK_ROUTE);
    const workId = str(form.workId).slice(0, 64);
    const versionId = str(form.versionId).slice(0, 64);
    const asked = unlessConfirmed(c, form, () => ({
      screen: { current: WORK_ROUTE, title: '作业管理' },
      title: '恢复版本',
      text: '确定恢复到这个版本吗？当前内容会另存为一个版本。',
      action: `${path}/restore`,
      hidden: { workId, versionId, back },
      back,
      danger: false,
    }));
    if (asked) return asked;
    const res = await c.get('upstream').send(workVersionApi.restore, { body: { workId, versionId } });
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '恢复成功' : '恢复失败') });
    return backToList(c, back);
  });
}
