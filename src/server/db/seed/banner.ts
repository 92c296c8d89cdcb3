// What the first start prints about the accounts it created (main.ts), once. Each line says its account's
// truth: a generated password is shown (this is its only copy) and must be replaced at the first login; a
// password the operator gave (ADMIN_PASSWORD for admin, DEMO_PASSWORD for the demo accounts) is not printed
// and not forced to change (seed/index.ts sets need_change_password only for generated ones).
import type { SeedReport } from './index.js';

export function firstStartBanner(accounts: SeedReport['accounts']): string[] {
  const lines = accounts.map((a) => {
    const secret = a.generated ? a.password : a.username === 'admin' ? '(ADMIN_PASSWORD)' : '(DEMO_PASSWORD)';
    const rule = a.generated ? 'must be changed at first login' : 'not forced to change';
    return `  ${a.role.padEnd(8)} ${a.username.padEnd(10)} ${secret.padEnd(16)} ${rule}`;
  });
  return ['First start: the database was seeded. Accounts (shown once):', ...lines];
}
