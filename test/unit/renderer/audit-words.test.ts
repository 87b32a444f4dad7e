import { describe, expect, it } from 'vitest';
import { actorName, auditWords, type ActorNames } from '../../../src/renderer/src/lib/audit-words.js';

const names: ActorNames = {
  staff: { stf_anna: 'Anna', stf_sam: 'Sam' },
  keys: { key_till: 'Till 1', key_admin: 'Admin' },
  devices: { dev_door: 'Door 2' },
};
const till = { api_key_id: 'key_till', device_id: null };

describe('audit rows in words', () => {
  it('names the staff member first, then the device, then the key', () => {
    expect(actorName({ ...till, staff_id: 'stf_anna' }, names)).toBe('Anna');
    expect(actorName({ api_key_id: 'key_till', device_id: 'dev_door', staff_id: null }, names)).toBe(
      'Door 2',
    );
    expect(actorName({ ...till, staff_id: null }, names)).toBe('Till 1');
    expect(actorName({ api_key_id: 'key_gone', device_id: null, staff_id: null }, names)).toBe(
      'key key_gone',
    );
    expect(actorName({ staff_id: 'stf_new' }, names)).toBe('staff stf_new');
    expect(actorName({}, names)).toBe('The server');
  });

  it('says a refund with its amount in the order’s currency', () => {
    const refund = {
      action: 'order.refunded',
      object_type: 'order',
      object_id: 'ord_1',
      actor: { ...till, staff_id: 'stf_anna' },
      data: { refund_id: 're_1', amount_cents: 2000, currency: 'usd', reason: 'requested', ticket_id: null },
    };
    expect(auditWords(refund, names)).toBe('Anna refunded $20.00 on ord_1');
    expect(
      auditWords({ ...refund, data: { ...refund.data, amount_cents: 2000, currency: 'jpy' } }, names),
    ).toBe('Anna refunded ¥2,000 on ord_1');
  });

  it('says a sale with its tickets, total and payment', () => {
    const sale = {
      action: 'order.created',
      object_type: 'order',
      object_id: 'ord_2',
      actor: { ...till, staff_id: 'stf_sam' },
      data: { total_cents: 5000, currency: 'usd', payment_method: 'cash', channel: 'till', tickets: 2 },
    };
    expect(auditWords(sale, names)).toBe('Sam sold 2 tickets for $50.00 (cash) on ord_2');
    expect(auditWords({ ...sale, data: { ...sale.data, tickets: 1, payment_method: 'card' } }, names)).toBe(
      'Sam sold 1 ticket for $50.00 (card) on ord_2',
    );
  });

  it("words the payment method as the till does, never the API's value", () => {
    const comp = {
      action: 'order.created',
      object_type: 'order',
      object_id: 'ord_3',
      actor: { ...till, staff_id: 'stf_sam' },
      data: { total_cents: 0, currency: 'usd', payment_method: 'comp', channel: 'till', tickets: 2 },
    };
    expect(auditWords(comp, names)).toBe('Sam sold 2 tickets for $0.00 (complimentary) on ord_3');
    expect(auditWords({ ...comp, data: { ...comp.data, payment_method: 'external' } }, names)).toBe(
      'Sam sold 2 tickets for $0.00 (paid elsewhere) on ord_3',
    );
    // A method a newer server adds still shows, as it is.
    expect(auditWords({ ...comp, data: { ...comp.data, payment_method: 'voucher' } }, names)).toBe(
      'Sam sold 2 tickets for $0.00 (voucher) on ord_3',
    );
  });

  it('says a shift closed short, and a void', () => {
    expect(
      auditWords(
        {
          action: 'shift.closed',
          object_type: 'shift',
          object_id: 'shf_1',
          actor: { ...till, staff_id: 'stf_anna' },
          data: { counted_cash_cents: 12500, over_short_cents: -500, currency: 'usd' },
        },
        names,
      ),
    ).toBe('Anna closed shf_1, counted $125.00 (short by $5.00)');
    expect(
      auditWords(
        { action: 'ticket.voided', object_type: 'ticket', object_id: 'tkt_1', actor: till, data: {} },
        names,
      ),
    ).toBe('Till 1 voided tkt_1');
  });

  it('says a reprint and a transferred ticket mailed again, not their codes', () => {
    const row = (action: string) => ({
      action,
      object_type: 'ticket',
      object_id: 'tik_1',
      actor: { ...till, staff_id: 'stf_sam' },
      data: {},
    });
    expect(auditWords(row('ticket.reprinted'), names)).toBe('Sam printed tik_1 again');
    expect(auditWords(row('ticket.mail_resent'), names)).toBe('Sam emailed tik_1 to its holder again');
  });

  it('words a float in the currency the row names; an older row without one in the venue’s', () => {
    const opened = {
      action: 'shift.opened',
      object_type: 'shift',
      object_id: 'shf_2',
      actor: { ...till, staff_id: 'stf_sam' },
      data: { opening_float_cents: 10000, currency: 'eur' },
    };
    // The row's own currency wins over the venue's.
    expect(auditWords(opened, names, 'jpy')).toBe('Sam opened shf_2 with a float of €100.00');
    const older = { ...opened, data: { opening_float_cents: 10000 } };
    expect(auditWords(older, names, 'jpy')).toBe('Sam opened shf_2 with a float of ¥10,000');
    expect(auditWords(older, names)).toBe('Sam opened shf_2 with a float of $100.00');
    const closed = {
      ...opened,
      action: 'shift.closed',
      data: { counted_cash_cents: 9500, over_short_cents: -500 },
    };
    expect(auditWords(closed, names, 'gbp')).toBe('Sam closed shf_2, counted £95.00 (short by £5.00)');
  });

  it('falls back to the action’s own name for actions it has no phrase for', () => {
    expect(
      auditWords(
        { action: 'tier.archived', object_type: 'tier', object_id: 'tkt_1', actor: till, data: null },
        names,
      ),
    ).toBe('Till 1: tier archived on tkt_1');
  });

  it('says when and why the venue’s clock was set: the event that fixed it, and the zone', () => {
    const pinned = {
      action: 'settings.venue_clock_pinned',
      object_type: 'settings',
      object_id: 'settings',
      actor: { api_key_id: 'key_admin', staff_id: 'stf_anna' },
      data: { venue_timezone: 'Europe/Berlin', event_id: 'evt_1', title: 'Club night' },
    };
    expect(auditWords(pinned, names)).toBe(
      "Anna set the venue's clock to Europe/Berlin: Club night (evt_1) was the first event given a time zone",
    );
  });

  it('says what the manager’s own actions did, with amounts and names, not the action’s code', () => {
    const admin = { api_key_id: 'key_admin' };
    const row = (action: string, objectId: string, data: Record<string, unknown>) =>
      auditWords(
        { action, object_type: action.split('.')[0]!, object_id: objectId, actor: admin, data },
        names,
      );
    expect(row('event.refunded_all', 'evt_1', { orders: 3, amount_cents: 11999, method: null })).toBe(
      'Admin refunded 3 paid orders, $119.99 in all, of evt_1',
    );
    expect(row('event.refunded_all', 'evt_1', { orders: 0, amount_cents: 0 })).toBe(
      'Admin asked to refund every paid order of evt_1: none had money left',
    );
    expect(
      row('event.refunded_all', 'evt_1', { orders: 1, amount_cents: 2500, method: null, voided_tickets: 2 }),
    ).toBe('Admin refunded 1 paid order, $25.00 in all, of evt_1 and voided 2 free tickets');
    expect(row('event.refunded_all', 'evt_1', { orders: 0, amount_cents: 0, voided_tickets: 1 })).toBe(
      'Admin voided 1 free ticket of evt_1: no order had money left',
    );
    // Named by its title, as "cancelled Storm Night" beside it is.
    expect(
      row('event.refunded_all', 'evt_1', {
        title: 'Storm Night',
        orders: 1,
        amount_cents: 2500,
        voided_tickets: 2,
      }),
    ).toBe('Admin refunded 1 paid order, $25.00 in all, of Storm Night and voided 2 free tickets');
    expect(
      row('event.refunded_all', 'evt_1', {
        title: 'Comps Only Night',
        orders: 0,
        amount_cents: 0,
        voided_tickets: 2,
      }),
    ).toBe('Admin voided 2 free tickets of Comps Only Night: no order had money left');
    const server = (data: Record<string, unknown>) =>
      auditWords(
        { action: 'certificate.replaced', object_type: 'certificate', object_id: 'AB:CD', actor: {}, data },
        names,
      );
    expect(server({ reason: 'missing', paired_devices: 2 })).toBe(
      'The server made a new security certificate: the 2 paired devices (doors, tills, kiosks) must pair again',
    );
    expect(server({ reason: 'missing', paired_devices: 0 })).toBe(
      'The server made a new security certificate; no device was paired',
    );
    expect(row('device.pairing_started', 'box_office', { scope: 'box_office', event_id: null })).toBe(
      'Admin offered a pairing code for a till',
    );
    expect(row('device.pairing_started', 'evt_1', { scope: 'scanner', event_id: 'evt_1' })).toBe(
      'Admin offered a pairing code for a door of evt_1',
    );
    expect(row('device.paired', 'dev_9', { name: 'Side door', scope: 'scanner' })).toBe(
      'Admin paired the door Side door (dev_9)',
    );
    expect(row('device.revoked', 'dev_9', { name: 'Side door' })).toBe('Admin unpaired Side door (dev_9)');
    expect(row('webhook_endpoint.failed_retried', 'we_1', { retried: 1 })).toBe(
      'Admin sent 1 failed webhook delivery of we_1 again',
    );
    expect(row('payout.paid', 'pay_1', { amount_cents: 5000 })).toBe(
      'Admin marked the payout of $50.00 paid (pay_1)',
    );
    expect(row('scan_key.rotated', 'kid_2', {})).toBe('Admin rotated the key that signs tickets (now kid_2)');
  });
});

describe('staff changes in words', () => {
  const row = (action: string, data: Record<string, unknown> = {}) => ({
    action,
    object_type: 'staff',
    object_id: 'stf_sam',
    actor: { ...till, staff_id: 'stf_anna' },
    data,
  });

  it('names the member acted on, one who has left too, not their stf_ id', () => {
    expect(auditWords(row('staff.deactivated'), names)).toBe('Anna deactivated staff member Sam');
    expect(auditWords({ ...row('staff.deactivated'), object_id: 'stf_gone' }, names)).toBe(
      'Anna deactivated staff member stf_gone',
    );
  });

  it('says what changed: reactivated, a new role, a PIN reset, never the PIN', () => {
    const words = (data: Record<string, unknown>) => auditWords(row('staff.updated', data), names);
    expect(words({ changed: ['active'], active: true })).toBe('Anna reactivated Sam');
    expect(words({ changed: ['role'], role: 'seller' })).toBe('Anna made Sam a seller');
    expect(words({ changed: ['pin'] })).toBe('Anna reset the PIN of Sam');
    expect(words({ changed: ['pin', 'active'], active: true })).toBe(
      'Anna reactivated Sam, reset the PIN of Sam',
    );
    // A row kept before the new role and `active` were written names only the fields.
    expect(words({ changed: ['active'] })).toBe('Anna changed the active status of Sam');
  });
});
