// 在线表单开发, the rest of the designer: custom buttons (/online/cgform/button; stored for the anchor's designer,
// never run) and the routes that would run code an administrator writes — Java, SQL and JS enhancements and the
// code generator — which Xuetang answers, each, with one clear refusal. Administrators only.
import type { Context } from 'hono';
import { z } from 'zod';
import { cgformButtonApi, cgformCustomCodeApi } from '../../contracts/online-forms.js';
import type { ApiEnv } from '../../context.js';
import type { RowOf } from '../../db/schema.js';
import { newId } from '../../domain/ids.js';
import { camel } from '../../domain/serialize.js';
import { CGFORM_BUTTON_KEYS, cgformButtonFields } from '../../resources/online-forms.js';
import type { ApiRoutes } from '../access.js';
import { fail, jsonBody, ok, page, paging } from '../envelope.js';
import { idList } from '../list-query.js';
import { DESIGN } from './report-context.js';

/** The answer of every route that would run custom code. */
export const NO_CUSTOM_CODE = '学堂不运行自定义代码：在线表单的 Java 增强、SQL 增强、JS 增强和代码生成均不可用';

const buttonSchema = cgformButtonFields.schema(CGFORM_BUTTON_KEYS);
const editSchema = buttonSchema.extend({ id: z.string({ message: 'id不能为空' }).min(1, 'id不能为空').max(64) });

const buttonValues = (b: z.infer<typeof buttonSchema>) => ({
  button_code: b.buttonCode,
  button_name: b.buttonName,
  button_icon: b.buttonIcon || null,
  button_status: b.buttonStatus || '1',
  button_style: b.buttonStyle || 'button',
  exp: b.exp || null,
  cgform_head_id: b.cgformHeadId,
  opt_type: b.optType || 'js',
  order_num: b.orderNum ?? null,
  opt_position: b.optPosition || '2',
});

async function headExists(c: Context<ApiEnv>, id: string) {
  return !!(await c.get('deps').db.selectFrom('onl_cgform_head').select('id').where('id', '=', id).executeTakeFirst());
}

async function codeTaken(c: Context<ApiEnv>, headId: string, code: string, exceptId?: string) {
  let q = c.get('deps').db.selectFrom('onl_cgform_button').select('id').where('cgform_head_id', '=', headId).where('button_code', '=', code);
  if (exceptId) q = q.where('id', '!=', exceptId);
  return !!(await q.executeTakeFirst());
}

export function registerCgformButtonRoutes(r: ApiRoutes) {
  r.at(cgformButtonApi.list, DESIGN, async (c) => {
    const { db } = c.get('deps');
    const { pageNo, pageSize, offset } = paging(c, 10, 200);
    const base = db.selectFrom('onl_cgform_button').where('cgform_head_id', '=', c.req.param('code') ?? '');
    const [rows, count] = await Promise.all([
      base.selectAll().orderBy('order_num').orderBy('id').limit(pageSize).offset(offset).execute(),
      base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirst(),
    ]);
    return ok(c, page(rows.map((b: RowOf<'onl_cgform_button'>) => camel(b)), Number(count?.n ?? 0), pageNo, pageSize), '操作成功！', 200);
  });

  r.at(cgformButtonApi.add, DESIGN, async (c) => {
    const body = await jsonBody(c, buttonSchema);
    if (!body.ok) return body.response;
    if (!(await headExists(c, body.data.cgformHeadId))) return fail(c, '表单不存在');
    if (await codeTaken(c, body.data.cgformHeadId, body.data.buttonCode)) return fail(c, `按钮编码“${body.data.buttonCode}”已存在`);
    await c.get('deps').db.insertInto('onl_cgform_button').values({ id: newId(), ...buttonValues(body.data) }).execute();
    return ok(c, null, '添加成功！', 200);
  });

  r.at(cgformButtonApi.edit, DESIGN, async (c) => {
    const body = await jsonBody(c, editSchema);
    if (!body.ok) return body.response;
    const { db } = c.get('deps');
    if (!(await db.selectFrom('onl_cgform_button').select('id').where('id', '=', body.data.id).executeTakeFirst())) return fail(c, '未找到对应实体');
    if (!(await headExists(c, body.data.cgformHeadId))) return fail(c, '表单不存在');
    if (await codeTaken(c, body.data.cgformHeadId, body.data.buttonCode, body.data.id)) return fail(c, `按钮编码“${body.data.buttonCode}”已存在`);
    await db.updateTable('onl_cgform_button').set(buttonValues(body.data)).where('id', '=', body.data.id).execute();
    return ok(c, null, '编辑成功!', 200);
  });

  const remove = async (c: Context<ApiEnv>, ids: string[], message: string) => {
    if (!ids.length) return fail(c, '请选择要删除的按钮');
    const { db } = c.get('deps');
    const found = await db.selectFrom('onl_cgform_button').select('id').where('id', 'in', ids).execute();
    if (found.length !== ids.length) return fail(c, '未找到对应实体');
    await db.deleteFrom('onl_cgform_button').where('id', 'in', ids).execute();
    return ok(c, null, message, 200);
  };
  r.at(cgformButtonApi.delete, DESIGN, (c) => remove(c, idList(c.req.query('id'), 1), '删除成功!'));
  r.at(cgformButtonApi.deleteBatch, DESIGN, (c) => remove(c, idList(c.req.query('ids'), 500), '批量删除成功!'));

  for (const endpoint of Object.values(cgformCustomCodeApi)) r.at(endpoint, DESIGN, (c) => fail(c, NO_CUSTOM_CODE));
}
