// 用户管理 → 详情: the user form read-only, with status, roles and classes above it.
import type { Hono } from 'hono';
import { userAdminApi, type UserRecord } from '../../../contracts/users.js';
import { userForm } from '../../../resources/users.js';
import { Tag } from '../../../../templates/antd.js';
import { FormView } from '../../../../templates/list/form-view.js';
import type { PageEnv } from '../../context.js';
import { backToList, fieldOptions } from '../../list-page.js';
import { setFlash } from '../../flash.js';
import { expired, loadValues, route, safeBack, SCREEN, str, STYLE } from './shared.js';
import { dialogPage } from '../../dialog-page.js';
import { pickerData, renderControl } from './depart-picker.js';

/** 用户信息 shown above a read-only form: what the form's fields do not show. */
function Description({ r }: { r: UserRecord }) {
  return (
    <dl class="xt-desc">
      <style>{STYLE}</style>
      <dt>状态</dt>
      <dd>
        <Tag color={str(r.status) === '2' ? 'red' : 'green'}>{str(r.status_dictText) || (str(r.status) === '2' ? '冻结' : '正常')}</Tag>
      </dd>
      <dt>角色</dt>
      <dd>{str(r.roleTxt) || '—'}</dd>
      <dt>所属班级</dt>
      <dd>{str(r.orgCodeTxt) || '—'}</dd>
      <dt>负责班级</dt>
      <dd>{str(r.departIds_dictText) || '—'}</dd>
      <dt>创建</dt>
      <dd>
        {str(r.createBy)} {str(r.createTime)}
      </dd>
      <dt>更新</dt>
      <dd>
        {str(r.updateBy)} {str(r.updateTime)}
      </dd>
    </dl>
  );
}

export function registerUserDetailPage(app: Hono<PageEnv>) {
  app.get(`${route}/detail`, async (c) => {
    const id = c.req.query('id') ?? '';
    const back = safeBack(c.req.query('back'));
    const up = c.get('upstream');
    const res = await up.send(userAdminApi.queryById, { query: { id } });
    if (!res.body.success) {
      if (expired(res)) return c.redirect('/user/login', 303);
      setFlash(c, { type: 'error', text: res.body.message || '未找到对应实体' });
      return backToList(c, back);
    }
    const values = { ...res.body.result, ...(await loadValues(up, id, res.body.result)) };
    const fields = userForm.fields.filter((f) => !f.addOnly);
    return dialogPage(c, SCREEN, async (asDialog) => {
      const [options, data] = await Promise.all([fieldOptions(up, fields), pickerData(up, values)]);
      return (
        <FormView
          title="用户详情"
          width={userForm.width}
          fields={fields}
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
    });
  });
}
