// The 课程 tab of 班级管理: a class's courses with their open times (设置开课时间), 添加已有课程 (only courses
// authorised for the class or an ancestor — the API filters them) and removal. Works without JavaScript:
// every action is a form (删除 asks first: in the browser with htmx, else on a confirmation page); htmx swaps the screen.
import type { Context, Hono } from 'hono';
import type { Child } from 'hono/jsx';
import { DEPART_ROUTE } from '../../resources/departs.js';
import { hrefWith, type Query } from '../../resources/url-state.js';
import { Alert, Button, inputClass, LinkButton, TableFrame, Tag } from '../../../templates/antd.js';
import { confirmAttrs } from '../../../templates/list/confirm-attrs.js';
import { navAttrs } from '../../../templates/list/list-view.js';
import { courseApi } from '../../contracts/courses.js';
import { departCourseApi } from '../../contracts/departs.js';
import type { PageEnv } from '../context.js';
import { unlessConfirmed } from '../confirm.js';
import { backToList } from '../list-page.js';
import { ask } from './departs/shared.js';
import { setFlash } from '../flash.js';
import { safeLocalPath } from '../safe-path.js';
import { str } from '../../shared/text.js';

const R = DEPART_ROUTE;
const safeBack = (back: unknown) => safeLocalPath(back, R, R);
const field = (v: unknown) => (typeof v === 'string' ? v : Array.isArray(v) ? String(v[0] ?? '') : '');
const fieldList = (v: unknown) => (Array.isArray(v) ? v.map(String) : typeof v === 'string' ? v.split(',') : []).map((s) => s.trim()).filter(Boolean);
/**
 * The open time is typed as text in the one format the screen shows ('YYYY-MM-DD HH:mm', seconds optional): a
 * datetime-local input shows the browser's locale format instead (11/27/2026, 01:04 PM beside 2026-11-27 13:04:00).
 * The API accepts the same forms (and the T form older links send) and says what it expects.
 */
const OPEN_TIME_PATTERN = '\\d{4}-\\d{2}-\\d{2}[ T]\\d{2}:\\d{2}(:\\d{2})?';

export async function coursesTab(c: Context<PageEnv>, d: { id: string; orgCategory: string }, q: Query, can: (code: string) => boolean): Promise<Child> {
  if (d.orgCategory !== '3') return <Alert type="info">只有班级可以添加课程，请在左侧选择一个班级。</Alert>;
  const up = c.get('upstream');
  const here = hrefWith(R, { id: d.id, tab: 'courses' });
  const keyword = (q.courseName ?? '').trim().slice(0, 64);
  const picking = q.pick === '1' && can('depart:course');
  const [assigned, candidates] = await Promise.all([
    up.send(departCourseApi.list, { query: { deptId: d.id, pageSize: 200 } }),
    picking ? up.send(courseApi.list, { query: { departId: d.id, pageSize: 50, ...(keyword ? { courseName: `*${keyword}*` } : {}) } }) : null,
  ]);
  if (!assigned.body.success) return <Alert type="warning">{assigned.body.message}</Alert>;
  const rows = assigned.body.result.records;
  const taken = new Set(rows.map((r) => str(r.courseId)));
  const mayEdit = can('depart:course');
  // Stored times are the server's local time.
  const now = new Date(Date.now() - new Date().getTimezoneOffset() * 60_000).toISOString().slice(0, 19).replace('T', ' ');

  return (
    <div class="xt-depart-courses">
      {mayEdit && (
        <div class="xt-toolbar">
          <LinkButton type="primary" {...navAttrs(hrefWith(R, { id: d.id, tab: 'courses', pick: '1' }))}>
            添加已有课程
          </LinkButton>
          {rows.length > 0 && (
            <Button htmlType="submit" form="xt-dept-courses" danger>
              删除关系
            </Button>
          )}
        </div>
      )}

      {picking && candidates && (
        <section class="xt-candidates" aria-label="选择课程">
          <form method="get" action={R} hx-get={R} hx-target="#content" hx-push-url="true" class="xt-add-member" role="search">
            <input type="hidden" name="id" value={d.id} />
            <input type="hidden" name="tab" value="courses" />
            <input type="hidden" name="pick" value="1" />
            <input class={inputClass()} name="courseName" value={keyword} placeholder="请输入课程名" aria-label="课程名" maxlength={64} />
            <Button htmlType="submit">查询</Button>
          </form>
          {!candidates.body.success ? (
            <Alert type="warning">{candidates.body.message}</Alert>
          ) : candidates.body.result.records.length === 0 ? (
            <Alert type="info">没有授权给本班级的课程</Alert>
          ) : (
            <form method="post" action={`${R}/courses/add`} hx-post={`${R}/courses/add`} hx-target="#content">
              <input type="hidden" name="deptId" value={d.id} />
              <input type="hidden" name="back" value={here} />
              <div class="xt-candidates-title">只列出授权给本班级或其上级部门的课程，勾选后点“添加”：</div>
              <ul class="xt-candidate-list">
                {candidates.body.result.records.map((course) => (
                  <li>
                    <label class="xt-check-label">
                      <input type="checkbox" class="xt-check" name="courseIds" value={str(course.id)} disabled={taken.has(str(course.id))} />
                      <span>{str(course.courseName)}</span>
                      <span class="xt-tree-note">{taken.has(str(course.id)) ? '已添加' : str(course.createTime)}</span>
                    </label>
                  </li>
                ))}
              </ul>
              <span class="xt-query-buttons">
                <Button type="primary" htmlType="submit">
                  添加
                </Button>
                <LinkButton {...navAttrs(here)}>取消</LinkButton>
              </span>
            </form>
          )}
        </section>
      )}

      {/* The batch-remove form; the per-row open-time forms sit outside it (forms cannot nest). */}
      <form id="xt-dept-courses" method="post" action={`${R}/courses/remove`} hx-post={`${R}/courses/remove`} hx-target="#content" {...confirmAttrs('确定删除选中的课程关系吗?')}>
        <input type="hidden" name="deptId" value={d.id} />
        <input type="hidden" name="back" value={here} />
      </form>
      <TableFrame>
        <thead class="ant-table-thead">
          <tr>
            {mayEdit && <th class="ant-table-cell ant-table-selection-column" scope="col" />}
            <th class="ant-table-cell" scope="col">
              课程名
            </th>
            <th class="ant-table-cell" scope="col">
              开课时间
            </th>
            {mayEdit && (
              <th class="ant-table-cell xt-actions-col" scope="col">
                操作
              </th>
            )}
          </tr>
        </thead>
        <tbody class="ant-table-tbody">
          {rows.map((r) => {
            const open = str(r.openTime);
            const formId = `xt-open-${str(r.id)}`;
            return (
              <tr class="ant-table-row" data-row-key={str(r.id)}>
                {mayEdit && (
                  <td class="ant-table-cell ant-table-selection-column">
                    <input type="checkbox" class="xt-check" name="ids" value={str(r.id)} form="xt-dept-courses" aria-label={`选择 ${str(r.courseName)}`} />
                  </td>
                )}
                <td class="ant-table-cell">{str(r.courseName)}</td>
                <td class="ant-table-cell">
                  {!open ? <Tag color="default">未设置（学生看不到）</Tag> : open > now ? <Tag color="orange">{open} 开课</Tag> : <Tag color="green">{open}</Tag>}
                </td>
                {mayEdit && (
                  <td class="ant-table-cell xt-row-actions">
                    <form id={formId} method="post" action={`${R}/courses/openTime`} hx-post={`${R}/courses/openTime`} hx-target="#content" class="xt-open-time">
                      <input type="hidden" name="id" value={str(r.id)} />
                      <input type="hidden" name="back" value={here} />
                      <input
                        type="text"
                        class={inputClass({ extra: 'xt-open-time-input' })}
                        name="openTime"
                        value={open}
                        pattern={OPEN_TIME_PATTERN}
                        maxlength={19}
                        placeholder="如 2026-09-01 08:30"
                        title="年-月-日 时:分，如 2026-09-01 08:30"
                        autocomplete="off"
                        aria-label={`${str(r.courseName)} 的课程开课时间`}
                      />
                      <Button htmlType="submit" size="small">
                        设置开课时间
                      </Button>
                    </form>
                    <form method="post" action={`${R}/courses/remove`} hx-post={`${R}/courses/remove`} hx-target="#content" {...confirmAttrs('确定删除吗?')} class="xt-inline-form">
                      <input type="hidden" name="ids" value={str(r.id)} />
                      <input type="hidden" name="deptId" value={d.id} />
                      <input type="hidden" name="back" value={here} />
                      <button type="submit" class="xt-link-button xt-action-danger">
                        删除
                      </button>
                    </form>
                  </td>
                )}
              </tr>
            );
          })}
          {rows.length === 0 && (
            <tr class="ant-table-placeholder">
              <td class="ant-table-cell" colSpan={4}>
                <div class="ant-empty ant-empty-normal app xt-empty">本班级还没有课程</div>
              </td>
            </tr>
          )}
        </tbody>
      </TableFrame>
    </div>
  );
}

export function registerDepartCoursePages(app: Hono<PageEnv>) {
  app.post(`${R}/courses/add`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
    const back = safeBack(form.back);
    const courseIds = fieldList(form.courseIds);
    if (!courseIds.length) {
      setFlash(c, { type: 'warning', text: '请选择要添加的课程' });
      return backToList(c, hrefWith(back, { pick: '1' }));
    }
    const res = await c.get('upstream').send(departCourseApi.add, { body: { deptId: field(form.deptId), courseIdList: courseIds } });
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.success ? '课程已添加，请设置开课时间' : res.body.message });
    return backToList(c, back);
  });

  app.post(`${R}/courses/openTime`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
    const back = safeBack(form.back);
    const res = await c.get('upstream').send(departCourseApi.setOpenTime, { body: { id: field(form.id), openTime: field(form.openTime) } });
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.success ? '开课时间已保存' : res.body.message });
    return backToList(c, back);
  });

  app.post(`${R}/courses/remove`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, unknown>;
    const back = safeBack(form.back);
    const ids = fieldList(form.ids);
    if (!ids.length) {
      setFlash(c, { type: 'warning', text: '请选择要删除的课程关系' });
      return backToList(c, back);
    }
    // Without JavaScript the form arrives unconfirmed: name the courses and ask first.
    const asked = unlessConfirmed(c, form, async () => {
      const deptId = field(form.deptId);
      const listed = deptId ? await c.get('upstream').send(departCourseApi.list, { query: { deptId, pageSize: 200 } }) : null;
      const chosen = new Set(ids);
      return ask({
        title: '删除课程关系',
        text: ids.length > 1 ? `确定删除选中的 ${ids.length} 个课程关系吗?学生将不再看到这些课程。` : '确定删除该课程关系吗?学生将不再看到这门课程。',
        items: listed?.body.success ? listed.body.result.records.filter((r) => chosen.has(str(r.id))).map((r) => str(r.courseName)) : undefined,
        action: `${R}/courses/remove`,
        hidden: { ids: ids.join(','), deptId, back },
        back,
      });
    });
    if (asked) return asked;
    const res = await c.get('upstream').send(departCourseApi.removeBatch, { query: { ids: `${ids.join(',')},` } });
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.message || (res.body.success ? '删除成功!' : '删除失败') });
    return backToList(c, back);
  });
}
