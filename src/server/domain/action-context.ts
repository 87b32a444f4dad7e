/**
 * Who acts: the API key a request authenticated with, the paired device that key belongs to (if
 * any), and, once staff sign in (CONTRACT.md "Staff, shifts, reports, audit"), the staff member.
 * What the audit trail will record as `actor`.
 */
export interface Actor {
  apiKeyId: string | null;
  deviceId: string | null;
  /** The staff member signed in at the till (`Marquee-Staff`), if any. */
  staffId: string | null;
}

/**
 * A request's hold on its Idempotency-Key, taken by the HTTP layer before the action runs: the
 * action's answer is written under it in the action's own transaction (domain/action-runner.ts).
 */
export interface IdempotencyClaim {
  /** The API key's id, or `ip:<address>` for a keyless request (device pairing). */
  readonly scope: string;
  readonly key: string;
  /** Method, path and body of the request, hashed: a retry must match it to be replayed. */
  readonly requestHash: string;
  /** Set once the answer was committed with the action, so nothing stores it again after. */
  written: boolean;
  /** The answer as it is kept for a replay (sealed: http/sealed-answers.ts). */
  readonly seal: (answer: string) => string;
}

/** Everything a business action carries besides its input: who acts, and under which key. */
export interface ActionContext {
  actor: Actor;
  idempotency: IdempotencyClaim | null;
}

/** An action the server takes on its own (start-up, workers): no key, no device, no replay. */
export const serverAction = (): ActionContext => ({
  actor: { apiKeyId: null, deviceId: null, staffId: null },
  idempotency: null,
});
