/** A value an audit entry's data may hold: small facts, never objects (they grow, and hide things). */
export type AuditValue = string | number | boolean | null | readonly string[];

/**
 * What an action declares about a change it made (CONTRACT.md "Audit"); the runner adds who
 * (the action's actor), when, and an id, and writes it in the action's transaction.
 */
export interface AuditEntry {
  /** `<object type>.<past tense>`, like the webhook kinds: `order.created`, `ticket.voided`. */
  action: string;
  /** `order`, `ticket`, `tier`, `event`, `api_key`, … */
  objectType: string;
  objectId: string;
  /**
   * The order this change belongs to, when it is one of an order's parts (a ticket, a refund,
   * an attendee) or the order itself: `GET /v2/audit_events?object_id=ord_…` then finds the
   * order's whole history.
   */
  orderId?: string | null;
  /** A few facts about the change (amounts, names, statuses). Never a secret, PIN or token. */
  data?: Readonly<Record<string, AuditValue>>;
}

/**
 * Field names a secret travels under. An entry carrying one is a bug in the action, refused
 * loudly (the action rolls back) rather than written into a trail kept for ever.
 */
const secretName = /secret|pin|token|password|hash|pass$|credential/i;

export function checkAuditData(entry: AuditEntry): void {
  for (const name of Object.keys(entry.data ?? {})) {
    if (secretName.test(name)) {
      throw new Error(`audit entry ${entry.action} carries '${name}', which may be a secret`);
    }
  }
}

/** The names of the fields a PATCH set (never their values: a tier's access code is one). */
export const changedFields = (input: object): string[] =>
  Object.entries(input)
    .filter(([, value]) => value !== undefined)
    .map(([name]) => name);

interface EventFacts {
  id: string;
  title: string;
}

interface TierFacts {
  id: string;
  event_id: string;
  name: string;
  price_cents: number;
  quantity: number;
}

export const eventAudit = (
  action: string,
  event: EventFacts,
  data: Record<string, AuditValue> = {},
): AuditEntry => ({ action, objectType: 'event', objectId: event.id, data: { title: event.title, ...data } });

/** A tier's entry names its event, its price and quantity as they were (never its access code). */
export const tierAudit = (
  action: string,
  tier: TierFacts,
  data: Record<string, AuditValue> = {},
): AuditEntry => ({
  action,
  objectType: 'tier',
  objectId: tier.id,
  data: {
    event_id: tier.event_id,
    name: tier.name,
    price_cents: tier.price_cents,
    quantity: tier.quantity,
    ...data,
  },
});

/**
 * Why a door scan writes no audit row: every attempt is a `scans` row already, append-only, with
 * its device, key and staff member (migration 011); at up to thousands an hour, a second copy of
 * each would double the door's writes for nothing the scan list does not answer.
 */
export const scanIsItsOwnRecord = 'a scan is its own record, with its actor';
