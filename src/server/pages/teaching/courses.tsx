// 课程包管理 (/course/course) and 课程单元管理 (/course/courseUnit): declared lists with their dialogs, plus the
// 地图编辑器 (/course/courseUnit/map?courseId=) that places a map course's units on its map. The editor works
// as a plain form (X/Y per unit); the map-editor island adds click-to-select and dragging on the map, and
// asks before leaving with unsaved moves.
import type { Context, Hono } from 'hono';
import { courseApi, courseUnitApi, type UnitRecord } from '../../contracts/courses.js';
import { courseForm, coursesList, MAP_EDITOR_ROUTE, UNIT_ROUTE, unitForm, unitsList } from '../../resources/courses.js';
import { hrefWith } from '../../resources/url-state.js';
import { Alert, Button, inputClass, LinkButton } from '../../../templates/antd.js';
import { IslandProps } from '../../../templates/island-props.js';
import { navAttrs } from '../../../templates/list/list-view.js';
import type { PageEnv } from '../context.js';
import { backToList, registerListPage } from '../list-page.js';
import { setFlash, takeFlash } from '../flash.js';
import { shellPage } from '../shell-page.js';
import { str } from '../../shared/text.js';

/** A stored embed is our own iframe: the form shows its player URL. */
const embedSrc = (html: string) => /\bsrc="([^"]+)"/.exec(html)?.[1]?.replace(/&amp;/g, '&') ?? html;

export function registerCoursePages(app: Hono<PageEnv>) {
  registerListPage(app, { spec: coursesList, form: courseForm });

  registerListPage(app, {
    spec: unitsList,
    form: unitForm,
    // The form shows the video in two fields (an upload, or a link/embed), which the API takes as they are.
    loadValues: async (_up, _id, r) => {
      const source = str(r.courseVideoSource) || '1';
      const video = str(r.courseVideo);
      return source === '1' ? { courseVideoFile: video } : { courseVideoLink: source === '3' ? embedSrc(video) : video };
    },
    // A course's units: its map editor is one click away.
    extra: (c) => {
      const courseId = c.req.query('courseId');
      return courseId ? (
        <div class="xt-toolbar">
          <LinkButton {...navAttrs(hrefWith(MAP_EDITOR_ROUTE, { courseId }))}>地图编辑器</LinkButton>
        </div>
      ) : null;
    },
  });

  app.get(MAP_EDITOR_ROUTE, (c) =>
    shellPage(c, { current: UNIT_ROUTE, title: '地图编辑器' }, async () => {
      const courseId = (c.req.query('courseId') ?? '').slice(0, 64);
      const up = c.get('upstream');
      const [course, units] = await Promise.all([
        up.send(courseApi.queryById, { query: { id: courseId } }),
        up.send(courseUnitApi.list, { query: { courseId, pageSize: 500, column: 'orderNum', order: 'asc' } }),
      ]);
      const flash = takeFlash(c);
      if (!course.body.success) return <Alert type="warning">{course.body.message}</Alert>;
      if (!units.body.success) return <Alert type="warning">{units.body.message}</Alert>;
      // Units not placed yet start in a row near the top-left corner, where they can be seen and dragged.
      const list = units.body.result.records.map((u, i): UnitRecord => ({
        ...u,
        mapX: u.mapX ?? 60 + (i % 8) * 90,
        mapY: u.mapY ?? 60 + Math.floor(i / 8) * 90,
      }));
      const back = hrefWith(UNIT_ROUTE, { courseId });
      const mapUrl = str(course.body.result.courseMap_url);
      const props = { message: '地图已修改，确定要关闭吗 ?' };
      // Another's course (a teacher sees every course but changes only their own): the map to look at, no dragging, no 保存.
      const editable = course.body.result.canEdit !== false;
      return (
        <section class="ant-card ant-card-bordered app xt-map-editor-page">
          <link rel="stylesheet" href="/static/css/list.css" />
          <link rel="stylesheet" href="/static/css/courses.css" />
          <div class="ant-card-head">
            <div class="ant-card-head-wrapper">
              <h2 class="ant-card-head-title">地图编辑器 · {str(course.body.result.courseName)}</h2>
            </div>
          </div>
          <div class="ant-card-body">
            {flash && <Alert type={flash.type}>{flash.text}</Alert>}
            {list.length === 0 ? (
              <Alert type="warning">没有课程单元</Alert>
            ) : (
              <div {...(editable ? { 'data-island': 'map-editor', 'data-island-load': 'visible' } : {})} class="xt-map-editor">
                {editable ? <IslandProps value={props} /> : <Alert type="info">只能修改自己创建的课程中的单元，这里只能查看。</Alert>}
                <form method="post" action={`${MAP_EDITOR_ROUTE}/save`} hx-post={`${MAP_EDITOR_ROUTE}/save`} hx-target="#content" class="xt-map-form">
                  <input type="hidden" name="courseId" value={courseId} />
                  <div class="xt-map-tools">
                    <label for="xt-map-unit">单元</label>
                    <select id="xt-map-unit" class="xt-native-select xt-map-select">
                      {list.map((u) => (
                        <option value={str(u.id)}>{str(u.unitName)}</option>
                      ))}
                    </select>
                    <span class="ant-tag app ant-tag-blue xt-map-hint">单击选中单元，双击图标开始拖动/结束拖动，也可以直接拖动</span>
                  </div>
                  {!mapUrl && <Alert type="info">课程还没有上传地图图片，单元将摆放在空白画布上。</Alert>}
                  <div class="xt-map-canvas">
                    {mapUrl && <img src={mapUrl} alt="课程地图" class="xt-map-image" />}
                    {list.map((u) => (
                      <div class="xt-map-flag" data-unit={str(u.id)} style={`left:${Number(u.mapX ?? 0) - 25}px;top:${Number(u.mapY ?? 0) - 25}px`}>
                        <span class="xt-map-pin" aria-hidden="true">⚑</span>
                        <span class="xt-map-name">{str(u.unitName)}</span>
                      </div>
                    ))}
                  </div>
                  <table class="xt-map-coords">
                    <thead>
                      <tr>
                        <th scope="col">单元</th>
                        <th scope="col">X</th>
                        <th scope="col">Y</th>
                      </tr>
                    </thead>
                    <tbody>
                      {list.map((u) => (
                        <tr data-unit={str(u.id)}>
                          <td>{str(u.unitName)}</td>
                          <td>
                            <input type="number" min="0" max="10000" class={inputClass()} name={`x.${str(u.id)}`} value={str(u.mapX ?? 0)} readonly={!editable} aria-label={`${str(u.unitName)} 地图坐标X`} />
                          </td>
                          <td>
                            <input type="number" min="0" max="10000" class={inputClass()} name={`y.${str(u.id)}`} value={str(u.mapY ?? 0)} readonly={!editable} aria-label={`${str(u.unitName)} 地图坐标Y`} />
                          </td>
                        </tr>
                      ))}
                    </tbody>
                  </table>
                  <div class="xt-form-actions">
                    <LinkButton {...navAttrs(back)} class="xt-map-close">
                      关闭
                    </LinkButton>
                    {editable && (
                      <Button type="primary" htmlType="submit">
                        保存
                      </Button>
                    )}
                  </div>
                </form>
              </div>
            )}
          </div>
        </section>
      );
    }),
  );

  app.post(`${MAP_EDITOR_ROUTE}/save`, async (c: Context<PageEnv>) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const courseId = str(form.courseId).slice(0, 64);
    const here = hrefWith(MAP_EDITOR_ROUTE, { courseId });
    const units = Object.keys(form)
      .filter((k) => k.startsWith('x.'))
      .map((k) => ({ id: k.slice(2), mapX: form[k], mapY: form[`y.${k.slice(2)}`] }));
    const res = await c.get('upstream').send(courseUnitApi.saveMapPositions, { body: units });
    setFlash(c, { type: res.body.success ? 'success' : 'error', text: res.body.success ? '地图已保存' : res.body.message });
    return backToList(c, here);
  });
}

