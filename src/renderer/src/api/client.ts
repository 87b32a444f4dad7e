import createClient, { type Client } from 'openapi-fetch';
import { errorFromResponse, networkError } from './api-error.js';
import { isStorageFullAnswer } from '../lib/server-health.js';
import type { paths } from '../../../shared/api/schema.js';

export type MarqueeClient = Client<paths>;

export interface ClientHooks {
  /** Every answer proves the server is reachable; every thrown fetch suggests it is not. */
  onReachable?: () => void;
  onUnreachable?: () => void;
  /** An answer said the server's disk is full (507), before the next health poll would. */
  onStorageFull?: () => void;
}

/** The one typed client of the UI: every path, body and answer type comes from the generated schema. */
export function makeClient(baseUrl: string, apiKey: string, hooks: ClientHooks = {}): MarqueeClient {
  const client = createClient<paths>({ baseUrl: baseUrl.replace(/\/+$/, '') });
  client.use({
    onRequest({ request }) {
      request.headers.set('authorization', `Bearer ${apiKey}`);
      return request;
    },
    onResponse({ response }) {
      hooks.onReachable?.();
      if (isStorageFullAnswer(response.status)) hooks.onStorageFull?.();
    },
    onError({ error }) {
      hooks.onUnreachable?.();
      return networkError(error);
    },
  });
  return client;
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
