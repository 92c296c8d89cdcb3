// 用户管理's bodies and field rules: the user form's fields, the account-name and password rules (shared with
// self-registration and the roster import), the unique fields and the ids/status bodies of batch actions.
import type { Kysely } from 'kysely';
import { z } from 'zod';
import type { Database } from '../../db/schema.js';
import { now } from '../../domain/time.js';
import { PASSWORD_IS_USERNAME, passwordProblem } from '../../shared/password-policy.js';
import { idList } from '../list-query.js';
import { requiredName } from '../../resources/rules.js';

type Db = Kysely<Database>;

/** The 编码校验规则 the user API enforces on 工号 (seeded; a school may edit or delete it). */
export const WORK_NO_RULE = 'work_no';

const trimmed = (v: unknown) => (typeof v === 'string' ? (v.trim() === '' ? null : v.trim()) : v);
/** Numbers may arrive as numbers or numeric strings (forms); anything else stays as it is and fails. */
const numeric = (v: unknown) => {
  if (v === '' || v === null || v === undefined) return null;
  if (typeof v === 'string' && /^-?\d+$/.test(v.trim())) return Number(v.trim());
  return v;
};
const optionalText = (max: number, label: string) =>
  z.preprocess(trimmed, z.string({ message: `${label}必须是文本` }).max(max, `${label}不能超过${max}个字符`).nullish());

/** A comma list (the anchor's `a,b,`) or an array of ids. */
const idListField = (label: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '') : typeof v === 'string' ? idList(v, 501) : v),
    z.array(z.string({ message: `${label}格式不正确` }).max(64, `${label}格式不正确`), { message: `${label}格式不正确` }).max(500, `${label}最多500个`).optional(),
  );

export const userFields = {
  realname: requiredName('真实姓名', 50),
  sex: z.preprocess(numeric, z.number({ message: '性别只能是男或女' }).refine((n) => [0, 1, 2].includes(n), '性别只能是男或女').nullish()),
  birthday: z.preprocess(
    trimmed,
    z
      .string({ message: '生日格式应为yyyy-MM-dd' })
      .regex(/^\d{4}-\d{2}-\d{2}$/, '生日格式应为yyyy-MM-dd')
      .refine((d) => !Number.isNaN(Date.parse(`${d}T00:00:00Z`)) && new Date(`${d}T00:00:00Z`).toISOString().startsWith(d), '生日不是有效的日期')
      .refine((d) => d <= now().slice(0, 10) && d >= '1900-01-01', '生日不在有效范围内')
      .nullish(),
  ),
  email: z.preprocess(trimmed, z.string({ message: '邮箱必须是文本' }).max(100, '邮箱不能超过100个字符').pipe(z.email('请输入正确的邮箱地址')).nullish()),
  phone: z.preprocess(trimmed, z.string({ message: '手机号必须是文本' }).regex(/^1\d{10}$/, '请输入正确的11位手机号码').nullish()),
  workNo: optionalText(32, '工号'),
  userIdentity: z.preprocess(numeric, z.number({ message: '身份只能是学生或教师' }).refine((n) => n === 1 || n === 2, '身份只能是学生或教师').nullish()),
  selectedroles: idListField('角色'),
  selecteddeparts: idListField('所属班级'),
  departIds: idListField('负责班级'),
  // 职务: position codes, stored as the anchor's comma list in sys_user.post.
  post: z.preprocess(
    (v) => (Array.isArray(v) ? v.map((x) => (typeof x === 'string' ? x.trim() : x)).filter((x) => x !== '') : typeof v === 'string' ? idList(v, 51) : v === null ? [] : v),
    z.array(z.string({ message: '职务格式不正确' }).max(100, '职务格式不正确'), { message: '职务格式不正确' }).max(50, '职务最多50个').optional(),
  ),
};

/** The rule for account names (3–32 of letters, digits and _ . @ -), shared with self-registration. */
export const username = z
  .string({ message: '请输入用户账号' })
  .trim()
  .min(1, '请输入用户账号')
  .min(3, '用户账号长度应为3到32个字符')
  .max(32, '用户账号长度应为3到32个字符')
  .regex(/^[A-Za-z0-9_.@-]+$/, '用户账号只能包含字母、数字和 _ . @ -');

/** A password someone sets for a user: the policy of shared/password-policy.ts. */
export const password = z
  .string({ message: '请输入密码' })
  .min(1, '请输入密码')
  .max(64, '密码不能超过64个字符')
  .superRefine((v, ctx) => {
    const problem = v ? passwordProblem(v) : null;
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

export const addBody = z
  .object({ username, password, confirmpassword: z.string({ message: '请确认密码' }).optional(), ...userFields })
  .refine((b) => b.confirmpassword === undefined || b.confirmpassword === b.password, { message: '两次输入的密码不一样！', path: ['confirmpassword'] })
  .refine((b) => passwordProblem(b.password, b.username) !== PASSWORD_IS_USERNAME, { message: PASSWORD_IS_USERNAME, path: ['password'] });

export const editBody = z.object({
  id: z.string({ message: 'id不能为空' }).trim().min(1, 'id不能为空').max(64, 'id格式不正确'),
  username: username.optional(),
  ...userFields,
  realname: userFields.realname.optional(),
});

export type UserFields = z.infer<typeof editBody>;

export const UNIQUE_FIELDS = [
  { key: 'username', column: 'username', label: '用户账号' },
  { key: 'email', column: 'email', label: '邮箱' },
  { key: 'phone', column: 'phone', label: '手机号' },
  { key: 'workNo', column: 'work_no', label: '工号' },
] as const;

/** The first unique field whose value another account (deleted ones too: the index covers them) holds. */
export async function duplicateOf(db: Db, values: Partial<Record<'username' | 'email' | 'phone' | 'workNo', string | null | undefined>>, exceptId?: string) {
  for (const f of UNIQUE_FIELDS) {
    const v = values[f.key];
    if (!v) continue;
    let q = db.selectFrom('sys_user').select(['id', 'del_flag']).where(f.column, '=', v);
    if (exceptId) q = q.where('id', '!=', exceptId);
    const hit = await q.executeTakeFirst();
    if (hit) return { field: f.key, message: `${f.label}已存在${hit.del_flag === 1 ? '（该用户在回收站中）' : ''}` };
  }
  return null;
}

/** Accepts '1'/'2' as numbers or strings. */
export const statusField = z.preprocess(numeric, z.number({ message: '状态只能是1（正常）或2（冻结）' }).refine((n) => n === 1 || n === 2, '状态只能是1（正常）或2（冻结）'));
export const idsField = (label: string) =>
  z.preprocess(
    (v) => (Array.isArray(v) ? v.join(',') : v),
    z.string({ message: `请选择${label}` }).max(100_000, `${label}过多`).transform((s) => idList(s, 1000)).refine((l) => l.length > 0, `请选择${label}`),
  );
