// Rows are snake_case (teaching-open's columns); the wire format is camelCase (its Java entities).
const camelKey = (k: string) => k.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

export function camel<T extends object>(row: T): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[camelKey(k)] = v;
  return out;
}

/** URL under which a stored file key is served. */
export function fileUrl(key: string | null | undefined, base = ''): string | null {
  if (!key) return null;
  if (/^https?:\/\//.test(key)) return key;
  return `${base}/api/sys/common/static/${key.split('/').map(encodeURIComponent).join('/')}`;
}
