// 班级管理's department dialogs: the add form (a root, or a child), saving (add, or the 基本信息 tab's edit) and
// the delete confirmation that names every department going with it.
import type { Context, Hono } from 'hono';
import { departForm } from '../../../resources/departs.js';
import type { FieldSpec } from '../../../resources/spec.js';
import { findNode, flattenTree } from '../../../../templates/list/depart-tree.js';
import { FormView } from '../../../../templates/list/form-view.js';
import type { PageEnv } from '../../context.js';
import { isConfirmed } from '../../confirm.js';
import { fieldOptions, formToBody, isHtmx } from '../../list-page.js';
import { shellPage } from '../../shell-page.js';
import { screen } from './screen.js';
import { departApi } from '../../../contracts/departs.js';
import { categoryOptions, ConfirmBox, done, formString, loadTree, R, respond, safeBack, screenHref, TITLE } from './shared.js';

export function registerDepartDialogs(app: Hono<PageEnv>) {
  // Add form (a root, or a child of parentId).
  const renderAddForm = async (c: Context<PageEnv>, asDialog: boolean, args: { parentId: string; values: Record<string, unknown>; errors: Record<string, string>; message?: string; back: string }) => {
    const up = c.get('upstream');
    let parentName = '';
    let parentCategory = '';
    if (args.parentId) {
      const parent = await up.send(departApi.queryById, { query: { id: args.parentId } });
      if (parent.body.success) {
        parentName = parent.body.result.departName;
        parentCategory = parent.body.result.orgCategory;
      }
    }
    const options = await fieldOptions(up, departForm.fields);
    options.orgCategory = categoryOptions(options.orgCategory ?? [], !args.parentId);
    const fields: FieldSpec[] = departForm.fields.map((f) =>
      f.key === 'orgCategory' ? { ...f, defaultValue: !args.parentId ? '1' : parentCategory === '1' ? '2' : '3' } : f,
    );
    return (
      <FormView
        title={args.parentId ? `添加下级（上级：${parentName || '未知'}）` : '添加一级部门'}
        width={departForm.width}
        fields={fields}
        values={args.values}
        errors={args.errors}
        message={args.message}
        options={options}
        action={`${R}/save`}
        back={args.back}
        mode="add"
        hidden={{ back: args.back, ...(args.parentId ? { parentId: args.parentId } : {}) }}
        asDialog={asDialog}
      />
    );
  };

  app.get(`${R}/form`, (c) => {
    const parentId = c.req.query('parentId') ?? '';
    const back = safeBack(c.req.query('back'));
    return respond(c, TITLE, (_session, asDialog) => renderAddForm(c, asDialog, { parentId, values: {}, errors: {}, back }));
  });

  app.post(`${R}/save`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const id = formString(form.id);
    const parentId = formString(form.parentId);
    const back = safeBack(form.back);
    const body: Record<string, unknown> = formToBody(form, departForm.fields);
    if (!id && parentId) body.parentId = parentId;
    const up = c.get('upstream');
    const res = id
      ? await up.send(departApi.edit, { body: { ...body, id } })
      : await up.send(departApi.add, { body });
    if (res.body.success) {
      const newId = !id ? (res.body.result as { id?: string } | null)?.id : undefined;
      return done(c, true, res.body.message, newId ? screenHref({ id: newId }) : id ? screenHref({ id, tab: 'info' }) : back);
    }
    if (res.status === 500 && res.body.message?.startsWith('Token失效')) return c.redirect('/user/login', 303);
    const errors = res.body.result?.errors ?? {};
    const placed = Object.keys(errors).length > 0 && Object.keys(errors).every((k) => departForm.fields.some((f) => f.key === k));
    const message = placed ? undefined : res.body.message;
    const values = Object.fromEntries(Object.entries(form).map(([k, v]) => [k, v]));
    if (id) {
      // The edit form lives in the 基本信息 tab: show the screen again with what was typed and the errors.
      return shellPage(c, { current: R, title: TITLE }, (session) => screen(c, session, { id, tab: 'info' }, { values: { ...values, id }, errors, message }), isHtmx(c) ? 200 : 400);
    }
    return respond(c, TITLE, (_session, asDialog) => renderAddForm(c, asDialog, { parentId, values, errors, message, back }), isHtmx(c) ? 200 : 400);
  });

  // Delete: the confirmation names the department and every department below it.
  const deleteConfirm = async (c: Context<PageEnv>, id: string) => {
    const up = c.get('upstream');
    const res = await up.send(departApi.queryById, { query: { id } });
    if (!res.body.success) return done(c, false, res.body.message, R);
    const d = res.body.result;
    return respond(c, TITLE, async (session, asDialog) => {
      const tree = await loadTree(up, session);
      const below = flattenTree(findNode(tree.nodes, d.id)?.children ?? []);
      return (
        <ConfirmBox
          asDialog={asDialog}
          title="删除部门"
          text={
            below.length ? (
              <>
                确定删除“{d.departName}”吗？它的 {below.length} 个下级部门会一并删除，其成员关系、部门权限和部门角色也会删除：
              </>
            ) : (
              <>确定删除“{d.departName}”吗？其成员关系、部门权限和部门角色也会删除。</>
            )
          }
          items={below.map((n) => `${n.title}（${n.orgCode}）`)}
          action={`${R}/delete`}
          hidden={{ id: d.id, parentId: d.parentId ?? '' }}
          back={screenHref({ id: d.id })}
        />
      );
    });
  };
  app.get(`${R}/delete`, (c) => deleteConfirm(c, c.req.query('id') ?? ''));

  app.post(`${R}/delete`, async (c) => {
    const form = (await c.req.parseBody()) as Record<string, string>;
    const id = formString(form.id);
    if (!isConfirmed(form)) return deleteConfirm(c, id);
    const res = await c.get('upstream').send(departApi.delete, { query: { id } });
    const parentId = formString(form.parentId);
    return done(c, res.body.success, res.body.message, res.body.success ? (parentId ? screenHref({ id: parentId }) : R) : screenHref({ id }));
  });
}
