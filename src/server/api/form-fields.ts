// zod parsers for the fields the admin forms share, in the wording of their messages: flags as the Vue client
// (booleans), our forms (0/1) and query strings send them, optional trimmed text, and numbers sent as strings.
import { z } from 'zod';

/** A yes/no flag: true/false, 1/0 or their strings → 1 or 0; absent or '' → undefined. */
export const flag = (label: string) =>
  z
    .union([z.boolean(), z.number(), z.string()], { message: `${label}只能是是或否` })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return undefined;
      if (v === true || v === 1 || v === '1' || v === 'true') return 1;
      if (v === false || v === 0 || v === '0' || v === 'false') return 0;
      ctx.addIssue({ code: 'custom', message: `${label}只能是是或否` });
      return z.NEVER;
    });

/** Optional text up to `max` characters, trimmed. */
export const optText = (label: string, max: number) =>
  z
    .string({ message: `${label}必须是文本` })
    .max(max, `${label}不能超过${max}个字符`)
    .nullish()
    .transform((v) => (v === null || v === undefined ? undefined : v.trim()));

/** For z.preprocess: a number sent as a string becomes a number; '' becomes undefined. */
export const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v);
