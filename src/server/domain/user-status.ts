// 用户管理's 冻结 / 解冻: freeze an active account (never one's own: it would lock the caller out), unfreeze a frozen
// one. The API asks this for every user a freeze or unfreeze names, and the user list carries each row's answer
// (`canFreeze`, `canUnfreeze`), so the page offers the one that applies. Who may act on whom at all (scope, role
// levels) stays the routes' own check.
import type { SessionUser } from './sessions.js';

/** sys_user.status: 1 正常, 2 冻结. */
const USER_ACTIVE = 1;
export const USER_FROZEN = 2;

// A type, not an interface: it joins records that the contract reads as Record<string, unknown>.
export type FreezeAbilities = {
  canFreeze: boolean;
  canUnfreeze: boolean;
};

/** Policy: whether the actor may freeze or unfreeze this user, by the user's status. */
export function freezeAbilities(actor: Pick<SessionUser, 'id'>, user: { id: string; status: number }): FreezeAbilities {
  const status = Number(user.status);
  return { canFreeze: status === USER_ACTIVE && user.id !== actor.id, canUnfreeze: status === USER_FROZEN };
}
