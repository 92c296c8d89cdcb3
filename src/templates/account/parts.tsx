// Small server-rendered antd pieces the account and announcement pages share: form items with their
// error text, a native select in antd's input style, and a table shell (paging is templates/pager.tsx).
import type { Child } from 'hono/jsx';
import { cx, inputClass, TableFrame } from '../antd.js';

/** Links inside the shell: htmx loads the page into #content and pushes the URL; plain navigation without JS. */
export const nav = (href: string) => ({ href, 'hx-get': href, 'hx-target': '#content', 'hx-push-url': 'true' });

export function FormItem(p: { label: string; id: string; error?: string; required?: boolean; extra?: Child; children: Child }) {
  return (
    <div class={cx('ant-form-item app ant-form-css-var ant-form-item-vertical', p.error && 'ant-form-item-with-help ant-form-item-has-error')}>
      <div class="ant-row ant-form-item-row app">
        <div class="ant-col ant-form-item-label app">
          <label for={p.id} class={p.required ? 'ant-form-item-required' : ''} title={p.label}>
            {p.label}
          </label>
        </div>
        <div class="ant-col ant-form-item-control app">
          <div class="ant-form-item-control-input">
            <div class="ant-form-item-control-input-content">{p.children}</div>
          </div>
          {p.error ? (
            <div class="ant-form-item-explain ant-form-item-explain-connected" role="alert">
              <div class="ant-form-item-explain-error" id={`${p.id}-error`}>
                {p.error}
              </div>
            </div>
          ) : (
            p.extra && <div class="ant-form-item-extra">{p.extra}</div>
          )}
        </div>
      </div>
    </div>
  );
}

export function TextInput(p: { id: string; name: string; value?: string | null; type?: string; error?: string; placeholder?: string; maxlength?: number; autocomplete?: string; disabled?: boolean }) {
  return (
    <input
      id={p.id}
      name={p.name}
      type={p.type ?? 'text'}
      value={p.value ?? ''}
      disabled={p.disabled}
      class={inputClass({ error: !!p.error, extra: p.disabled ? 'ant-input-disabled' : undefined })}
      placeholder={p.placeholder}
      maxlength={p.maxlength}
      autocomplete={p.autocomplete}
      aria-invalid={p.error ? 'true' : undefined}
      aria-describedby={p.error ? `${p.id}-error` : undefined}
    />
  );
}

export function NativeSelect(p: { id: string; name: string; value: string; options: { value: string; text: string }[]; error?: string; label?: string }) {
  return (
    <select id={p.id} name={p.name} class={inputClass({ error: !!p.error, extra: 'xt-select' })} aria-label={p.label} aria-invalid={p.error ? 'true' : undefined}>
      {p.options.map((o) => (
        <option value={o.value} selected={o.value === p.value}>
          {o.text}
        </option>
      ))}
    </select>
  );
}

export interface Column<T> {
  title: string;
  width?: number;
  align?: 'center' | 'left' | 'right';
  render: (row: T) => Child;
}

export function SimpleTable<T>({ columns, rows, empty = '暂无数据', rowClass }: { columns: Column<T>[]; rows: T[]; empty?: string; rowClass?: (r: T) => string | undefined }) {
  return (
    <TableFrame bordered={false}>
      <thead class="ant-table-thead">
        <tr>
          {columns.map((c) => (
            <th class="ant-table-cell" scope="col" style={[c.width ? `width:${c.width}px` : '', c.align ? `text-align:${c.align}` : ''].filter(Boolean).join(';') || undefined}>
              {c.title}
            </th>
          ))}
        </tr>
      </thead>
      <tbody class="ant-table-tbody">
        {rows.length ? (
          rows.map((r) => (
            <tr class={cx('ant-table-row ant-table-row-level-0', rowClass?.(r))}>
              {columns.map((c) => (
                <td class="ant-table-cell" style={c.align ? `text-align:${c.align}` : undefined}>
                  {c.render(r)}
                </td>
              ))}
            </tr>
          ))
        ) : (
          <tr class="ant-table-placeholder">
            <td class="ant-table-cell" colSpan={columns.length}>
              <div class="app ant-empty ant-empty-normal xt-empty">
                <div class="ant-empty-description">{empty}</div>
              </div>
            </td>
          </tr>
        )}
      </tbody>
    </TableFrame>
  );
}
