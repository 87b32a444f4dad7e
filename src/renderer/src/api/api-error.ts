/**
 * A refusal or failure of an API call, carrying the server's envelope fields so screens can show
 * the server's own message and put it on the field named by `param`.
 */
export class ApiRequestError extends Error {
  constructor(
    /** HTTP status; 0 when the server could not be reached at all. */
    readonly status: number,
    readonly code: string,
    message: string,
    readonly param: string | undefined = undefined,
    readonly type = 'api_error',
  ) {
    super(message);
    this.name = 'ApiRequestError';
  }

  get isNetwork(): boolean {
    return this.status === 0;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null;
}

/** Turns whatever came back with a non-2xx status into an ApiRequestError, envelope or not. */
export function errorFromResponse(status: number, body: unknown): ApiRequestError {
  const error = isRecord(body) && isRecord(body.error) ? body.error : undefined;
  if (error && typeof error.code === 'string' && typeof error.message === 'string') {
    return new ApiRequestError(
      status,
      error.code,
      error.message,
      typeof error.param === 'string' ? error.param : undefined,
      typeof error.type === 'string' ? error.type : undefined,
    );
  }
  // Not our envelope (a proxy, a crash page): say what we know without pretending.
  const text = typeof body === 'string' && body.trim() ? `: ${body.trim().slice(0, 200)}` : '';
  return new ApiRequestError(status, `http_${status}`, `The venue server answered HTTP ${status}${text}.`);
}

export function networkError(cause: unknown): ApiRequestError {
  const detail = cause instanceof Error && cause.name === 'TimeoutError' ? ' (timed out)' : '';
  return new ApiRequestError(
    0,
    'network_error',
    `Cannot reach the venue server${detail}. Check the network; nothing was changed by this attempt.`,
  );
}

/** Any thrown value as a message for the screen. */
export function messageOf(err: unknown): string {
  if (err instanceof Error) return err.message;
  return String(err);
}
