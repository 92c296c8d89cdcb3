// The password policy for every password a person chooses (adding a user, resetting one, changing one's own,
// a roster's 初始密码, registering, recovering): at least 8 characters, at least two of letters / digits /
// symbols, not one of the passwords every guessing list starts with, and not containing the account name
// (student2A1 for student2), in any case. ADMIN_PASSWORD and DEMO_PASSWORD (set by the operator at first
// start) are only held to the 8 characters.

const PASSWORD_MIN_LENGTH = 8;

export const PASSWORD_TOO_SHORT = `密码至少需要${PASSWORD_MIN_LENGTH}个字符`;
export const PASSWORD_TOO_SIMPLE = '密码需包含字母、数字、符号中的至少两种';
export const PASSWORD_TOO_COMMON = '该密码过于常见，很容易被猜到，请换一个';
export const PASSWORD_IS_USERNAME = '密码不能包含用户账号';
/** The answer to any other write while the account's password must be changed (set by someone else, or an imported one today's rules refuse). */
export const PASSWORD_CHANGE_REQUIRED = '请先修改密码后再进行其他操作：您的密码是初始密码、已被他人重置，或不再符合密码规则';
/** The rule in one line, for form help texts. */
export const PASSWORD_HELP = `至少${PASSWORD_MIN_LENGTH}个字符，含字母、数字、符号中的至少两种`;

/**
 * Common passwords that pass the other rules (8+ characters, two kinds), from the top of the public leak
 * lists, Chinese sites' lists included. Compared without case.
 */
const COMMON = new Set([
  'password1', 'password12', 'password123', 'passw0rd', 'p@ssw0rd', 'p@ssword', 'pa$$w0rd', 'pass1234', 'pass@123',
  'abc12345', 'abc123456', 'abc1234567', 'abc123456789', 'abcd1234', 'abcd12345', 'abcd123456', 'abcde12345',
  'a1234567', 'a12345678', 'a123456789', 'a1b2c3d4', 'aa123456', 'aa12345678', 'aa123456789', 'aaa12345', 'aaaa1111',
  'admin123', 'admin1234', 'admin12345', 'admin888', 'admin@123', 'administrator1', 'root1234', 'root@123', 'test1234', 'test@123',
  'qwer1234', 'qwerty12', 'qwerty123', 'qwerty1234', 'qwe12345', 'qwe123456', 'qwe123456789', 'q1w2e3r4', 'q1w2e3r4t5',
  '1qaz2wsx', '1qaz@wsx', '!qaz2wsx', '1q2w3e4r', '1q2w3e4r5t', 'zaq12wsx', 'qazwsx123', 'asdf1234', 'asd12345', 'asd123456',
  'zxcv1234', 'zxc12345', 'zxc123456', '123456abc', '123456aa', '123456qq', '12345abc', '1234abcd', '1234qwer', '123qwe123',
  '12qwaszx', 'iloveyou1', 'iloveyou2', 'woaini1314', 'woaini520', 'woaini123', '5201314a', 'qq123456', 'qq12345678',
  'wang1234', 'zhang123', 'li123456', 'welcome1', 'welcome123', 'letmein1', 'monkey123', 'dragon123', 'sunshine1',
  'football1', 'baseball1', 'princess1', 'charlie1', 'michael1', 'superman1', 'master123', 'computer1', 'internet1',
  'changeme1', 'default1', 'student1', 'student123', 'teacher1', 'teacher123', 'school123', 'xuetang123', 'xuetang2024',
  'xuetang2025', 'xuetang2026',
]);

/** The first rule `password` breaks, as the message to show, or null when it is acceptable. */
export function passwordProblem(password: string, username?: string): string | null {
  if ([...password].length < PASSWORD_MIN_LENGTH) return PASSWORD_TOO_SHORT;
  const kinds = [/\p{L}/u, /\p{Nd}/u, /[^\p{L}\p{Nd}]/u].filter((re) => re.test(password)).length;
  if (kinds < 2) return PASSWORD_TOO_SIMPLE;
  if (COMMON.has(password.toLowerCase())) return PASSWORD_TOO_COMMON;
  // New account names have at least 3 characters; an older, shorter one (a letter or two) is only refused whole.
  const name = username?.trim().toLowerCase();
  if (name && (name.length >= 3 ? password.toLowerCase().includes(name) : password.toLowerCase() === name)) return PASSWORD_IS_USERNAME;
  return null;
}
