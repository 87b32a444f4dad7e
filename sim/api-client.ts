/**
 * A thin JSON client for the /v2 API, as an integrator would write one: bearer key, JSON in and
 * out, and every refusal turned into an error carrying the contract's `code` so callers can
 * tell "sold out" from a bug.
 */
export class ApiRefusal extends Error {
  constructor(
    readonly status: number,
    readonly code: string | null,
    message: string,
  ) {
    super(message);
    this.name = 'ApiRefusal';
  }
}

interface ErrorEnvelope {
  error?: { code?: string; message?: string };
}

export class ApiClient {
  constructor(
    readonly baseUrl: string,
    private readonly key: string | null,
    /** Sent with every request: a till's `Marquee-Staff` session (docs/api.md "Sign-in at a till"). */
    private readonly always: Record<string, string> = {},
  ) {}

  /** The same key with a staff member signed in: their session token on every request. */
  asStaff(sessionToken: string): ApiClient {
    return new ApiClient(this.baseUrl, this.key, { ...this.always, 'marquee-staff': sessionToken });
  }

  get<T>(path: string): Promise<T> {
    return this.call<T>('GET', path);
  }

  post<T>(path: string, body: unknown = {}, headers: Record<string, string> = {}): Promise<T> {
    return this.call<T>('POST', path, body, headers);
  }

  patch<T>(path: string, body: unknown): Promise<T> {
    return this.call<T>('PATCH', path, body);
  }

  /** Every page of a list endpoint (`limit=100`, following `next_cursor`). */
  async all<T>(path: string): Promise<T[]> {
    const out: T[] = [];
    let cursor: string | null = null;
    const sep = path.includes('?') ? '&' : '?';
    do {
      const page: { data: T[]; next_cursor: string | null } = await this.get(
        `${path}${sep}limit=100${cursor ? `&cursor=${encodeURIComponent(cursor)}` : ''}`,
      );
      out.push(...page.data);
      cursor = page.next_cursor;
    } while (cursor);
    return out;
  }

  private async call<T>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<T> {
    const res = await fetch(`${this.baseUrl}${path}`, {
      method,
      headers: {
        ...(this.key ? { authorization: `Bearer ${this.key}` } : {}),
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...this.always,
        ...headers,
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    const text = await res.text();
    const parsed: unknown = text ? JSON.parse(text) : null;
    if (!res.ok) {
      const error = (parsed as ErrorEnvelope | null)?.error;
      throw new ApiRefusal(
        res.status,
        error?.code ?? null,
        `${method} ${path} → ${res.status} ${error?.code ?? ''}: ${error?.message ?? text}`,
      );
    }
    return parsed as T;
  }
}
