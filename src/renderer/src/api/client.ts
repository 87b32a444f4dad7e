import createClient, { type Client } from 'openapi-fetch';
import { errorFromResponse, networkError } from './api-error.js';
import { isStorageFullAnswer } from '../lib/server-health.js';
import { staffRefusalWords } from '../lib/staff-words.js';
import { reportStaffRefusal, staffToken } from './staff-token.js';
import type { paths } from '../../../shared/api/schema.js';

// JSON answers only: the CSV exports' text/csv (fetched apart, as files) is not a typed answer.
export type MarqueeClient = Client<paths, 'application/json'>;

export interface ClientHooks {
  /** Every answer proves the server is reachable; every thrown fetch suggests it is not. */
  onReachable?: () => void;
  onUnreachable?: () => void;
  /** An answer said the server's disk is full (507), before the next health poll would. */
  onStorageFull?: () => void;
}

/** The one typed client of the UI: every path, body and answer type comes from the generated schema. */
export function makeClient(baseUrl: string, apiKey: string, hooks: ClientHooks = {}): MarqueeClient {
  const client = createClient<paths, 'application/json'>({ baseUrl: baseUrl.replace(/\/+$/, '') });
  client.use({
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${apiKey}`);
      // The staff member signed in at this till, if any: the server records them as the actor.
      const staff = staffToken();
      if (staff) request.headers.set('marquee-staff', staff);
      return request;
    },
    onResponse({ request, response }) {
      hooks.onReachable?.();
      if (isStorageFullAnswer(response.status)) hooks.onStorageFull?.();
      if (response.status === 401 || response.status === 403) return inStaffWords(request, response);
      return undefined;
    },
    onError({ error }) {
      hooks.onUnreachable?.();
      return networkError(error);
    },
  });
  return client;
}

/**
 * A staff refusal (`staff_sign_in_required`, `insufficient_role`) rewritten in words a person
 * at the till uses, and announced so the till can show its PIN keypad; other answers pass as they are.
 */
async function inStaffWords(request: Request, response: Response): Promise<Response | undefined> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const error = (body as { error?: { code?: unknown; message?: unknown } } | null)?.error;
  if (typeof error?.code !== 'string') return undefined;
  const words = staffRefusalWords(error.code, request.method, request.url);
  if (words === null) return undefined;
  // Only about the sign-in the till holds now: a request sent as a member since signed out (or
  // as nobody, before the next one signed in) must not sign out whoever is at the till now.
  if ((request.headers.get('marquee-staff') ?? null) === staffToken())
    reportStaffRefusal(error.code, typeof error.message === 'string' ? error.message : '');
  return new Response(JSON.stringify({ error: { ...error, message: words } }), {
    status: response.status,
    statusText: response.statusText,
    headers: response.headers,
  });
}

interface FetchResult<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** Awaits a client call and answers its data, or throws an ApiRequestError with code/message/param. */
export async function unwrap<T>(call: Promise<FetchResult<T>>): Promise<T> {
  let result: FetchResult<T>;
  try {
    result = await call;
  } catch (err) {
    if (err instanceof Error && err.name === 'ApiRequestError') throw err;
    throw networkError(err);
  }
  if (!result.response.ok || result.error !== undefined) {
    throw errorFromResponse(result.response.status, result.error);
  }
  return result.data as T;
}
