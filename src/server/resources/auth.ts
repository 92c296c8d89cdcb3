// SPEC §6 / teaching-open's v-has: an action is shown when its code is in the user's `auth` list (type not 2),
// or in `allAuth` with status '0' (the rule is switched off, so everyone sees it); otherwise it is removed.
// The API checks the same codes (access.ts); this only decides what the page shows.

export interface AuthLists {
  auth: { action: string; type: string }[];
  allAuth: { action: string; type: string; status: string }[];
}

export function canUse(lists: AuthLists, code: string | undefined): boolean {
  if (!code) return true;
  if (lists.allAuth.some((a) => a.action === code && a.type !== '2' && a.status === '0')) return true;
  return lists.auth.some((a) => a.action === code && a.type !== '2');
}
