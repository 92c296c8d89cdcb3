// An endpoint of the /api contract: its method and path, and the types of its query, body and result. The API
// registers its route from the endpoint (ApiRoutes.at) and the pages call it through the upstream client
// (Upstream.send), so a path renamed on one side is renamed on both, and a result field a page reads must exist in
// the endpoint's result type. Paths are relative to /api, as teaching-open's clients send them.

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** Query parameters as the contract sends them (strings and numbers; empty values are left out). */
export type Query = Record<string, string | number | boolean | null | undefined>;

export interface Endpoint<Q = Query, B = unknown, R = unknown> {
  /** The methods the API answers; a page sends the first. */
  readonly methods: readonly Method[];
  readonly path: string;
  /** Type carriers only: never set at run time. */
  readonly _types?: { query: Q; body: B; result: R };
}

const at =
  (...methods: Method[]) =>
  <R = null, B = never, Q = Query>(path: string): Endpoint<Q, B, R> => ({ methods, path });

/** GET: reads; the result type is what the envelope's `result` holds. */
export const GET = <R, Q = Query>(path: string): Endpoint<Q, never, R> => ({ methods: ['GET'], path });
export const POST = at('POST');
export const PUT = at('PUT');
export const DELETE = at('DELETE');
/** Edits the anchor answers on PUT and, for its older clients, on POST. */
export const PUT_OR_POST = at('PUT', 'POST');
/** Actions the pages POST and the anchor's clients GET (with `?id=`): 启动, 暂停, 立即执行 of a scheduled job. */
export const POST_OR_GET = at('POST', 'GET');

/** The result type an endpoint answers with (`ResultOf<typeof roleApi.queryById>` is RoleRecord). */
export type ResultOf<E> = E extends Endpoint<infer _Q, infer _B, infer R> ? R : never;
/** The record type of a paged list endpoint (`ListRecord<typeof roleApi.list>` is RoleRecord). */
export type ListRecord<E> = ResultOf<E> extends { records: (infer T)[] } ? T : never;
