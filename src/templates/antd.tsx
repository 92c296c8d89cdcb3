// Server-rendered antd markup. antd 6 scopes its component CSS variables to `app` + `ant-<component>-css-var`
// classes (see scripts/antd-markup.tsx for what React antd renders); these helpers emit the same class lists so
// pages look like antd before any JavaScript runs and islands match them.
import type { Child } from 'hono/jsx';

export const cx = (...parts: (string | false | null | undefined)[]) => parts.filter(Boolean).join(' ');

type ButtonType = 'primary' | 'default' | 'dashed' | 'text' | 'link';
const VARIANT: Record<ButtonType, [string, string]> = {
  primary: ['primary', 'solid'],
  default: ['default', 'outlined'],
  dashed: ['default', 'dashed'],
  text: ['default', 'text'],
  link: ['primary', 'link'],
};

export function buttonClass(type: ButtonType = 'default', opts: { danger?: boolean; size?: 'small' | 'large'; block?: boolean; extra?: string } = {}) {
  const [color, variant] = VARIANT[type];
  return cx(
    'ant-btn app',
    type !== 'default' && `ant-btn-${type}`,
    `ant-btn-color-${opts.danger ? 'dangerous' : color}`,
    `ant-btn-variant-${variant}`,
    opts.danger && 'ant-btn-dangerous',
    opts.size === 'small' && 'ant-btn-sm',
    opts.size === 'large' && 'ant-btn-lg',
    opts.block && 'ant-btn-block',
    opts.extra,
  );
}

/** Extra attributes passed through to the element (htmx, data and aria attributes, form fields). */
type PassThrough = {
  [attr: `hx-${string}` | `data-${string}` | `aria-${string}`]: string | undefined;
  id?: string;
  name?: string;
  value?: string;
  title?: string;
  disabled?: boolean;
  form?: string;
  formaction?: string;
  target?: string;
  rel?: string;
};

export type ButtonProps = PassThrough & {
  type?: ButtonType;
  htmlType?: 'button' | 'submit' | 'reset';
  danger?: boolean;
  size?: 'small' | 'large';
  block?: boolean;
  class?: string;
  children: Child;
};

export function Button({ type, htmlType = 'button', danger, size, block, class: extra, children, ...rest }: ButtonProps) {
  return (
    <button type={htmlType} class={buttonClass(type, { danger, size, block, extra })} {...rest}>
      <span>{children}</span>
    </button>
  );
}

/** A link styled as a button (navigation that must work without JavaScript). */
export function LinkButton({ type, size, class: extra, children, ...rest }: Omit<ButtonProps, 'htmlType'> & { href: string }) {
  return (
    <a class={buttonClass(type, { size, extra })} {...rest}>
      <span>{children}</span>
    </a>
  );
}

export function inputClass(opts: { size?: 'small' | 'large'; error?: boolean; extra?: string } = {}) {
  return cx(
    'ant-input',
    opts.size === 'small' && 'ant-input-sm',
    opts.size === 'large' && 'ant-input-lg',
    'ant-input-outlined',
    opts.error && 'ant-input-status-error',
    'app ant-input-css-var',
    opts.extra,
  );
}

export function Tag({ color, children }: { color?: string; children: Child }) {
  return <span class={cx('ant-tag ant-tag-filled', color && `ant-tag-${color}`, 'app')}>{children}</span>;
}

export function Alert({ type, children, id }: { type: 'success' | 'info' | 'warning' | 'error'; children: Child; id?: string }) {
  return (
    <div class={`ant-alert ant-alert-${type} ant-alert-outlined ant-alert-no-icon app`} role="alert" id={id}>
      <div class="ant-alert-section">
        <div class="ant-alert-title">{children}</div>
      </div>
    </div>
  );
}

export function Card({ children, class: extra, title }: { children: Child; class?: string; title?: Child }) {
  return (
    <section class={cx('ant-card ant-card-bordered app', extra)}>
      {title && (
        <div class="ant-card-head">
          <div class="ant-card-head-wrapper">
            <div class="ant-card-head-title">{title}</div>
          </div>
        </div>
      )}
      <div class="ant-card-body">{children}</div>
    </section>
  );
}

/** Root classes of an antd Menu. */
export const menuRootClass = (mode: 'inline' | 'horizontal', theme: 'light' | 'dark') =>
  `ant-menu ant-menu-root ant-menu-${mode} ant-menu-${theme} app ant-menu-css-var`;

/** The wrappers antd puts around a table (bordered, middle size by default); children are the thead and tbody. */
export function TableFrame({ bordered = true, size = 'middle', label, children }: { bordered?: boolean; size?: 'middle' | 'small'; /** The table's accessible name. */ label?: string; children: Child }) {
  return (
    <div class="app ant-table-css-var ant-table-wrapper">
      <div class={cx('ant-table', `ant-table-${size}`, bordered && 'ant-table-bordered', 'app ant-table-css-var')}>
        <div class="ant-table-container">
          <div class="ant-table-content">
            <table aria-label={label}>{children}</table>
          </div>
        </div>
      </div>
    </div>
  );
}

/** A read-only table of ready-made cells under plain column heads, with antd's empty row when there are none. */
export function CellTable({ head, rows, empty = '暂无数据', size }: { head: string[]; rows: Child[][]; empty?: string; size?: 'middle' | 'small' }) {
  return (
    <TableFrame size={size}>
      <thead class="ant-table-thead">
        <tr>
          {head.map((h) => (
            <th class="ant-table-cell" scope="col">
              {h}
            </th>
          ))}
        </tr>
      </thead>
      <tbody class="ant-table-tbody">
        {rows.length ? (
          rows.map((r) => (
            <tr class="ant-table-row">
              {r.map((cell) => (
                <td class="ant-table-cell">{cell}</td>
              ))}
            </tr>
          ))
        ) : (
          <tr class="ant-table-placeholder">
            <td class="ant-table-cell" colSpan={head.length}>
              <div class="ant-empty ant-empty-normal app xt-empty">{empty}</div>
            </td>
          </tr>
        )}
      </tbody>
    </TableFrame>
  );
}
