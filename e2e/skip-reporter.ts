// With XUETANG_TEST_NO_SKIP=1 (CI starts every service, so nothing should be skipped) a skipped browser test fails
// the run; otherwise skips are only counted, once, at the end.
import type { FullResult, Reporter, TestCase, TestResult } from '@playwright/test/reporter';

export default class SkipReporter implements Reporter {
  private skipped = new Set<string>();

  onTestEnd(test: TestCase, result: TestResult): void {
    if (result.status === 'skipped') this.skipped.add(test.titlePath().join(' › '));
  }

  async onEnd(result: FullResult): Promise<{ status?: FullResult['status'] } | undefined> {
    if (this.skipped.size === 0) return undefined;
    console.log(`${this.skipped.size} browser test${this.skipped.size === 1 ? '' : 's'} skipped`);
    if (process.env.XUETANG_TEST_NO_SKIP === '1' && result.status === 'passed') {
      console.log('XUETANG_TEST_NO_SKIP=1: every test must run');
      return { status: 'failed' };
    }
    return undefined;
  }
}
