// What one page request's in-process API calls may share: the upstream client (upstream/client.ts) hands every read
// it makes for a visitor the same memo, and the API resolves that visitor's session and permission rows once through
// it instead of once per call (api/index.ts, api/access.ts). It never outlives the page request (one per client the
// pages make for it) and never serves another token or user (the keys name them). Writes clear it, before and after:
// a call after a logout, a password change or a grant sees what the write left.
export class RequestMemo {
  private readonly entries = new Map<string, Promise<unknown>>();

  /** `load()`'s promise, made once per key; a failure is forgotten, so the next call loads again. */
  get<T>(key: string, load: () => Promise<T>): Promise<T> {
    const known = this.entries.get(key) as Promise<T> | undefined;
    if (known) return known;
    const p = load();
    this.entries.set(key, p);
    p.catch(() => {
      if (this.entries.get(key) === p) this.entries.delete(key);
    });
    return p;
  }

  clear() {
    this.entries.clear();
  }
}

/** The memo an in-process API request carries in its server binding (never one a socket's request could bring). */
export const requestMemoOf = (env: unknown): RequestMemo | undefined => {
  const memo = (env as { requestMemo?: unknown } | undefined)?.requestMemo;
  return memo instanceof RequestMemo ? memo : undefined;
};
