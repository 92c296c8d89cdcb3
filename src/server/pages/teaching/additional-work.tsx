// 布置班级作业 (/work/additionalWork): the declared list with its dialog, and 提交情况 (who handed a homework in,
// with the grade, and who did not; links to the grading desk). 我的作业 (/center/myAdditionalWork): the
// student's homework with 全部 / 未提交 / 已提交, and the 提交作业 dialog that hands in a file for homework of the
// file type (Scratch homework opens the editor, which is another screen).
import type { Context, Hono } from 'hono';
import {
  GRADING_DESK_ROUTE,
  HOMEWORK_ROUTE,
  HOMEWORK_SUBMISSIONS_ROUTE,
  homeworkForm,
  homeworkList,
  homeworkSubmissions,
  MY_HOMEWORK_ROUTE,
} from '../../resources/additional-work.js';
import { hrefWith } from '../../resources/url-state.js';
import { Alert, Button, inputClass, LinkButton, Tag } from '../../../templates/antd.js';
import { dialogAttrs, navAttrs } from '../../../templates/list/list-view.js';
import { SubList } from '../../../templates/list/sub-list.js';
import { DialogFrame } from '../../../templates/list/dialog-frame.js';
import { asset } from '../../../templates/assets.js';
import { Stars, WorksStyles } from '../../../templates/works/parts.js';
import { homeworkApi, myHomeworkApi, type MyHomework } from '../../contracts/homework.js';
import { workApi } from '../../contracts/works.js';
import type { PageEnv } from '../context.js';
import { dialogPage } from '../dialog-page.js';
import { backToList, isHtmx, registerListPage } from '../list-page.js';
import { setFlash, takeFlash } from '../flash.js';
import { shellPage } from '../shell-page.js';
import { loadSubList } from '../sub-list.js';
import { WORK_STATUS } from '../../shared/work-status.js';
import { str } from '../../shared/text.js';
import { editorUrl, hasServedEditor } from '../../shared/work-types.js';

const FILTERS = [
  { value: 'all', label: '全部' },
  { value: 'false', label: '未提交' },
  { value: 'true', label: '已提交' },
] as const;

/**
 * The editor link of homework whose type has an editor here (Scratch, 图形化Python, 积木编程: shared/work-types.ts),
 * the student's own project (修改) or the teacher's starter file. Homework of other types hands in a file.
 */
function editorHref(r: MyHomework, own: boolean) {
  return editorUrl(str(r.codeType), {
    scene: 'additional',
    additionalId: str(r.additionalWorkId),
    departId: str(r.departId),
    workName: str(own ? r.mineWorkName || r.workName : r.workName),
    workFile: str(own ? r.mineWorkUrl : r.workUrl_url) || undefined,
  });
}

function HomeworkItem({ r, back }: { r: MyHomework; back: string }) {
  const status = r.mineWorkStatus === null || r.mineWorkStatus === undefined ? null : Number(r.mineWorkStatus);
  const hasOwn = status !== null;
  // The API's answer for this row (a graded homework stays as graded); it refuses the save otherwise too.
  const locked = !r.canSubmit;
  const inEditor = hasServedEditor(r.codeType);
  const submitHref = (redo: boolean) =>
    hrefWith(`${MY_HOMEWORK_ROUTE}/submit`, { id: str(r.additionalWorkId), departId: str(r.departId), back, ...(redo ? { redo: '1' } : {}) });
  const mainLabel = hasOwn ? '修改作业' : '去做作业';
  return (
    <li class="xt-hw-item">
      <div class="xt-hw-cover">{r.workCover_url ? <img src={str(r.workCover_url)} alt="" loading="lazy" /> : <span class="xt-hw-nocover">作业</span>}</div>
      <div class="xt-hw-main">
        <h3 class="xt-hw-title">
          {str(r.workName)} {r.codeType_dictText ? <Tag color="blue">{str(r.codeType_dictText)}</Tag> : null}
        </h3>
        {r.workDesc ? <pre class="xt-hw-desc">{str(r.workDesc)}</pre> : null}
        <div class="xt-hw-tags">
          <Tag>班级：{str(r.departName)}</Tag>
          <Tag>老师：{str(r.createBy_dictText)}</Tag>
          {hasOwn ? <Tag color={status! >= 2 ? 'green' : status === 1 ? 'orange' : 'default'}>{status! >= 2 ? '已批改' : status === 1 ? '已提交' : '已保存'}</Tag> : null}
        </div>
      </div>
      <div class="xt-hw-side">
        {r.score !== null && r.score !== undefined ? (
          <div class="xt-hw-grade">
            <Stars score={r.score} comment={r.comment} />
          </div>
        ) : null}
        <div class="xt-hw-actions">
          {r.workDocumentUrl ? (
            <a class="ant-btn app ant-btn-color-default ant-btn-variant-outlined" href={str(r.workDocumentUrl)} target="_blank" rel="noopener noreferrer">
              作业资料
            </a>
          ) : null}
          {locked ? (
            <Button type="primary" disabled>
              {mainLabel}
            </Button>
          ) : inEditor ? (
            <LinkButton type="primary" href={editorHref(r, hasOwn)} target="_blank" rel="noopener">
              {mainLabel}
            </LinkButton>
          ) : (
            <LinkButton type="primary" {...dialogAttrs(submitHref(false))}>
              {mainLabel}
            </LinkButton>
          )}
          {hasOwn && !locked ? (
            inEditor ? (
              <LinkButton href={editorHref(r, false)} target="_blank" rel="noopener">
                重做
              </LinkButton>
            ) : (
              <LinkButton {...dialogAttrs(submitHref(true))}>重做</LinkButton>
            )
          ) : null}
        </div>
      </div>
    </li>
  );
}

/** The 提交作业 dialog (a page of its own without JavaScript). */
function SubmitDialog(p: { r: MyHomework; workName: string; back: string; message?: string; asDialog: boolean }) {
  const action = `${MY_HOMEWORK_ROUTE}/submit`;
  const formId = 'xt-hw-submit-form';
  const footer = (
    <>
      <LinkButton href={p.back} hx-get={p.back} hx-target="#content" hx-push-url="true">
        关闭
      </LinkButton>
      <Button type="primary" htmlType="submit" form={formId}>
        提交
      </Button>
    </>
  );
  return (
    <DialogFrame title="提交作业" back={p.back} asDialog={p.asDialog} width={560} footer={footer}>
      <form
        id={formId}
        class="ant-form ant-form-horizontal app ant-form-css-var xt-form"
        method="post"
        action={action}
        hx-post={action}
        hx-target="#xt-modal"
        enctype="multipart/form-data"
        hx-encoding="multipart/form-data"
        novalidate
      >
        <input type="hidden" name="additionalId" value={str(p.r.additionalWorkId)} />
        <input type="hidden" name="departId" value={str(p.r.departId)} />
        <input type="hidden" name="back" value={p.back} />
        {p.message && <Alert type="error">{p.message}</Alert>}
        <p class="xt-hw-for">
          作业：{str(p.r.workName)} <Tag color="blue">{str(p.r.codeType_dictText)}</Tag>
        </p>
        <div class="ant-form-item app">
          <label for="hw-workName" class="xt-form-label">
            作业名
          </label>
          <input id="hw-workName" name="workName" class={inputClass()} maxlength={64} value={p.workName} aria-required="true" />
        </div>
        <div class="ant-form-item app">
          <label for="hw-workFile" class="xt-form-label">
            作业文件
          </label>
          <input id="hw-workFile" type="file" name="workFile" class="xt-upload-input" aria-required="true" />
          <div class="xt-muted">一个文件，不超过10MB（图片、Scratch 项目、压缩包、PDF 或 Office 文档）</div>
        </div>
      </form>
    </DialogFrame>
  );
}

const safeBack = (v: unknown) => {
  const s = str(v);
  return s.startsWith(`${MY_HOMEWORK_ROUTE}`) && !s.startsWith(`${MY_HOMEWORK_ROUTE}/`) ? s : MY_HOMEWORK_ROUTE;
};

/** The caller's homework item (published, of their class), from 我的作业's own list. */
async function myHomework(c: Context<PageEnv>, id: string): Promise<MyHomework | undefined> {
  const res = await c.get('upstream').send(myHomeworkApi.list, { query: {} });
  return res.body.success ? res.body.result.find((r) => r.additionalWorkId === id) : undefined;
}

export function registerAdditionalWorkPages(app: Hono<PageEnv>) {
  registerListPage(app, { spec: homeworkList, form: homeworkForm });

  // 提交情况: handed in (with grade) and missing, for the classes of the homework the teacher manages.
  app.get(HOMEWORK_SUBMISSIONS_ROUTE, (c) =>
    shellPage(c, { current: HOMEWORK_ROUTE, title: '提交情况' }, async () => {
      const id = (c.req.query('id') ?? '').slice(0, 64);
      const res = await c.get('upstream').send(homeworkApi.submissions, { query: { id } });
      const back = HOMEWORK_ROUTE;
      const head = (title: string) => (
        <div class="ant-card-head">
          <div class="ant-card-head-wrapper">
            <h2 class="ant-card-head-title">{title}</h2>
            <LinkButton {...navAttrs(back)}>返回</LinkButton>
          </div>
        </div>
      );
      if (!res.body.success) {
        return (
          <section class="ant-card ant-card-bordered app">
            {head('提交情况')}
            <div class="ant-card-body">
              <Alert type="warning">{res.body.message}</Alert>
            </div>
          </section>
        );
      }
      const { workName, submitted, missing } = res.body.result;
      const list = await loadSubList(c, homeworkSubmissions, { rows: { records: submitted as unknown as Record<string, unknown>[] } });
      const desk = hrefWith(GRADING_DESK_ROUTE, { additionalId: id });
      return (
        <section class="ant-card ant-card-bordered app xt-hw-subs">
          <link rel="stylesheet" href="/static/css/list.css" />
          <WorksStyles />
          <link rel="stylesheet" href={asset('/static/css/homework.css')} />
          {head(`提交情况 · ${workName}`)}
          <div class="ant-card-body">
            <p class="xt-hw-summary">
              已提交 <strong>{submitted.length}</strong> 人，未提交 <strong>{missing.length}</strong> 人。
              <a {...navAttrs(desk)}>到作业管理批改全部</a>
            </p>
            <h3 class="xt-hw-h">已提交</h3>
            <SubList
              spec={homeworkSubmissions}
              placement="tab"
              {...list}
              can={() => true}
              cells={{
                workName: (s) => (s.workFile_url ? <a href={str(s.workFile_url)} target="_blank" rel="noopener noreferrer">{str(s.workName)}</a> : str(s.workName)),
                workStatus: (s) => <Tag color={Number(s.workStatus) >= WORK_STATUS.graded ? 'green' : 'orange'}>{str(s.workStatus_dictText)}</Tag>,
                score: (s) => <Stars score={s.score} />,
              }}
              rowExtra={(s) => ({ inline: <a {...navAttrs(hrefWith(GRADING_DESK_ROUTE, { additionalId: id, workName: str(s.workName) }))}>批改</a> })}
            />
            <h3 class="xt-hw-h">未提交</h3>
            {missing.length === 0 ? (
              <p class="xt-muted">全部学生都已提交</p>
            ) : (
              <ul class="xt-hw-missing">
                {missing.map((m) => (
                  <li>
                    <Tag>
                      {str(m.realname)}（{str(m.username)}，{str(m.departName)}）
                    </Tag>
                  </li>
                ))}
              </ul>
            )}
          </div>
        </section>
      );
    }),
  );

  // 我的作业.
  app.get(MY_HOMEWORK_ROUTE, (c) =>
    shellPage(c, { current: MY_HOMEWORK_ROUTE, title: '我的作业' }, async () => {
      const raw = c.req.query('submit');
      const filter = raw === 'all' || raw === 'true' ? raw : 'false';
      const res = await c.get('upstream').send(myHomeworkApi.list, { query: filter === 'all' ? {} : { submit: filter } });
      const here = hrefWith(MY_HOMEWORK_ROUTE, { submit: filter });
      const flash = takeFlash(c);
      const rows = res.body.success ? res.body.result : [];
      return (
        <section class="ant-card ant-card-bordered app xt-hw-page">
          <link rel="stylesheet" href="/static/css/list.css" />
          <WorksStyles />
          <link rel="stylesheet" href={asset('/static/css/homework.css')} />
          <div class="ant-card-head">
            <div class="ant-card-head-wrapper">
              <h2 class="ant-card-head-title">我的作业</h2>
            </div>
          </div>
          <div class="ant-card-body">
            {flash && <Alert type={flash.type}>{flash.text}</Alert>}
            <nav class="ant-radio-group ant-radio-group-outline app xt-hw-filter" aria-label="提交状态">
              {FILTERS.map((f) => (
                <a
                  class={`ant-radio-button-wrapper app${f.value === filter ? ' ant-radio-button-wrapper-checked' : ''}`}
                  aria-current={f.value === filter ? 'page' : undefined}
                  {...navAttrs(hrefWith(MY_HOMEWORK_ROUTE, { submit: f.value }))}
                >
                  {f.label}
                </a>
              ))}
            </nav>
            {!res.body.success && <Alert type="warning">{res.body.message}</Alert>}
            {res.body.success && rows.length === 0 && <p class="xt-muted xt-hw-empty">{filter === 'false' ? '没有未提交的作业' : '暂无作业'}</p>}
            <ul class="xt-hw-list">
              {rows.map((r) => (
                <HomeworkItem r={r} back={here} />
              ))}
            </ul>
            <div id="xt-modal" />
          </div>
        </section>
      );
    }),
  );

  // A refused hand-in is 400 for a plain form post; htmx shows the dialog again (200).
  const submitView = (c: Context<PageEnv>, r: MyHomework, workName: string, back: string, message?: string, status: 200 | 400 = 200) =>
    dialogPage(c, { current: MY_HOMEWORK_ROUTE, title: '提交作业' }, (asDialog) => <SubmitDialog r={r} workName={workName} back={back} message={message} asDialog={asDialog} />, isHtmx(c) ? 200 : status);

  app.get(`${MY_HOMEWORK_ROUTE}/submit`, async (c) => {
    const back = safeBack(c.req.query('back'));
    const r = await myHomework(c, (c.req.query('id') ?? '').slice(0, 64));
    if (!r) {
      setFlash(c, { type: 'error', text: '作业不存在或已结束' });
      return backToList(c, back);
    }
    const workName = c.req.query('redo') ? str(r.workName) : str(r.mineWorkName || r.workName);
    return submitView(c, r, workName, back);
  });

  // Uploads the file through the checked upload path (it becomes a sys_file, whose id is the work file), then
  // hands the work in as 待批改.
  app.post(`${MY_HOMEWORK_ROUTE}/submit`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string | File>;
    const back = safeBack(form.back);
    const r = await myHomework(c, str(form.additionalId).slice(0, 64));
    if (!r) {
      setFlash(c, { type: 'error', text: '作业不存在或已结束' });
      return backToList(c, back);
    }
    const workName = str(form.workName).trim() || str(r.workName);
    const file = form.workFile;
    if (!(file instanceof File) || file.size === 0) return submitView(c, r, workName, back, '请上传作业文件', 400);
    const up = c.get('upstream');
    const stored = await up.upload(file, file.name || 'work', 'workfile');
    const fileId = (stored.body.result as { id?: string } | null)?.id;
    if (!stored.body.success || !fileId) return submitView(c, r, workName, back, `上传失败：${stored.body.message}`, 400);
    const res = await up.send(workApi.submit, {
      body: {
        workName,
        workFile: fileId,
        additionalId: str(r.additionalWorkId),
        departId: str(form.departId) || str(r.departId),
        workType: 0,
        workStatus: WORK_STATUS.submitted,
      },
    });
    if (!res.body.success) return submitView(c, r, workName, back, res.body.message, 400);
    setFlash(c, { type: 'success', text: '上传成功' });
    return backToList(c, back);
  });
}
