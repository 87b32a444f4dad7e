import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { IdempotencyClaim } from '../domain/action-context.js';
import { ApiError } from '../errors.js';
import type { Lifecycle } from '../lifecycle.js';
import type { IdempotencyRepo } from '../store/idempotency-repo.js';
import { bearerSecret } from './access.js';
import { addRouteHook } from './route-hooks.js';
import { answerSeal } from './sealed-answers.js';

const dayMs = 24 * 60 * 60 * 1000;

type HookDone = (err?: Error) => void;

declare module 'fastify' {
  interface FastifyRequest {
    /** The request's hold on its Idempotency-Key; null without the header or on a replay. */
    idempotency: IdempotencyClaim | null;
  }
}

/**
 * The path as its route reads it: `/v2/orders/ord_1/resend/` or with its id percent-encoded is
 * the same request as without (routes ignore a trailing slash), so a retry of it replays. A
 * canonical request gives the very path it always hashed, so keys kept across an upgrade match.
 */
function routePath(request: FastifyRequest): string {
  const route = request.routeOptions.url;
  if (route === undefined) return request.url.split('?')[0] ?? '';
  const params = request.params as Record<string, string | undefined>;
  // `:name` parameters, and a wildcard's tail, as the router matched them.
  return route.replace(/:(\w+)|\*/g, (_, name: string | undefined) => params[name ?? '*'] ?? '');
}

function requestHash(request: FastifyRequest, body: string): string {
  return createHash('sha256')
    .update(`${request.method} ${routePath(request)}\n${body}`)
    .digest('hex');
}

/**
 * `Idempotency-Key` on any POST (CONTRACT.md "Conventions"): the same key and body within 24 h
 * replays the first answer; another body is 409 `idempotency_key_reused`. Keys are per API key.
 * A request still running under the same key gets 409 `idempotency_key_in_use`.
 *
 * A 200 is written by the action itself, in its own transaction (domain/action-runner.ts), so an
 * answer exists exactly when its effect does. Refusals (4xx) change nothing, so they are kept
 * here after the fact, like Stripe: a retried sold-out checkout stays sold out.
 */
export function installIdempotency(
  app: FastifyInstance,
  answers: IdempotencyRepo,
  now: () => number,
  lifecycle: Lifecycle,
): void {
  const inFlight = new Set<string>();
  const flightKey = (claim: IdempotencyClaim) => `${claim.scope}\n${claim.key}`;

  answers.purge(now() - dayMs);
  // A throw in a timer would end the process; on a full disk the purge waits for the next hour.
  const purgeTimer = setInterval(
    () => app.ctx.storage.background('idempotency purge', () => answers.purge(now() - dayMs)),
    60 * 60 * 1000,
  );
  purgeTimer.unref();
  lifecycle.onStop('idempotency purge', () => clearInterval(purgeTimer));

  app.decorateRequest('idempotency', null);

  /** Holds the request's key, or answers from the store (a replay): true when it answered. */
  const claimKey = (request: FastifyRequest, reply: FastifyReply): boolean => {
    const header = request.headers['idempotency-key'];
    if (header === undefined) return false;
    const key = Array.isArray(header) ? header[0] : header;
    if (!key || key.length > 255) {
      throw new ApiError(
        400,
        'invalid_field',
        'Idempotency-Key must be 1 to 255 characters.',
        'Idempotency-Key',
      );
    }
    const scope = request.apiKey?.id ?? `ip:${request.ip}`;
    const body = JSON.stringify(request.body ?? null);
    const hash = requestHash(request, body);
    const seal = answerSeal(request.apiKey ? (bearerSecret(request) ?? body) : body, scope, key);
    const stored = answers.find(scope, key, now() - dayMs);
    if (stored) {
      if (stored.request_hash !== hash) {
        throw new ApiError(
          409,
          'idempotency_key_reused',
          'This Idempotency-Key was used with a different request within the last 24 hours.',
          'Idempotency-Key',
        );
      }
      reply
        .code(stored.status_code)
        .header('idempotent-replayed', 'true')
        .type('application/json; charset=utf-8')
        .send(seal.open(stored.response));
      return true;
    }
    const claim: IdempotencyClaim = { scope, key, requestHash: hash, written: false, seal: seal.seal };
    if (inFlight.has(flightKey(claim))) {
      throw new ApiError(
        409,
        'idempotency_key_in_use',
        'A request with this Idempotency-Key is still being processed; retry shortly.',
        'Idempotency-Key',
      );
    }
    inFlight.add(flightKey(claim));
    request.idempotency = claim;
    return false;
  };

  /** The answer to keep under the request's key, if it has one the action did not write. */
  const keepAnswer = (request: FastifyRequest, reply: FastifyReply, payload: unknown): unknown => {
    const claim = request.idempotency;
    if (!claim) return payload;
    request.idempotency = null;
    inFlight.delete(flightKey(claim));
    // Written with the action's own transaction already.
    if (claim.written) return payload;
    const status = reply.statusCode;
    // A 2xx that reaches here came from a POST that keeps nothing in the store (a stream token),
    // so keeping it after the fact is as good as keeping it with the work.
    if (status >= 500 || status === 429 || typeof payload !== 'string') return payload;
    try {
      answers.save({
        scope: claim.scope,
        key: claim.key,
        requestHash: claim.requestHash,
        statusCode: status,
        response: claim.seal(payload),
        at: now(),
      });
    } catch (err) {
      // The answer stands: a refusal changed nothing, so a retry that runs again gets it again.
      request.log.warn({ err }, 'could not keep the answer to an Idempotency-Key');
    }
    return payload;
  };

  // preHandler and onResponse are callback hooks, not async ones: every POST runs them and most
  // carry no key, and each async hook cost a promise and a turn of the microtask queue. Answering
  // from a hook in the callback style means sending and not calling `done`.
  const preHandler = (request: FastifyRequest, reply: FastifyReply, done: HookDone) => {
    let answered: boolean;
    try {
      answered = claimKey(request, reply);
    } catch (err) {
      done(err as Error);
      return;
    }
    if (!answered) done();
  };

  // Async on purpose: a refusal made before the body is read (a missing key) is then written a
  // turn later, after the HTTP parser has met a broken body in the same packet, so the parser's
  // 400 answers that request, not the 401 (test/http/client-errors.test.ts).
  const onSend = async (request: FastifyRequest, reply: FastifyReply, payload: unknown) =>
    keepAnswer(request, reply, payload);

  // A request that dies before onSend (client gone) must not hold its key forever.
  const onResponse = (request: FastifyRequest, _reply: FastifyReply, done: HookDone) => {
    const claim = request.idempotency;
    if (claim) inFlight.delete(flightKey(claim));
    done();
  };

  // Only POSTs take Idempotency-Key, so only POST routes carry these hooks.
  app.addHook('onRoute', (route) => {
    const methods = Array.isArray(route.method) ? route.method : [route.method];
    if (!methods.includes('POST')) return;
    addRouteHook(route, 'preHandler', preHandler);
    addRouteHook(route, 'onSend', onSend);
    addRouteHook(route, 'onResponse', onResponse);
  });
}
