// Rows are snake_case (teaching-open's columns); the wire format is camelCase (its Java entities).
const camelKey = (k: string) => k.replace(/_([a-z0-9])/g, (_, ch: string) => ch.toUpperCase());

/** `create_time` → `createTime`, as a type: the record a table row becomes. */
type CamelKey<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<CamelKey<T>>}` : S;
export type Camel<T> = { [K in keyof T as K extends string ? CamelKey<K> : K]: T[K] };

export function camel<T extends object>(row: T): Camel<T> {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(row)) out[camelKey(k)] = v;
  return out as Camel<T>;
}

/** URL under which a stored file key is served. */
export function fileUrl(key: string | null | undefined, base = ''): string | null {
  if (!key) return null;
  if (/^https?:\/\//.test(key)) return key;
  return `${base}/api/sys/common/static/${key.split('/').map(encodeURIComponent).join('/')}`;
}
