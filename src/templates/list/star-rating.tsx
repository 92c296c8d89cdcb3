// A 1–5 star rating as a form control: radio inputs drawn as stars (list.css), so it works without JavaScript,
// with the keyboard (arrow keys move 1→5 in reading order) and by touch (each star is a 44 px target).
import type { Child } from 'hono/jsx';
import { cx } from '../antd.js';

export interface StarRatingProps {
  name: string;
  value: unknown;
  /** id of the group (the field label's `for`); the radios are `<id>-0` … `<id>-5`. */
  id: string;
  /** false: a teacher may leave it unrated (不评分 clears it); true: the server refuses a missing score. */
  required?: boolean;
  disabled?: boolean;
  error?: boolean;
  /** id of the element naming the group (the form label). */
  labelledBy?: string;
  describedBy?: string;
  count?: number;
}

/**
 * Nothing is chosen until the user chooses: the first radio (value "") stands for "no score". It comes first in
 * the markup so `:checked ~` can grey every star after the chosen one — stars stay in 1→5 order for the keyboard
 * and screen readers, which the older reversed-markup trick did not.
 */
export function StarRating(p: StarRatingProps): Child {
  const n = p.count ?? 5;
  const v = p.value === null || p.value === undefined ? '' : String(p.value).trim();
  const chosen = /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= n ? v : '';
  return (
    <span
      class={cx('xt-rate', p.disabled && 'xt-rate-disabled', p.error && 'xt-rate-error')}
      role="radiogroup"
      id={p.id}
      aria-labelledby={p.labelledBy}
      aria-describedby={p.describedBy}
      aria-required={p.required ? 'true' : undefined}
      aria-invalid={p.error ? 'true' : undefined}
    >
      <input type="radio" class="xt-rate-input xt-rate-none" id={`${p.id}-0`} name={p.name} value="" checked={!chosen} disabled={p.disabled} />
      <label for={`${p.id}-0`} class={cx('xt-rate-none-label', !p.required && 'xt-rate-clear')}>
        {p.required ? '未评分' : '不评分'}
      </label>
      {Array.from({ length: n }, (_, i) => String(i + 1)).map((s) => (
        <>
          <input type="radio" class="xt-rate-input" id={`${p.id}-${s}`} name={p.name} value={s} checked={chosen === s} disabled={p.disabled} />
          <label for={`${p.id}-${s}`} class="xt-rate-star" title={`${s}星`}>
            <span aria-hidden="true">★</span>
            <span class="xt-sr">{s}星</span>
          </label>
        </>
      ))}
    </span>
  );
}
