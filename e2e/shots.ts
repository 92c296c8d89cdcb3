// Screenshots for people to look at (docs, reviews) are taken only when asked: XT_SHOTS=1 npx playwright test.
// Each costs a few hundred milliseconds of a test run that no assertion reads; a failing test still gets
// Playwright's own screenshot (screenshot: 'only-on-failure' in playwright.config.ts).
import type { Locator, Page, PageScreenshotOptions } from '@playwright/test';

const SHOTS_WANTED = process.env.XT_SHOTS === '1';

export async function snap(target: Page | Locator, path: string, opts: Omit<PageScreenshotOptions, 'path'> = {}): Promise<void> {
  if (SHOTS_WANTED) await target.screenshot({ path, ...opts });
}
