// 用户管理's department pickers (所属班级, 负责班级): a school system can hold thousands of classes, so the form shows
// the chosen ones and the first matches of a search (server-side, htmx), not every department as a checkbox.
import type { Hono } from 'hono';
import type { Child } from 'hono/jsx';
import type { FieldSpec } from '../../../resources/spec.js';
import { cx, inputClass } from '../../../../templates/antd.js';
import type { ControlContext } from '../../../../templates/list/form-view.js';
import { userAdminApi, type DepartOption } from '../../../contracts/users.js';
import type { Upstream } from '../../../upstream/client.js';
import type { PageEnv } from '../../context.js';
import { first, ids, route, STYLE } from './shared.js';

const PICKER_SIZE = 40;
const PICKER_FIELDS = ['selecteddeparts', 'departIds'] as const;
type PickerField = (typeof PICKER_FIELDS)[number];

async function departOptions(up: Upstream, params: { keyword?: string; ids?: string[]; pageSize?: number }): Promise<DepartOption[]> {
  const res = await up.send(userAdminApi.departOptions, {
    query: { keyword: params.keyword || undefined, ids: params.ids?.length ? params.ids.join(',') : undefined, pageSize: params.pageSize },
  });
  return res.body.success && Array.isArray(res.body.result) ? res.body.result : [];
}

/** The chosen departments' names and the first options, for both pickers of the form. */
export async function pickerData(up: Upstream, values: Record<string, unknown>) {
  const chosenIds = [...new Set(PICKER_FIELDS.flatMap((f) => ids(values[f])))];
  const [chosen, first] = await Promise.all([chosenIds.length ? departOptions(up, { ids: chosenIds }) : Promise.resolve([]), departOptions(up, { pageSize: PICKER_SIZE + 1 })]);
  return { departChosen: chosen, departFirst: first };
}

function PickerList({ field, selected, chosen, found, keyword }: { field: PickerField; selected: string[]; chosen: DepartOption[]; found: DepartOption[]; keyword: string }) {
  const picked = new Set(selected);
  const named = chosen.filter((d) => picked.has(d.id));
  const shownIds = new Set(named.map((d) => d.id));
  const others = found.filter((d) => !shownIds.has(d.id)).slice(0, PICKER_SIZE);
  const more = found.filter((d) => !shownIds.has(d.id)).length > PICKER_SIZE;
  const item = (d: DepartOption, checked: boolean) => (
    <label class={cx('ant-checkbox-wrapper ant-checkbox-group-item app ant-checkbox-css-var', checked && 'ant-checkbox-wrapper-checked')} title={d.orgCode}>
      <span class={cx('ant-checkbox', checked && 'ant-checkbox-checked')}>
        <input class="ant-checkbox-input" type="checkbox" name={field} value={d.id} checked={checked} />
        <span class="ant-checkbox-inner" />
      </span>
      <span class="ant-checkbox-label">{d.title}</span>
    </label>
  );
  return (
    <div id={`xt-picker-${field}`} class="xt-picker-list">
      <div class="xt-checks xt-picker-checks">
        {named.map((d) => item(d, true))}
        {others.map((d) => item(d, false))}
        {named.length + others.length === 0 && <span class="xt-muted">{keyword ? `没有找到“${keyword}”` : '无可选项'}</span>}
      </div>
      {more && <div class="xt-muted xt-picker-more">还有更多，请输入名称搜索</div>}
      {/* Chosen departments the caller cannot see by name stay chosen. */}
      {selected
        .filter((id) => !shownIds.has(id))
        .map((id) => (
          <input type="hidden" name={field} value={id} />
        ))}
    </div>
  );
}

function DepartPicker({ field, ctx, chosen, first }: { field: PickerField; ctx: ControlContext; chosen: DepartOption[]; first: DepartOption[] }) {
  const selected = ids(ctx.value);
  if (ctx.mode === 'detail') {
    const names = chosen.filter((d) => selected.includes(d.id)).map((d) => d.title);
    return <span class="xt-static">{names.join('、') || '—'}</span>;
  }
  return (
    <div class={cx('xt-depart-picker', ctx.error && 'xt-depart-picker-error')} id={`f-${field}`}>
      <style>{STYLE}</style>
      <input
        type="search"
        class={inputClass({ extra: 'xt-picker-search' })}
        name={`kw_${field}`}
        form="xt-depart-search"
        placeholder="输入学校、年级或班级名称筛选"
        aria-label="筛选班级"
        autocomplete="off"
        hx-post={`${route}/depart-picker`}
        hx-trigger="input changed delay:300ms, search"
        hx-target={`#xt-picker-${field}`}
        hx-swap="outerHTML"
        hx-include={`#xt-picker-${field}`}
        hx-vals={JSON.stringify({ field })}
      />
      <PickerList field={field} selected={selected} chosen={chosen} found={first} keyword="" />
    </div>
  );
}

export function renderControl(f: FieldSpec, ctx: ControlContext & { data: Record<string, unknown> }): Child | undefined {
  if ((PICKER_FIELDS as readonly string[]).includes(f.key)) {
    const chosen = (ctx.data.departChosen as DepartOption[]) ?? [];
    const first = (ctx.data.departFirst as DepartOption[]) ?? [];
    // 负责班级 is set by administrators only (the API refuses anyone else): others see it read-only and send it back as it is.
    if (f.key === 'departIds' && ctx.mode !== 'detail' && !ctx.data.setsManaged) {
      return (
        <>
          <DepartPicker field="departIds" ctx={{ ...ctx, mode: 'detail' }} chosen={chosen} first={first} />
          {ids(ctx.value).map((id) => (
            <input type="hidden" name="departIds" value={id} />
          ))}
        </>
      );
    }
    return <DepartPicker field={f.key as PickerField} ctx={ctx} chosen={chosen} first={first} />;
  }
  return undefined;
}

export function registerDepartPickerRoute(app: Hono<PageEnv>) {
  // The department picker's list after a search: chosen departments stay chosen, the matches follow.
  app.post(`${route}/depart-picker`, async (c) => {
    const form = (await c.req.parseBody({ all: true })) as Record<string, string | string[]>;
    const field = first(form.field) as PickerField;
    if (!(PICKER_FIELDS as readonly string[]).includes(field)) return c.text('', 400);
    const keyword = first(form[`kw_${field}`]).trim().slice(0, 50);
    const selected = ids(form[field]);
    const up = c.get('upstream');
    const [chosen, found] = await Promise.all([selected.length ? departOptions(up, { ids: selected }) : Promise.resolve([]), departOptions(up, { keyword, pageSize: PICKER_SIZE + 1 })]);
    return c.html(String(<PickerList field={field} selected={selected} chosen={chosen} found={found} keyword={keyword} />));
  });
}
