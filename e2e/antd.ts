// Driving antd widgets from tests the way a user does, robust to their motion.
import { expect, type Locator, type Page } from '@playwright/test';

/**
 * Chooses `option` in an antd Select and waits for `chosen` to hold. antd's dropdown animates open and aligns
 * itself after the first frame; on a loaded machine a click can land mid-motion and miss, so the choice is retried
 * (reopening the dropdown when it closed) until the page shows it.
 */
export async function chooseSelectOption(page: Page, select: Locator, option: string, chosen: () => Promise<void>) {
  const item = page.locator('.ant-select-dropdown:not(.ant-select-dropdown-hidden) .ant-select-item-option', { hasText: option });
  await expect(async () => {
    if (!(await item.isVisible())) await select.click();
    await item.click({ timeout: 2000 });
    await chosen();
  }).toPass({ timeout: 15_000 });
}
