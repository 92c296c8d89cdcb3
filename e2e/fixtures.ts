// Shared constants for the Playwright tests. playwright.config.ts imports this module too (to hand the
// same passwords to the server it starts), so keep it free of side effects.

/** E2E_PORT lets several runs share a machine (each starts its own server). */
export const E2E_PORT = process.env.E2E_PORT ?? '8788';
export const BASE_URL = `http://127.0.0.1:${E2E_PORT}`;

/**
 * The SMTP port the server under test sends mail to (SMTP_URL); e2e/messages.spec.ts listens there while it
 * runs. Nothing listens otherwise: a send then fails and is recorded, as on a school without a mail server.
 */
export const E2E_SMTP_PORT = process.env.E2E_SMTP_PORT ?? String(Number(E2E_PORT) + 10);

/** The `admin` account created at first start from ADMIN_PASSWORD. */
export const ADMIN = { username: 'admin', password: 'Admin-e2e-2026' } as const;

/** Password of every demo account seeded at first start (DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'Demo-e2e-2026';

/** Demo teacher and student seeded with the demo content. */
export const TEACHER = { username: 'teacher', password: DEMO_PASSWORD } as const;
export const STUDENT = { username: 'student1', password: DEMO_PASSWORD } as const;

/** The code every image captcha shows in the browser tests (XUETANG_TEST_CAPTCHA, set by playwright.config.ts). */
export const TEST_CAPTCHA = '2468';

/** The file the server under test appends each SMS code to (SMS_URL=log:FILE), one JSON line {phone, code, at}. */
export const smsLogFile = (dataDir: string = process.env.XUETANG_E2E_DATA_DIR ?? '') => `${dataDir}/sms.log`;
