// 用户管理's bodies: the user form's fields (declared in resources/users.ts), the account-name rule (shared with
// self-registration and the roster import) and the ids/status bodies of batch actions (the unique fields and
// their duplicate check are domain/users.ts's).
import { z } from 'zod';
import { userFields } from '../../resources/users.js';
import { PASSWORD_IS_USERNAME, passwordProblem } from '../../shared/password-policy.js';
import { idList } from '../list-query.js';

/** A list of ids checked against the database (user-admin-assign.ts): a comma list (the anchor's `a,b,`) or an array. */
const idListField = (key: 'selectedroles' | 'selecteddeparts' | 'departIds' | 'post', maxItems: number, maxLength: number) => {
  const { label } = userFields.rule(key);
  return z.preprocess(
    (v) =>
      Array.isArray(v)
        ? v.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '')
        : typeof v === 'string'
          ? idList(v, maxItems + 1)
          : key === 'post' && v === null
            ? []
            : v,
    z.array(z.string({ message: `${label}格式不正确` }).max(maxLength, `${label}格式不正确`), { message: `${label}格式不正确` }).max(maxItems, `${label}最多${maxItems}个`).optional(),
  );
};

/** The id lists of the user form (职务: position codes, stored as the anchor's comma list in sys_user.post). */
const idLists = {
  selectedroles: idListField('selectedroles', 500, 64),
  selecteddeparts: idListField('selecteddeparts', 500, 64),
  departIds: idListField('departIds', 500, 64),
  post: idListField('post', 50, 100),
};

/** The user form's other fields, on add and edit. */
const FORM_KEYS = ['realname', 'sex', 'birthday', 'email', 'phone', 'workNo', 'userIdentity'] as const;

/** A blank value (forms send '') clears these fields: NULL, which the unique indexes on email, phone and work_no allow any number of. */
const BLANK_IS_NULL = new Set<string>(['userIdentity', 'sex', 'birthday', 'phone', 'email', 'workNo']);
const blanksCleared = (v: unknown) =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? Object.fromEntries(Object.entries(v).map(([k, x]) => [k, BLANK_IS_NULL.has(k) && typeof x === 'string' && x.trim() === '' ? null : x]))
    : v;

/** The rule for account names (3–32 of letters, digits and _ . @ -), shared with self-registration. */
export const username = userFields.schema(['username']).shape.username;

export const addBody = z.preprocess(
  blanksCleared,
  userFields
    .schema(['username', 'password', 'confirmpassword', ...FORM_KEYS])
    // The form always sends the confirmation; the anchor's clients may leave it out.
    .partial({ confirmpassword: true })
    .extend(idLists)
    .refine((b) => b.confirmpassword === undefined || b.confirmpassword === b.password, { message: '两次输入的密码不一样！', path: ['confirmpassword'] })
    .refine((b) => passwordProblem(b.password, b.username) !== PASSWORD_IS_USERNAME, { message: PASSWORD_IS_USERNAME, path: ['password'] }),
);

export const editBody = z.preprocess(
  blanksCleared,
  z.object({
    id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(64, 'id格式不正确'),
    // An edit changes what it sends; the account name is only compared (it cannot change).
    ...userFields.schema(['username', ...FORM_KEYS]).partial({ username: true, realname: true }).shape,
    ...idLists,
  }),
);

export type UserFields = z.infer<typeof editBody>;

/** Numbers may arrive as numbers or numeric strings (forms); anything else stays as it is and fails. */
const numeric = (v: unknown) => {
  if (v === '' || v === null || v === undefined) return null;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v.trim());
  return v;
};

/** Accepts '1'/'2' as numbers or strings. */
export const statusField = z.preprocess(numeric, z.number({ message: '状态只能是1（正常）或2（冻结）' }).refine((n) => n === 1 || n === 2, '状态只能是1（正常）或2（冻结）'));
export const idsField = (label: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : v),
    z.string({ message: `请选择${label}` }).max(100_000, `${label}过多`).transform((s) => idList(s, 1000)).refine((l) => l.length > 0, `请选择${label}`),
  );
