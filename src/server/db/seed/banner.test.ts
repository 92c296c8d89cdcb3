// The first-start banner tells each account's truth: a generated password is shown once and must be replaced
// at the first login; a password from ADMIN_PASSWORD / DEMO_PASSWORD is not shown and not forced to change.
import { describe, expect, it } from 'vitest';
import { firstStartBanner } from './banner.js';

const account = (username: string, role: string, generated: boolean, password = 'Gen3rated-Pw') => ({ username, role, generated, password });

describe('first-start banner', () => {
  it('says every generated password must be changed at first login, and shows it once', () => {
    const lines = firstStartBanner([account('admin', 'admin', true, 'Xk7-generated'), account('teacher', 'teacher', true, 'Tq9-generated')]);
    expect(lines[0]).toBe('First start: the database was seeded. Accounts (shown once):');
    expect(lines[1]).toMatch(/^ {2}admin {4}admin {6}Xk7-generated +must be changed at first login$/);
    expect(lines[2]).toMatch(/^ {2}teacher {2}teacher {4}Tq9-generated +must be changed at first login$/);
    expect(lines).toHaveLength(3);
  });

  it('says passwords given in the environment are kept, are not printed, and are not forced to change', () => {
    const lines = firstStartBanner([
      account('admin', 'admin', false, 'Admin-secret-1'),
      account('teacher', 'teacher', false, 'Demo-secret-1'),
      account('student1', 'student', false, 'Demo-secret-1'),
    ]);
    expect(lines.join('\n')).not.toMatch(/secret|must/);
    expect(lines[1]).toMatch(/^ {2}admin {4}admin {6}\(ADMIN_PASSWORD\) +not forced to change$/);
    expect(lines[2]).toMatch(/^ {2}teacher {2}teacher {4}\(DEMO_PASSWORD\) +not forced to change$/);
    expect(lines[3]).toMatch(/^ {2}student {2}student1 {3}\(DEMO_PASSWORD\) +not forced to change$/);
  });

  it('tells each account apart when only one of the two variables was set', () => {
    const lines = firstStartBanner([account('admin', 'admin', false, 'Admin-secret-1'), account('teacher', 'teacher', true, 'Tq9-generated')]);
    expect(lines[1]).toContain('(ADMIN_PASSWORD)');
    expect(lines[1]).toContain('not forced to change');
    expect(lines[2]).toContain('Tq9-generated');
    expect(lines[2]).toContain('must be changed at first login');
  });
});
