// GET /teaching/user/info carries the caller's school-wide abilities (domain/abilities.ts), which pages show or hide
// actions by instead of working out "is admin" from role codes themselves.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../../../test/harness.js';

let t: TestApp;
beforeAll(async () => {
  t = await startTestApp();
});
afterAll(async () => {
  await t?.close();
});

describe('GET /teaching/user/info abilities', () => {
  it('are every school-wide ability for an admin and none for a teacher or a student', async () => {
    const abilitiesOf = async (user: string) => (await t.api('GET', '/teaching/user/info', { token: await t.login(user) })).body.result.abilities;
    expect(await abilitiesOf('admin')).toEqual({ allDeparts: true, adminSettings: true, schoolDashboard: true });
    for (const user of ['teacher', 'student1']) expect(await abilitiesOf(user)).toEqual({ allDeparts: false, adminSettings: false, schoolDashboard: false });
  });
});
