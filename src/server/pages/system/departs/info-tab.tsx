// 班级管理 → 基本信息: the selected department's edit form (a failed save shows it again with what was typed).
import type { Context } from 'hono';
import type { Child } from 'hono/jsx';
import { departForm } from '../../../resources/departs.js';
import { Alert, Button } from '../../../../templates/antd.js';
import { Fields } from '../../../../templates/list/form-view.js';
import type { PageEnv } from '../../context.js';
import { fieldOptions } from '../../list-page.js';
import type { DepartDetail } from '../../../contracts/departs.js';
import { categoryOptions, R, screenHref } from './shared.js';

export interface InfoOverride {
  values: Record<string, unknown>;
  errors: Record<string, string>;
  message?: string;
}

export async function infoTab(c: Context<PageEnv>, d: DepartDetail, info?: InfoOverride): Promise<Child> {
  const options = await fieldOptions(c.get('upstream'), departForm.fields);
  options.orgCategory = categoryOptions(options.orgCategory ?? [], !d.parentId);
  const back = screenHref({ id: d.id, tab: 'info' });
  return (
    <form method="post" action={`${R}/save`} hx-post={`${R}/save`} hx-target="#content" class="ant-form ant-form-horizontal app ant-form-css-var xt-form xt-depart-info" novalidate>
      <input type="hidden" name="id" value={d.id} />
      <input type="hidden" name="back" value={back} />
      {info?.message && <Alert type="error">{info.message}</Alert>}
      <Fields
        title="基本信息"
        fields={departForm.fields}
        values={info?.values ?? d}
        errors={info?.errors ?? {}}
        options={options}
        action={`${R}/save`}
        back={back}
        mode="edit"
        hidden={{}}
        asDialog={false}
        idPrefix="d-"
      />
      <div class="xt-form-actions xt-form-actions-left">
        <Button type="primary" htmlType="submit">
          保存
        </Button>
      </div>
    </form>
  );
}
