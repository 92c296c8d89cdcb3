// Repeating rows inside a server-rendered form (e.g. the members of a group): one table row of inputs per
// record, named `<name>.<index>.<key>`, with the API's errors beside the input they concern (`<name>.<i>.<key>`)
// and above the table (`<name>`). 添加 and 删除 are submit buttons (`action=add-<name>` / `remove-<name>:<i>`),
// so they work without JavaScript: the server answers the same form with a row more or less, nothing lost.
import type { FieldOption, FieldSpec } from '../../server/resources/spec.js';
import { Button, cx, inputClass, TableFrame } from '../antd.js';
import { str } from '../../server/shared/text.js';

export interface RowTableProps {
  /** Field name prefix of the rows (e.g. `members`). */
  name: string;
  columns: FieldSpec[];
  rows: Record<string, unknown>[];
  /** API errors keyed by path: `<name>.<i>.<key>` for a cell, `<name>` for the whole table. */
  errors: Record<string, string>;
  addLabel: string;
  max?: number;
  /** Id prefix of the inputs (default `r-`). */
  idPrefix?: string;
  /** Options of select columns resolved by the page (dictionaries, API lists), by column key; else the column's own. */
  options?: Record<string, FieldOption[]>;
  /**
   * A second grid over the same rows (another group of their columns): each row is named by `rowLabel` (e.g. the
   * field name typed in the first grid) and has no 添加/删除 of its own — the first grid adds and removes rows.
   */
  rowLabel?: { title: string; text: (row: Record<string, unknown>, i: number) => string };
}


/** `members.0.name`-style fields of a submitted form → the rows, in index order (gaps closed). */
export function rowsOf(form: Record<string, unknown>, name: string, keys: string[], max = 100): Record<string, string>[] {
  const byIndex = new Map<number, Record<string, string>>();
  const pattern = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\.(\\d{1,3})\\.([A-Za-z0-9_]+)$`);
  for (const [k, v] of Object.entries(form)) {
    const m = pattern.exec(k);
    if (!m || !keys.includes(m[2])) continue;
    const i = Number(m[1]);
    const row = byIndex.get(i) ?? {};
    row[m[2]] = Array.isArray(v) ? str(v[0]) : str(v);
    byIndex.set(i, row);
  }
  return [...byIndex.entries()]
    .sort(([a], [b]) => a - b)
    .slice(0, max)
    .map(([, row]) => Object.fromEntries(keys.map((k) => [k, row[k] ?? ''])));
}

/** The row-table action of a submitted form: add a row, remove row i, or none (a plain submit). */
export function rowAction(form: Record<string, unknown>, name: string): { add: true } | { remove: number } | null {
  const action = str(Array.isArray(form.action) ? form.action[0] : form.action);
  if (action === `add-${name}`) return { add: true };
  const m = new RegExp(`^remove-${name}:(\\d{1,3})$`).exec(action);
  return m ? { remove: Number(m[1]) } : null;
}

function Cell({ f, id, fieldName, value, error, options }: { f: FieldSpec; id: string; fieldName: string; value: unknown; error?: string; options: FieldOption[] }) {
  const aria = { 'aria-label': f.label, ...(error ? { 'aria-invalid': 'true', 'aria-describedby': `${id}-error` } : {}) };
  if (f.type === 'switch') {
    // A flag: checked sends 1, unchecked sends nothing (read back as '').
    return (
      <label class="xt-switch">
        <input id={id} name={fieldName} type="checkbox" value="1" checked={str(value) === '1'} {...aria} />
        <span>{f.placeholder ?? '是'}</span>
      </label>
    );
  }
  if (f.type === 'select') {
    return (
      <select id={id} name={fieldName} class={cx('xt-native-select', error && 'xt-select-error')} {...aria}>
        <option value="">请选择</option>
        {options.map((o) => (
          <option value={o.value} selected={str(value) === o.value}>
            {o.label}
          </option>
        ))}
      </select>
    );
  }
  return (
    <input
      id={id}
      name={fieldName}
      class={inputClass({ error: !!error })}
      type={f.type === 'number' ? 'number' : f.type === 'date' ? 'date' : 'text'}
      value={str(value)}
      maxlength={f.maxLength}
      placeholder={f.placeholder ?? `请输入${f.label}`}
      autocomplete="off"
      {...aria}
    />
  );
}

export function RowTable(p: RowTableProps) {
  const prefix = p.idPrefix ?? 'r-';
  const tableError = p.errors[p.name];
  const full = p.max !== undefined && p.rows.length >= p.max;
  const label = p.rowLabel;
  // # and 操作, or # and the row's name.
  const span = p.columns.length + 2;
  return (
    <div class={cx('xt-row-table', tableError && 'ant-form-item-has-error')}>
      {tableError && (
        <div class="ant-form-item-explain-error" role="alert" id={`${prefix}${p.name}-error`}>
          {tableError}
        </div>
      )}
      <TableFrame>
        <thead class="ant-table-thead">
          <tr>
            <th class="ant-table-cell xt-index" scope="col">#</th>
            {label && (
              <th class="ant-table-cell" scope="col">
                {label.title}
              </th>
            )}
            {p.columns.map((f) => (
              <th class="ant-table-cell" scope="col">
                <span class={f.required ? 'xt-required' : undefined}>{f.label}</span>
              </th>
            ))}
            {!label && (
              <th class="ant-table-cell xt-actions-col" scope="col">
                操作
              </th>
            )}
          </tr>
        </thead>
        <tbody class="ant-table-tbody">
          {p.rows.length === 0 && (
            <tr class="ant-table-placeholder">
              <td class="ant-table-cell" colSpan={span}>
                <div class="ant-empty ant-empty-normal app xt-empty">暂无数据</div>
              </td>
            </tr>
          )}
          {p.rows.map((row, i) => (
            <tr class="ant-table-row" data-row={String(i)}>
              <td class="ant-table-cell xt-index">{i + 1}</td>
              {label && (
                <th class="ant-table-cell xt-row-label" scope="row">
                  {label.text(row, i)}
                </th>
              )}
              {p.columns.map((f) => {
                const key = `${p.name}.${i}.${f.key}`;
                const id = `${prefix}${p.name}-${i}-${f.key}`;
                const error = p.errors[key];
                return (
                  <td class={cx('ant-table-cell', error && 'ant-form-item-has-error')}>
                    <Cell f={f} id={id} fieldName={key} value={row[f.key]} error={error} options={p.options?.[f.key] ?? f.options ?? []} />
                    {error && (
                      <div class="ant-form-item-explain-error" id={`${id}-error`}>
                        {error}
                      </div>
                    )}
                  </td>
                );
              })}
              {!label && (
                <td class="ant-table-cell">
                  <Button type="link" danger htmlType="submit" name="action" value={`remove-${p.name}:${i}`} aria-label={`删除第${i + 1}行`}>
                    删除
                  </Button>
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </TableFrame>
      {!label && (
        <Button type="dashed" block htmlType="submit" name="action" value={`add-${p.name}`} disabled={full} class="xt-row-add">
          ＋ {p.addLabel}
        </Button>
      )}
    </div>
  );
}
