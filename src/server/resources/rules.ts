// zod building blocks for the values people type, in the wording of the contract's messages. The resource
// declarations (fields.ts) build every form's API validation from these; a few API bodies that are not a
// resource's form (menus, account pages) use them directly.
//
// One rule for every name people read (real names, class, role, menu, rule and dictionary names): no
// characters that hide or disguise text. Controls (NUL, tab, newline …), bidi overrides, embeddings and
// isolates (U+202A–U+202E, U+2066–U+2069) and marks (U+200E/U+200F, U+061C) make a name display as something
// else; zero-width characters (U+200B–U+200D, U+2060–U+2064, U+FEFF) make two different names look the same.
import { z } from 'zod';

// eslint-disable-next-line no-control-regex -- refusing control characters in names is the point
const HIDDEN_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

export const hasHiddenChars = (s: string) => HIDDEN_CHARS.test(s);

export const hiddenCharsMessage = (label: string) => `${label}不能包含控制字符或不可见字符`;

/** The message of a text over its limit: the same words in the form (maxlength) and the API. */
export const tooLongMessage = (label: string, max: number) => `${label}不能超过${max}个字符`;

/** A yes/no flag: true/false, 1/0 or their strings → 1 or 0; absent or '' → undefined. */
export const flag = (label: string, message = `${label}只能是是或否`) =>
  z
    .union([z.boolean(), z.number(), z.string()], { message })
    .nullish()
    .transform((v, ctx) => {
      if (v === null || v === undefined || v === '') return undefined;
      if (v === true || v === 1 || v === '1' || v === 'true') return 1;
      if (v === false || v === 0 || v === '0' || v === 'false') return 0;
      ctx.addIssue({ code: 'custom', message });
      return z.NEVER;
    });

/** For z.preprocess: a number sent as a string becomes a number; '' becomes undefined. */
export const toNumber = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? Number(v) : v === '' ? undefined : v);
