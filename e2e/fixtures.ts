// Shared constants for the Playwright tests. playwright.config.ts imports this module too (to hand the
// same passwords to the server it starts), so keep it free of side effects.

export const BASE_URL = 'http://127.0.0.1:8788';

/** The `admin` account created at first start from ADMIN_PASSWORD. */
export const ADMIN = { username: 'admin', password: 'Admin-e2e-2026' } as const;

/** Password of every demo account seeded at first start (DEMO_PASSWORD). */
export const DEMO_PASSWORD = 'Demo-e2e-2026';

/** Demo teacher and student seeded with the demo content. */
export const TEACHER = { username: 'teacher', password: DEMO_PASSWORD } as const;
export const STUDENT = { username: 'student1', password: DEMO_PASSWORD } as const;
