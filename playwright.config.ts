import { defineConfig } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { findChromium } from './scripts/chromium.mjs';
import { ADMIN, BASE_URL, DEMO_PASSWORD, E2E_PORT, E2E_SMTP_PORT, smsLogFile, TEST_CAPTCHA } from './e2e/fixtures';

// Every run starts the built server (`npm run build` first) on a fresh, empty data directory, so it
// migrates and seeds from scratch. With TEST_DATABASE_URL set, the server uses that PostgreSQL database
// instead, inside a fresh schema (PG_SCHEMA) so runs never see each other's data.
//
// Playwright evaluates this file in the runner and again in each worker; the runner creates the
// directory and schema name and passes them on through the environment, so workers reuse them.
if (!process.env.XUETANG_E2E_DATA_DIR) {
  const dir = mkdtempSync(join(tmpdir(), 'xuetang-e2e-'));
  process.env.XUETANG_E2E_DATA_DIR = dir;
  process.env.XUETANG_E2E_PG_SCHEMA = `e2e_${randomBytes(6).toString('hex')}`;
  process.on('exit', () => rmSync(dir, { recursive: true, force: true }));
}
const dataDir = process.env.XUETANG_E2E_DATA_DIR;
const pgUrl = process.env.TEST_DATABASE_URL ?? '';

// Playwright starts the server with process.env plus these. Empty values count as unset for the server
// (config.ts), which keeps a developer's own DATABASE_URL / UPSTREAM_URL / PUBLIC_URL out of the run.
const serverEnv: Record<string, string> = {
  PORT: E2E_PORT,
  HOST: '127.0.0.1',
  DATA_DIR: dataDir,
  ADMIN_PASSWORD: ADMIN.password,
  DEMO_PASSWORD,
  DEMO_CONTENT: '1',
  LOG_LEVEL: 'error',
  DATABASE_URL: pgUrl,
  PG_SCHEMA: pgUrl ? process.env.XUETANG_E2E_PG_SCHEMA ?? '' : '',
  UPSTREAM_URL: '',
  PUBLIC_URL: '',
  // Test-only: scrypt at N=2^14 rather than OWASP's 2^17, so the browser tests' logins stay quick.
  XUETANG_TEST_SCRYPT_N: '16384',
  // Test-only: every image captcha shows this code, so e2e/accounts.spec.ts can register and log in past the
  // captcha (config.ts refuses it with NODE_ENV=production).
  XUETANG_TEST_CAPTCHA: TEST_CAPTCHA,
  // Mail goes to a local port that e2e/messages.spec.ts listens on (its SMTP server); for the other specs nothing
  // listens and a send fails and is recorded. Password recovery by mail also needs PUBLIC_URL (unset here), so
  // 找回密码 still says to ask a teacher (e2e/accounts.spec.ts); mail recovery is covered by vitest.
  SMTP_URL: `smtp://127.0.0.1:${E2E_SMTP_PORT}`,
  MAIL_FROM: '学堂 <noreply@xuetang.test>',
  // SMS codes go to a file in the e2e data directory (smsLogFile), where e2e/phone-recovery.spec.ts reads them
  // (config.ts refuses log:FILE with NODE_ENV=production). With SMS configured and no mail recovery, 找回密码 is
  // the phone's steps, and registration shows 手机验证码 (needed only when a phone is given).
  SMS_URL: `log:${smsLogFile(dataDir)}`,
};

/**
 * Specs that change what other specs read (site-wide settings or seeded accounts, roles and records) run in a
 * project of their own, one at a time, after the parallel project has finished. The reason for each:
 */
const SITE_WIDE = [
  'account.spec.ts', // student3's password is changed for a while, student2's profile too
  'accounts.spec.ts', // opens registration (网站配置 allowReg): the login page and /index show 注册
  'departs.spec.ts', // puts student3 in a class for a while; gives student1 a department role with 系统管理 for good
  'dicts-config.spec.ts', // the brand name (every title) and the seeded 性别 dictionary
  'front-menu.spec.ts', // the public header every public page shows
  'notices.spec.ts', // counts student3's bell exactly (announcements to everyone bump it); 全部已读 for student1/2
  'online-forms.spec.ts', // grants the teacher a menu entry of its own for a while (the teacher's side menu and search)
  'public-matrix.spec.ts', // banner, logos, background and footer of every public page
  'scratch-editor.spec.ts', // its re-login test counts failed logins to the captcha, and once met it early beside another worker
  'roles-permissions.spec.ts', // takes student1 and student3 out of 学生, changes the teacher's grants and data rule
  'system-files.spec.ts', // renames the seeded course Scratch游戏闯关 for good (courses.spec finds it by name)
  'system-monitor.spec.ts', // forces out the newest session of student3 and counts its sessions
  'system-rules.spec.ts', // the data rule 仅显示学生 (what a teacher's 用户管理 lists)
  'users.spec.ts', // freezes student2 for a while (who logs in in many specs)
  'visitors.spec.ts', // opens registration
  'work-detail.spec.ts', // comments and the share text (网站配置); likes counted per address
];

export default defineConfig({
  testDir: './e2e',
  // Two workers (E2E_WORKERS overrides): the specs below own their data (unique names, copies of seeded works), so
  // any two of them can run side by side against the one server; the SITE_WIDE ones then run on one worker. On a
  // 2-core machine saturated by other jobs (load ~20) two workers gained nothing (SQLite: 1170 s against a one-worker
  // run's 1114 s in the same minutes); the gain needs a core the one worker leaves idle.
  workers: Number(process.env.E2E_WORKERS) || 2,
  projects: [
    { name: 'parallel', testIgnore: SITE_WIDE },
    { name: 'site-wide', testMatch: SITE_WIDE, dependencies: ['parallel'], fullyParallel: false, workers: 1 },
  ],
  // On a shared 2-core machine a browser test can lose a race with an animation; one retry keeps CI honest
  // about real failures, and Playwright lists any test that needed it as flaky.
  retries: 1,
  reporter: [['list'], ['./e2e/skip-reporter.ts']],
  use: {
    baseURL: BASE_URL,
    browserName: 'chromium',
    headless: true,
    screenshot: 'only-on-failure',
    launchOptions: {
      // CHROMIUM_PATH, else Debian's /usr/bin/chromium (or another usual place); `npm test` checked it first
      // (scripts/check-test-browser.mjs).
      executablePath: findChromium() ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-dev-shm-usage',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  webServer: {
    command: 'node --enable-source-maps dist/server.mjs',
    url: `${BASE_URL}/healthz`,
    env: serverEnv,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
