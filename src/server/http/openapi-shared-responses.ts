/**
 * Nine answers in ten of the document are the same refusal: the error envelope with the same
 * headers (x-request-id, the x-ratelimit-* ones, and Retry-After or idempotent-replayed by status
 * and method). Each is declared once under `components.responses` and referenced from every
 * operation, rather than repeated ~800 times: declaring the three x-ratelimit-* headers inline on
 * every answer grew the served document from 421 to 572 KB, where this shrinks it.
 * Runs after declareResponseHeaders (openapi-conventions.ts), which decides the headers.
 */

interface Response {
  $ref?: string;
  description?: string;
  content?: unknown;
  headers?: Record<string, unknown>;
}
type Operations = Record<string, Record<string, { responses?: Record<string, Response> }>>;

const envelope = JSON.stringify({ 'application/json': { schema: { $ref: '#/components/schemas/Error' } } });

/** The shared refusals, named by the headers they carry besides the ones every answer has. */
const sharedRefusals: { name: string; alsoCarries: string[] }[] = [
  { name: 'Refusal', alsoCarries: [] },
  { name: 'ReplayableRefusal', alsoCarries: ['idempotent-replayed'] },
  { name: 'RateLimited', alsoCarries: ['Retry-After'] },
];
const everyAnswerCarries = [
  'x-request-id',
  'x-ratelimit-limit',
  'x-ratelimit-remaining',
  'x-ratelimit-reset',
];

const sameNames = (a: string[], b: string[]) => a.length === b.length && a.every((name) => b.includes(name));

/**
 * Replaces each plain refusal of `paths` by a `$ref` to its shared declaration and answers those
 * declarations (for `components.responses`). A refusal with headers of its own stays inline.
 */
export function shareRefusals(paths: Operations): Record<string, Response> {
  const shared: Record<string, Response> = {};
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      for (const [status, response] of Object.entries(operation.responses ?? {})) {
        if (JSON.stringify(response.content) !== envelope) continue;
        const headers = Object.keys(response.headers ?? {});
        const refusal = sharedRefusals.find(({ alsoCarries }) =>
          sameNames(headers, [...everyAnswerCarries, ...alsoCarries]),
        );
        if (!refusal) continue;
        const first = (shared[refusal.name] ??= response);
        // Only answers declared alike share a declaration (one description for all of them).
        if (first !== response && JSON.stringify(first) !== JSON.stringify(response)) continue;
        operation.responses![status] = { $ref: `#/components/responses/${refusal.name}` };
      }
    }
  }
  return shared;
}
