/**
 * Picks bodies and answers out of the generated `schema.d.ts` by path and method, so the renderer
 * and the door SDK name wire shapes the same way and never write one by hand. Types only: nothing
 * here reaches a bundle.
 */
import type { paths } from './schema.js';

export type { paths };

/** The JSON content of a response or request body entry. */
export type JsonOf<R> = R extends { content: { 'application/json': infer T } } ? T : never;

/** The 200 answer of `method path`. */
export type Answer<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: { 200: infer R };
}
  ? JsonOf<R>
  : never;

/** The `data:` of the entries a Server-Sent Events route sends (all kinds, as a union). */
export type EventStreamData<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  responses: { 200: { content: { 'text/event-stream': infer T } } };
}
  ? T
  : never;

/** The JSON body `method path` takes. */
export type RequestBody<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: infer B;
}
  ? JsonOf<NonNullable<B>>
  : never;

/** The query string `method path` takes. */
export type QueryOf<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  parameters: { query?: infer Q };
}
  ? NonNullable<Q>
  : never;

/** The error envelope every refusal carries (CONTRACT.md "Errors"). */
export type ErrorEnvelope = JsonOf<paths['/v2/events']['post']['responses'][400]>;
