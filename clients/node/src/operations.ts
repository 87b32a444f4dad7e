/**
 * Types that pick an operation's path parameters, query, body and answer out of the generated
 * `paths` (schema.ts), so that `client.get('/v2/tickets/{id}', { path: { id } })` is checked
 * against the server's own route schemas.
 */
import type { paths } from './schema.js';

export type Method = 'get' | 'post' | 'patch' | 'delete';

/** The paths that take a method. */
export type PathsWith<M extends Method> = {
  [P in keyof paths]: paths[P] extends { [K in M]: object } ? P : never;
}[keyof paths];

export type Operation<P extends keyof paths, M extends Method> = paths[P] extends { [K in M]: infer O }
  ? O
  : never;

type Parameters<O> = O extends { parameters: infer X } ? X : never;
type PathParams<O> = Parameters<O> extends { path: infer X } ? X : never;
type QueryParams<O> = Parameters<O> extends { query?: infer X } ? Exclude<X, undefined> : never;
type RequestBody<O> = O extends { requestBody: { content: { 'application/json': infer B } } }
  ? { body: B }
  : O extends { requestBody?: { content: { 'application/json': infer B } } }
    ? { body?: B }
    : { body?: never };

/** The JSON of the operation's 200 answer. */
export type Answer<O> = O extends { responses: { 200: { content: { 'application/json': infer R } } } }
  ? R
  : unknown;

/** What every call takes besides the operation's own parameters. */
export interface CallOptions {
  /** POST only: this Idempotency-Key instead of a fresh one (repeat it to get the first answer again). */
  idempotencyKey?: string;
  signal?: AbortSignal;
}

export type RequestOptions<O> = ([PathParams<O>] extends [never]
  ? { path?: never }
  : { path: PathParams<O> }) &
  ([QueryParams<O>] extends [never] ? { query?: never } : { query?: QueryParams<O> }) &
  RequestBody<O> &
  CallOptions;

/** The options argument, optional when nothing in it is required. */
export type OptionsArgument<O> =
  object extends RequestOptions<O> ? [options?: RequestOptions<O>] : [options: RequestOptions<O>];

/** GET paths that answer a list, and the item type of each. */
export type ListPaths = {
  [P in PathsWith<'get'>]: Answer<Operation<P, 'get'>> extends { object: 'list'; data: unknown[] }
    ? P
    : never;
}[PathsWith<'get'>];

export type ListItem<P extends ListPaths> =
  Answer<Operation<P, 'get'>> extends { data: (infer T)[] } ? T : never;
