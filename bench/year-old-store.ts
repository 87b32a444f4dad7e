/**
 * A store as a venue has it after a year of shows (bench/year-old.ts measures what people wait
 * for on it): `shows` events a day and a half apart ending with one whose doors open tonight,
 * ~1,600 tickets each in ~1,000 orders (till, kiosk and web), nearly every ticket scanned in,
 * refunds, the audit trail, a mail per web order and a webhook message and delivery per order,
 * two till shifts with a Z report and a payout per show.
 *
 * Written with SQL in ONE transaction straight into the migrated store (a checkout per order
 * would take hours): the rows have the shape the app writes, but the app's own rules (stock,
 * idempotency, audit of every write) are not exercised here. The store's triggers do run, so
 * door_feed, tier comps and order admissions are filled in as the app would fill them.
 */
import { randomBytes } from 'node:crypto';
import type { Db } from '../src/server/store/db.js';
import { newId } from '../src/server/ids.js';

const dayMs = 24 * 60 * 60 * 1000;

export interface YearOldSize {
  shows: number;
  ticketsPerShow: number;
}

/** ~250 shows, ~400,000 tickets, ~380,000 scans. */
export const yearOfShows: YearOldSize = { shows: 250, ticketsPerShow: 1_600 };

export interface YearOldFacts {
  tonightEventId: string;
  /** The show before tonight's (its report is the one a manager opens the morning after). */
  lastShowEventId: string;
  /** A buyer's email that matches one order only, from early in the year. */
  rareEmail: string;
  /** A surname many buyers share. */
  commonName: string;
  counts: Record<string, number>;
}

const firstNames = [
  'Ana',
  'Ben',
  'Chloé',
  'Dev',
  'Emma',
  'Farid',
  'Grace',
  'Hugo',
  'Ines',
  'Jon',
  'Kai',
  'Lena',
];
const lastNames = [
  'García',
  'Smith',
  'Okafor',
  'Nguyen',
  'Müller',
  'Rossi',
  'Kowalski',
  'Brown',
  'Sato',
  'Silva',
];
const tierShapes = [
  { name: 'Standing', price: 2500, share: 0.7 },
  { name: 'Balcony', price: 3500, share: 0.25 },
  { name: 'Guest list', price: 0, share: 0.05 },
] as const;
/** About a mail's weight with a QR attached (the attachment's base64 is most of it). */
const mailAttachment = JSON.stringify([
  { filename: 'ticket.png', cid: 'qr', content_type: 'image/png', content_base64: 'A'.repeat(1_800) },
]);

/**
 * Fills `db` (already migrated, with `adminKeyId` in api_keys) with a year of shows ending
 * tonight, by `now`. Bounded: `size.shows × size.ticketsPerShow` tickets.
 */
export function seedYearOldStore(db: Db, now: number, size: YearOldSize = yearOfShows): YearOldFacts {
  const ins = (sql: string) => db.prepare(sql);
  const event = ins(
    `INSERT INTO events (id, title, venue, doors_at, on_sale_at, status, currency, created_at, updated_at, timezone, capacity)
     VALUES (?, ?, 'Main hall', ?, ?, 'published', 'usd', ?, ?, 'UTC', ?)`,
  );
  const tier = ins(
    `INSERT INTO tiers (id, event_id, name, price_cents, currency, quantity, sold, max_per_order, visibility, created_at, updated_at)
     VALUES (?, ?, ?, ?, 'usd', ?, ?, 10, 'public', ?, ?)`,
  );
  const staff = ins(
    `INSERT INTO staff (id, name, role, pin_hash, active, created_at, updated_at) VALUES (?, ?, ?, ?, 1, ?, ?)`,
  );
  const apiKey = ins(
    `INSERT INTO api_keys (id, name, scope, secret_hash, last4, created_at) VALUES (?, ?, ?, ?, '0000', ?)`,
  );
  const shift = ins(
    `INSERT INTO shifts (id, api_key_id, opened_by, opening_float_cents, opened_at, closed_at, closed_by,
       counted_cash_cents, z_report, currency) VALUES (?, ?, ?, 20000, ?, ?, ?, ?, ?, 'usd')`,
  );
  const order = ins(
    `INSERT INTO orders (id, event_id, status, buyer_name, buyer_email, total_cents, refunded_cents, currency,
       payment_method, channel, api_key_id, shift_id, created_at, updated_at)
     VALUES (?, ?, ?, ?, ?, ?, ?, 'usd', ?, ?, ?, ?, ?, ?)`,
  );
  const attendee = ins(
    'INSERT INTO attendees (id, event_id, order_id, ticket_id, name, email, created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?)',
  );
  const ticket = ins(
    `INSERT INTO tickets (id, order_id, event_id, tier_id, attendee_id, status, scan_count, inside, price_cents,
       wallet_secret, issued_at, updated_at) VALUES (?, ?, ?, ?, ?, 'active', ?, 0, ?, ?, ?, ?)`,
  );
  const scan = ins(
    `INSERT INTO scans (id, event_id, ticket_id, device_id, result, reason, direction, scanned_at, created_at, source, api_key_id)
     VALUES (?, ?, ?, ?, ?, ?, 'in', ?, ?, 'online', ?)`,
  );
  const refund = ins(
    `INSERT INTO refunds (id, order_id, amount_cents, reason, created_at, shift_id, method) VALUES (?, ?, ?, 'requested', ?, ?, 'card')`,
  );
  const audit = ins(
    `INSERT INTO audit_events (id, action, object_type, object_id, order_id, api_key_id, staff_id, at, data)
     VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const mail = ins(
    `INSERT INTO mail_outbox (id, to_email, subject, text_body, html_body, attachments, status, attempts,
       next_attempt_at, created_at, sent_at, kind, ref) VALUES (?, ?, ?, ?, ?, ?, 'sent', 1, ?, ?, ?, 'order_confirmation', ?)`,
  );
  const message = ins('INSERT INTO webhook_messages (id, type, payload, created_at) VALUES (?, ?, ?, ?)');
  const delivery = ins(
    `INSERT INTO webhook_deliveries (id, endpoint_id, message_id, type, status, attempts, last_attempt_at,
       last_response_code, delivered_at, created_at) VALUES (?, ?, ?, 'order.created', 'delivered', 1, ?, 200, ?, ?)`,
  );
  const payout = ins(
    `INSERT INTO payouts (id, event_id, amount_cents, currency, status, created_at, paid_at) VALUES (?, ?, ?, 'usd', 'paid', ?, ?)`,
  );

  const counts: Record<string, number> = {
    events: 0,
    orders: 0,
    tickets: 0,
    scans: 0,
    refunds: 0,
    audit: 0,
    mails: 0,
    webhooks: 0,
    shifts: 0,
  };
  let tonightEventId = '';
  let lastShowEventId = '';
  let rareEmail = '';
  // Tonight's doors at 19:00 UTC of `now`'s day; the shows before it a day and a half apart.
  const tonight = Math.floor(now / dayMs) * dayMs + 19 * 60 * 60 * 1000;

  db.transaction(() => {
    const created = now - 400 * dayMs;
    const managerId = newId('staff');
    const sellerId = newId('staff');
    staff.run(
      managerId,
      'Mara Manager',
      'manager',
      `pin-${randomBytes(8).toString('hex')}`,
      created,
      created,
    );
    staff.run(sellerId, 'Sam Seller', 'seller', `pin-${randomBytes(8).toString('hex')}`, created, created);
    const tillKeys = [newId('apiKey'), newId('apiKey')];
    for (const [i, id] of tillKeys.entries())
      apiKey.run(id, `Till ${i + 1}`, 'box_office', `hash-${randomBytes(16).toString('hex')}`, created);
    const kioskKey = newId('apiKey');
    apiKey.run(kioskKey, 'Kiosk', 'kiosk', `hash-${randomBytes(16).toString('hex')}`, created);
    const scannerKey = newId('apiKey');
    apiKey.run(scannerKey, 'Door 1', 'scanner', `hash-${randomBytes(16).toString('hex')}`, created);
    const endpointId = newId('webhookEndpoint');
    db.prepare(
      `INSERT INTO webhook_endpoints (id, url, events, status, secret, fanout_seq, created_at, updated_at)
       VALUES (?, 'http://127.0.0.1:9/hook', '["*"]', 'enabled', 'whsec_bench', 0, ?, ?)`,
    ).run(endpointId, created, created);

    let person = 0;
    for (let show = 0; show < size.shows; show++) {
      const doorsAt = tonight - (size.shows - 1 - show) * 1.5 * dayMs;
      const isTonight = show === size.shows - 1;
      const onSaleAt = doorsAt - 60 * dayMs;
      const eventId = newId('event');
      event.run(eventId, `Show ${show + 1}`, doorsAt, onSaleAt, onSaleAt, onSaleAt, size.ticketsPerShow);
      counts.events!++;
      if (isTonight) tonightEventId = eventId;
      if (show === size.shows - 2) lastShowEventId = eventId;
      const tierIds = tierShapes.map((shape) => {
        const id = newId('tier');
        const sold = Math.round(size.ticketsPerShow * shape.share);
        tier.run(id, eventId, shape.name, shape.price, sold + 100, sold, onSaleAt, onSaleAt);
        return { id, price: shape.price, left: sold };
      });
      // Two till shifts on the night (tonight's still open), each sale at the till in one.
      const shiftIds = tillKeys.map((key) => {
        const id = newId('shift');
        const open = doorsAt - 2 * 60 * 60 * 1000;
        if (isTonight) shift.run(id, key, sellerId, open, null, null, null, null);
        else {
          const zReport = JSON.stringify({
            currency: 'usd',
            cash_cents: 81_000,
            card_cents: 240_000,
            orders: 120,
          });
          shift.run(id, key, sellerId, open, doorsAt + 5 * 60 * 60 * 1000, managerId, 101_000, zReport);
        }
        counts.shifts!++;
        return { id, key };
      });
      let tierAt = 0;
      for (let sold = 0; ;) {
        while (tierAt < tierIds.length && tierIds[tierAt]!.left === 0) tierAt++;
        if (tierAt === tierIds.length) break;
        const t = tierIds[tierAt]!;
        const units = Math.min(1 + (person % 3 === 0 ? 1 : 0) + (person % 7 === 0 ? 2 : 0), t.left);
        t.left -= units;
        sold += units;
        const p = person++;
        const channel = t.price === 0 ? 'till' : p % 5 < 2 ? 'till' : p % 5 === 2 ? 'kiosk' : 'api';
        const method =
          t.price === 0 ? 'comp' : channel === 'api' ? 'external' : p % 2 === 0 ? 'card' : 'cash';
        const shiftOf = channel === 'till' ? shiftIds[p % 2]! : null;
        // Web sales over the sixty days before, the till's on the night.
        const at =
          channel === 'till'
            ? doorsAt - 90 * 60 * 1000 + (p % 180) * 30_000
            : onSaleAt + ((p * 7919) % (60 * dayMs));
        const name = `${firstNames[p % firstNames.length]} ${lastNames[Math.floor(p / firstNames.length) % lastNames.length]}`;
        const email = `guest${p}@example.com`;
        if (show === 3 && sold === units) rareEmail = email;
        const total = t.price * units;
        const refunded = total > 0 && p % 50 === 7 ? t.price : 0;
        const orderId = newId('order');
        order.run(
          orderId,
          eventId,
          refunded > 0 ? 'partially_refunded' : 'paid',
          name,
          email,
          total,
          refunded,
          method,
          channel,
          channel === 'till' ? shiftOf!.key : channel === 'kiosk' ? kioskKey : null,
          shiftOf?.id ?? null,
          at,
          at,
        );
        counts.orders!++;
        if (refunded > 0) {
          refund.run(newId('refund'), orderId, refunded, at + dayMs / 2, null);
          counts.refunds!++;
          audit.run(
            newId('auditEvent'),
            'order.refunded',
            'order',
            orderId,
            orderId,
            null,
            sellerId,
            at + dayMs / 2,
            JSON.stringify({ amount_cents: refunded }),
          );
          counts.audit!++;
        }
        if (channel === 'till') {
          audit.run(
            newId('auditEvent'),
            'order.created',
            'order',
            orderId,
            orderId,
            shiftOf!.key,
            sellerId,
            at,
            JSON.stringify({ total_cents: total, payment_method: method }),
          );
          counts.audit!++;
        }
        for (let k = 0; k < units; k++) {
          const ticketId = newId('ticket');
          const attendeeId = newId('attendee');
          // Before tonight ~95 % came in; tonight nobody has yet.
          const scanned = !isTonight && (p + k) % 20 !== 0;
          attendee.run(attendeeId, eventId, orderId, ticketId, name, email, at, at);
          ticket.run(
            ticketId,
            orderId,
            eventId,
            t.id,
            attendeeId,
            scanned ? 1 : 0,
            t.price,
            `w${randomBytes(12).toString('hex')}`,
            at,
            at,
          );
          counts.tickets!++;
          if (scanned) {
            const scannedAt = doorsAt + ((p + k) % 120) * 60_000;
            scan.run(
              newId('scan'),
              eventId,
              ticketId,
              null,
              'admitted',
              null,
              scannedAt,
              scannedAt,
              scannerKey,
            );
            counts.scans!++;
            if ((p + k) % 40 === 1) {
              scan.run(
                newId('scan'),
                eventId,
                ticketId,
                null,
                'rejected',
                'already_inside',
                scannedAt + 60_000,
                scannedAt + 60_000,
                scannerKey,
              );
              counts.scans!++;
            }
          }
        }
        if (channel !== 'till') {
          const mailAt = at + 2_000;
          mail.run(
            newId('mail'),
            email,
            `Your tickets for Show ${show + 1}`,
            `Hello ${name}, `.padEnd(600, '.'),
            `<p>Hello ${name}</p>`.padEnd(1_200, ' '),
            mailAttachment,
            mailAt,
            at,
            mailAt,
            orderId,
          );
          counts.mails!++;
        }
        const messageId = newId('webhookMessage');
        message.run(
          messageId,
          'order.created',
          JSON.stringify({ id: orderId, event_id: eventId, total_cents: total, buyer: { name, email } }),
          at,
        );
        delivery.run(newId('delivery'), endpointId, messageId, at + 500, at + 500, at);
        counts.webhooks!++;
      }
      if (!isTonight) {
        payout.run(newId('payout'), eventId, 2_000_000, doorsAt + 3 * dayMs, doorsAt + 4 * dayMs);
        audit.run(
          newId('auditEvent'),
          'shift.closed',
          'shift',
          shiftIds[0]!.id,
          null,
          shiftIds[0]!.key,
          managerId,
          doorsAt + 5 * 60 * 60 * 1000,
          '{}',
        );
        counts.audit!++;
      }
    }
    // Every message is fanned out to the one endpoint.
    db.prepare('UPDATE webhook_endpoints SET fanout_seq = (SELECT MAX(seq) FROM webhook_messages)').run();
  })();
  const commonName = lastNames[1]!;
  return { tonightEventId, lastShowEventId, rareEmail, commonName, counts };
}
