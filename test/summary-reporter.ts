// Prints, once at the end of a run: the ten slowest test files (where the suite's time goes), and why tests were
// skipped: one line per missing service (test/services.ts) and one for any other skip. With XUETANG_TEST_NO_SKIP=1
// (CI, which starts every service) a skipped test fails the run.
import type { Reporter, TestModule } from 'vitest/node';
import { NEEDS } from './services.js';

export default class SummaryReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    const slowest = modules
      .map((m) => ({ file: m.relativeModuleId, ms: m.diagnostic().duration }))
      .sort((a, b) => b.ms - a.ms)
      .slice(0, 10);
    if (slowest.length > 1) {
      console.log('Slowest test files:');
      for (const s of slowest) console.log(`  ${(s.ms / 1000).toFixed(1).padStart(6)} s  ${s.file}`);
    }
    const byReason = new Map<string, number>();
    for (const m of modules) {
      for (const t of m.children.allTests()) {
        if (t.result().state !== 'skipped') continue;
        const at = t.fullName.indexOf(NEEDS);
        const reason = at >= 0 ? `${t.fullName.slice(at + NEEDS.length).split(' > ')[0].replace(/ at /, ' not reachable at ')}` : 'skipped in the code (skip/todo)';
        byReason.set(reason, (byReason.get(reason) ?? 0) + 1);
      }
    }
    let total = 0;
    for (const [reason, n] of byReason) {
      total += n;
      console.log(`${reason}: ${n} test${n === 1 ? '' : 's'} skipped`);
    }
    if (total > 0 && process.env.XUETANG_TEST_NO_SKIP === '1') {
      console.log(`XUETANG_TEST_NO_SKIP=1: every test must run, ${total} were skipped`);
      process.exitCode = 1;
    }
  }
}
