// One rule for every name people read (real names, class, role, menu, rule and dictionary names): no
// characters that hide or disguise text. Controls (NUL, tab, newline …), bidi overrides, embeddings and
// isolates (U+202A–U+202E, U+2066–U+2069) and marks (U+200E/U+200F, U+061C) make a name display as something
// else; zero-width characters (U+200B–U+200D, U+2060–U+2064, U+FEFF) make two different names look the same.
import { z } from 'zod';

// eslint-disable-next-line no-control-regex -- refusing control characters in names is the point
const HIDDEN_CHARS = /[\u0000-\u001f\u007f-\u009f\u061c\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

export const hasHiddenChars = (s: string) => HIDDEN_CHARS.test(s);

export const hiddenCharsMessage = (label: string) => `${label}不能包含控制字符或不可见字符`;

/** A required name: trimmed, 1..max characters, nothing hidden; messages in the contract's wording. */
export const requiredName = (label: string, max: number) =>
  z
    .string({ message: `请输入${label}` })
    .trim()
    .min(1, `请输入${label}`)
    .max(max, `${label}不能超过${max}个字符`)
    .refine((s) => !hasHiddenChars(s), hiddenCharsMessage(label));
