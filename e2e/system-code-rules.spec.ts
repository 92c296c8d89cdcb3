// 编码校验规则 and 填值规则 end to end: the admin creates a check rule, tries values in the form's 测试 box (the
// failing rule's message, then a pass), saves it; creates a fill rule, previews a sample; and in 用户管理's form
// 生成 fills in a 工号 that the live check accepts, while a typed bad one gets the rule's message.
import { expect, test, type APIRequestContext } from '@playwright/test';
import { ADMIN } from './fixtures';
import { loginAs } from './shell-helpers';
import { snap } from './shots';

const SHOTS = process.env.XT_SHOTS_DIR ?? 'test-results';
const CHECK = { name: 'E2E班级编码', code: 'e2e_class_code' };
const FILL = { name: 'E2E订单号', code: 'e2e_order_no' };

/** An API token of the admin (one login: the test's own follows in the browser). */
async function adminToken(request: APIRequestContext) {
  const login = await request.post('/api/sys/login', { data: { username: ADMIN.username, password: ADMIN.password } });
  return (await login.json()).result.token as string;
}

/** Removes the test's rules (those a previous, failed attempt left too, so a retry starts clean). */
async function removeTestRules(request: APIRequestContext, token: string) {
  const headers = { 'X-Access-Token': token };
  for (const [base, code] of [['checkRule', CHECK.code], ['fillRule', FILL.code]]) {
    const list = await (await request.get(`/api/sys/${base}/list?ruleCode=${code}`, { headers })).json();
    for (const r of list.result.records as { id: string }[]) await request.delete(`/api/sys/${base}/delete?id=${r.id}`, { headers });
  }
}

test('an admin builds a check rule and a fill rule, tries them, and the user form uses both', async ({ page }) => {
  test.setTimeout(90_000);
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  page.on('dialog', (d) => d.accept());
  const token = await adminToken(page.request);
  await removeTestRules(page.request, token);
  await loginAs(page, ADMIN);
  const row = (text: string) => page.getByRole('row').filter({ hasText: text });
  const settled = (scope = page.locator('body')) => expect(scope.locator('.htmx-added, .htmx-settling, .htmx-swapping, .htmx-request')).toHaveCount(0);

  // 编码校验规则: the seed rules are listed; a new rule is tried in the form before it is saved.
  await page.goto('/isystem/checkRule');
  await expect(row('common')).toContainText('通用编码规则');
  await page.getByRole('link', { name: '新增', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: '新增' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('规则名称').fill(CHECK.name);
  await dialog.getByLabel('规则编码').fill(CHECK.code);
  await dialog.getByLabel('规则JSON').fill('[{"digits":"1","pattern":"C","message":"第一位必须是C"},{"digits":"3","pattern":"\\\\d{3}","message":"第2–4位必须是数字"}]');
  const tryValue = dialog.getByLabel('输入要测试的值');
  await tryValue.fill('C12x');
  await dialog.getByRole('button', { name: '测试' }).click();
  await expect(dialog.locator('#xt-rule-try-result')).toContainText('第2–4位必须是数字');
  await expect(dialog.locator('#xt-rule-try-result')).toContainText('12x');
  await snap(page, `${SHOTS}/code-rules-check-form.png`);
  await settled(dialog);
  await tryValue.fill('C123');
  await dialog.getByRole('button', { name: '测试' }).click();
  await expect(dialog.locator('#xt-rule-try-result')).toContainText('“C123” 通过全部规则');
  await settled(dialog);
  await dialog.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '添加成功！' })).toBeVisible();
  await expect(row(CHECK.code)).toContainText(CHECK.name);
  await snap(page, `${SHOTS}/code-rules-check-list.png`, { fullPage: true });

  // 填值规则: a serial number by day; 测试 shows a sample without taking it.
  await page.goto('/isystem/fillRule');
  await expect(row('user_work_no')).toContainText('流水号');
  await page.getByRole('link', { name: '新增', exact: true }).click();
  const fill = page.getByRole('dialog', { name: '新增' });
  await expect(fill).toBeVisible();
  await fill.getByLabel('规则名称').fill(FILL.name);
  await fill.getByLabel('规则编码').fill(FILL.code);
  await fill.getByLabel('生成方式').selectOption('serial');
  await expect(fill.locator('#xt-fill-hint')).toContainText('前缀 + 日期 + 补零的序号');
  await settled(fill);
  await fill.getByLabel('规则参数').fill('{"prefix":"DD","datePattern":"yyyyMMdd","digits":"3"}');
  await fill.getByRole('button', { name: '测试（生成示例）' }).click();
  await expect(fill.locator('#xt-rule-try-result')).toContainText('序号位数(digits)必须是1–12的整数');
  await settled(fill);
  await fill.getByLabel('规则参数').fill('{"prefix":"DD","datePattern":"yyyyMMdd","digits":3}');
  await fill.getByRole('button', { name: '测试（生成示例）' }).click();
  await expect(fill.locator('#xt-rule-try-result')).toContainText(/生成示例：DD\d{8}001（预览，不占用编号）/);
  await snap(page, `${SHOTS}/code-rules-fill-form.png`);
  await settled(fill);
  await fill.getByRole('button', { name: '确定' }).click();
  await expect(page.getByRole('alert').filter({ hasText: '添加成功！' })).toBeVisible();
  await expect(row(FILL.code)).toContainText('流水号');

  // 用户管理: 工号 is checked as it is typed and 生成 fills one in from user_work_no.
  await page.goto('/isystem/user');
  await page.getByRole('link', { name: '新增', exact: true }).click();
  const user = page.getByRole('dialog', { name: '新增' });
  await expect(user).toBeVisible();
  await user.getByLabel('工号').fill('bad no');
  await expect(user.locator('#f-workNo-rule')).toContainText('工号只能包含字母、数字、下划线或短横线');
  await settled(user);
  await user.getByRole('button', { name: '生成' }).click();
  await expect(user.getByLabel('工号')).toHaveValue(/^XT\d{8}$/);
  await expect(user.locator('#f-workNo-rule')).toContainText('符合编码规则');
  await snap(page, `${SHOTS}/code-rules-user-form.png`);

  await removeTestRules(page.request, token);
  expect(errors).toEqual([]);
});
