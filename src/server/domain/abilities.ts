// The caller's school-wide abilities: the one place that answers what only administrators may do, for the API's
// checks and (through /teaching/user/info) for the pages' buttons and views.
import type { UserAbilities } from '../contracts/permissions.js';
import { isSuperUser, type SessionUser } from './sessions.js';

export function userAbilities(user: Pick<SessionUser, 'roles'>): UserAbilities {
  const admin = isSuperUser(user);
  return { allDeparts: admin, adminSettings: admin, schoolDashboard: admin };
}
