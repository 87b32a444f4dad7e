import { overShortWords } from './blind-count.js';
import { formatMoney } from './money.js';
import { paymentWords } from './payment-words.js';

/**
 * One audit row as a sentence a manager reads at the end of the night: "Anna refunded $20.00 on
 * ord_…". Structural types, so the wording does not depend on how the answer is generated.
 */
export interface AuditActor {
  api_key_id?: string | null;
  device_id?: string | null;
  staff_id?: string | null;
}

export interface AuditEventLike {
  action: string;
  object_type: string;
  object_id: string;
  actor: AuditActor;
  data?: unknown;
}

/** Names the screen knows, by id: staff members, API keys, paired devices. */
export interface ActorNames {
  staff: Readonly<Record<string, string>>;
  keys: Readonly<Record<string, string>>;
  devices: Readonly<Record<string, string>>;
}

/** Who acted: the staff member signed in, else the device, else the key (by name when known). */
export function actorName(actor: AuditActor, names: ActorNames): string {
  if (actor.staff_id) return names.staff[actor.staff_id] ?? `staff ${actor.staff_id}`;
  if (actor.device_id) return names.devices[actor.device_id] ?? `device ${actor.device_id}`;
  if (actor.api_key_id) return names.keys[actor.api_key_id] ?? `key ${actor.api_key_id}`;
  return 'The server';
}

type Data = Record<string, unknown>;
const asData = (data: unknown): Data => (typeof data === 'object' && data !== null ? (data as Data) : {});

/** The row's own currency; rows from before it was recorded (a shift's float) take the venue's. */
const currencyOf = (data: Data, fallback: string): string =>
  typeof data.currency === 'string' ? data.currency : fallback;

/** What a phrase reads: the row's data and the currency its amounts are in. */
interface Row {
  data: Data;
  currency: string;
}

function amount(row: Row, key = 'amount_cents'): string | null {
  const cents = row.data[key];
  return typeof cents === 'number' ? formatMoney(cents, row.currency) : null;
}

const text = (row: Row, key: string): string | null => {
  const value = row.data[key];
  return typeof value === 'string' && value ? value : null;
};

/** Verb phrases by action; `on` is the object id as written after the verb. */
const phrases: Readonly<Record<string, (on: string, row: Row) => string>> = {
  'order.created': (on, d) => {
    const count = typeof d.data.tickets === 'number' ? d.data.tickets : null;
    const what = count === null ? 'tickets' : `${count} ticket${count === 1 ? '' : 's'}`;
    const total = amount(d, 'total_cents');
    // "(complimentary)", not the API's "(comp)": the till's words for the method.
    const method = text(d, 'payment_method');
    const paid = method ? ` (${paymentWords(method).toLowerCase()})` : '';
    return `sold ${what}${total ? ` for ${total}` : ''}${paid} on ${on}`;
  },
  'order.refunded': (on, d) => `refunded ${amount(d) ?? 'money'} on ${on}`,
  'refund.created': (on, d) => `refunded ${amount(d) ?? 'money'} on ${text(d, 'order_id') ?? on}`,
  'ticket.voided': (on) => `voided ${on}`,
  'ticket.transferred': (on) => `transferred ${on}`,
  'ticket.checked_in': (on) => `checked in ${on} by hand`,
  'ticket.reprinted': (on) => `printed ${on} again`,
  'ticket.mail_resent': (on) => `emailed ${on} to its holder again`,
  'order.mail_resent': (on) => `emailed the tickets of ${on} again`,
  'order.buyer_corrected': (on) => `corrected the buyer of ${on}`,
  'attendee.updated': (on) => `changed the attendee ${on}`,
  'shift.opened': (on, d) => `opened ${on} with a float of ${amount(d, 'opening_float_cents') ?? '?'}`,
  'shift.closed': (on, d) => {
    const overShort = d.data.over_short_cents;
    const drawer =
      typeof overShort === 'number' ? ` (${overShortWords(overShort, d.currency).toLowerCase()})` : '';
    return `closed ${on}, counted ${amount(d, 'counted_cash_cents') ?? '?'}${drawer}`;
  },
  'staff.created': (on, d) => `added staff member ${text(d, 'name') ?? on}`,
  'staff.updated': (on, d) => staffChangeWords(text(d, 'name') ?? on, d.data),
  'staff.deactivated': (on, d) => `deactivated staff member ${text(d, 'name') ?? on}`,
  'staff.signed_in': () => 'signed in',
  'staff.signed_out': () => 'signed out',
  'event.created': (on, d) => `created the event ${text(d, 'title') ?? on}`,
  'event.updated': (on, d) => `changed the event ${text(d, 'title') ?? on}`,
  'event.published': (on, d) => `published ${text(d, 'title') ?? on}`,
  'event.cancelled': (on, d) => `cancelled ${text(d, 'title') ?? on}`,
  'tier.created': (on, d) => `added the tier ${text(d, 'name') ?? on}`,
  'tier.updated': (on, d) => `changed the tier ${text(d, 'name') ?? on}`,
  'tier.deleted': (on, d) => `deleted the tier ${text(d, 'name') ?? on}`,
  'settings.updated': () => 'changed the settings',
  // The event that fixed the clock is why it is set; Settings › Venue changes it afterwards.
  'settings.venue_clock_pinned': (on, d) => {
    const [title, id] = [text(d, 'title'), text(d, 'event_id')];
    const event = title && id ? `${title} (${id})` : (title ?? id ?? 'an event');
    return `set the venue's clock to ${text(d, 'venue_timezone') ?? '?'}: ${event} was the first event given a time zone`;
  },
  'payout.created': (on, d) => `recorded a payout of ${amount(d) ?? 'money'} (${on})`,
  'payout.paid': (on, d) => `marked the payout of ${amount(d) ?? 'money'} paid (${on})`,
  'payout.cancelled': (on, d) => `cancelled the payout of ${amount(d) ?? 'money'} (${on})`,
  'event.refunded_all': (id, d) => {
    // Named by its title as the event's other rows are; rows written before it was recorded keep the id.
    const on = text(d, 'title') ?? id;
    const orders = typeof d.data.orders === 'number' ? d.data.orders : null;
    const voided = typeof d.data.voided_tickets === 'number' ? d.data.voided_tickets : 0;
    const free = `${voided} free ticket${voided === 1 ? '' : 's'}`;
    if (orders === 0) {
      return voided > 0
        ? `voided ${free} of ${on}: no order had money left`
        : `asked to refund every paid order of ${on}: none had money left`;
    }
    const what = orders === null ? 'every paid order' : `${orders} paid order${orders === 1 ? '' : 's'}`;
    const also = voided > 0 ? ` and voided ${free}` : '';
    return `refunded ${what}${amount(d) ? `, ${amount(d)} in all,` : ''} of ${on}${also}`;
  },
  'device.pairing_started': (on, d) => `offered a pairing code for a ${deviceWord(d)}${eventOf(d)}`,
  'device.paired': (on, d) => {
    const name = text(d, 'name');
    return name ? `paired the ${deviceWord(d)} ${name} (${on})` : `paired a ${deviceWord(d)} (${on})`;
  },
  'device.revoked': (on, d) => `unpaired ${text(d, 'name') ?? 'the device'} (${on})`,
  'certificate.replaced': (on, d) => {
    const paired = typeof d.data.paired_devices === 'number' ? d.data.paired_devices : null;
    const who =
      paired === null
        ? 'every paired door, till and kiosk'
        : `the ${paired} paired device${paired === 1 ? '' : 's'} (doors, tills, kiosks)`;
    return paired === 0
      ? 'made a new security certificate; no device was paired'
      : `made a new security certificate: ${who} must pair again`;
  },
  'webhook_delivery.retried': (on) => `sent the webhook delivery ${on} again`,
  'webhook_endpoint.failed_retried': (on, d) => {
    const retried = typeof d.data.retried === 'number' ? d.data.retried : null;
    return `sent ${retried === null ? 'the' : retried} failed webhook deliver${retried === 1 ? 'y' : 'ies'} of ${on} again`;
  },
  'mail.retried': (on) => `sent the mail ${on} again`,
  'mail.test_queued': () => 'sent a test mail',
  'scan_key.rotated': (on) => `rotated the key that signs tickets (now ${on})`,
};

/** What a paired device is, in the till's words: a door, a till or a kiosk. */
function deviceWord(d: Row): string {
  const scope = text(d, 'scope');
  return scope === 'box_office' ? 'till' : scope === 'kiosk' ? 'kiosk' : 'door';
}

const eventOf = (d: Row): string => {
  const eventId = text(d, 'event_id');
  return eventId ? ` of ${eventId}` : '';
};

/**
 * "Anna refunded $20.00 on ord_…"; an action without a phrase reads "Anna: tier updated on
 * tier_…". `venueCurrency` words the amounts of rows that do not name their currency.
 */
export function auditWords(event: AuditEventLike, names: ActorNames, venueCurrency = 'usd'): string {
  const who = actorName(event.actor, names);
  const phrase = phrases[event.action];
  const data = asData(event.data);
  // A staff member acted on is named as the actor is (staff rows name no one: a deactivation's
  // data is empty), a member who has left too: "Maria deactivated staff member Sam".
  const on = names.staff[event.object_id] ?? event.object_id;
  if (phrase) return `${who} ${phrase(on, { data, currency: currencyOf(data, venueCurrency) })}`;
  return `${who}: ${event.action.replace(/[._]/g, ' ')} on ${event.object_id}`;
}

/**
 * "reactivated Sam", "made Sam a seller", "reset the PIN of Sam": what a manager changed, never
 * the PIN itself. Rows kept before `role` and `active` were name only the fields changed.
 */
function staffChangeWords(member: string, data: Data): string {
  const changed = Array.isArray(data.changed) ? data.changed.filter((f) => typeof f === 'string') : [];
  const said: string[] = [];
  if (data.active === true) said.push(`reactivated ${member}`);
  if (data.active === false) said.push(`deactivated ${member}`);
  if (typeof data.role === 'string') said.push(`made ${member} a ${data.role}`);
  if (changed.includes('pin')) said.push(`reset the PIN of ${member}`);
  if (changed.includes('name')) said.push(`renamed ${member}`);
  const unsaid = changed.filter(
    (f) =>
      !(
        f === 'pin' ||
        f === 'name' ||
        (f === 'role' && data.role) ||
        (f === 'active' && data.active !== undefined)
      ),
  );
  if (unsaid.length > 0 || said.length === 0) {
    const fields = unsaid.map((f) => (f === 'active' ? 'active status' : f));
    said.push(
      fields.length > 0
        ? `changed the ${fields.join(' and ')} of ${member}`
        : `changed staff member ${member}`,
    );
  }
  return said.join(', ');
}
