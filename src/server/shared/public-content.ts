// One signal for "what anonymous visitors see has changed": the API raises it after a write that a public
// page shows (a work published, graded or deleted, a comment, a course, the site config, the front menu,
// news), and the public pages' shared cache listens and drops what it holds. It lives in shared because the
// writers (api, domain) and the listener (pages) may not import each other.

/** What changed, so a listener may drop only what depends on it; 'all' when a writer cannot say. */
export type PublicContent = 'work' | 'course' | 'config' | 'menu' | 'news' | 'all';

export const PUBLIC_CONTENT_KINDS: readonly PublicContent[] = ['work', 'course', 'config', 'menu', 'news', 'all'];

/** `remote`: the change was made by another process and reached this one through the hub (not to be sent on). */
type Listener = (what: PublicContent, remote: boolean) => void;
const listeners = new Set<Listener>();

/** Tells every listener in this process that public content of this kind changed. */
export function publicContentChanged(what: PublicContent = 'all', remote = false): void {
  for (const listener of listeners) listener(what, remote);
}

/** Subscribes to changes; returns the unsubscribe function. */
export function onPublicContentChange(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
