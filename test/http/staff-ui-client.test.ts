import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiRequestError } from '../../src/renderer/src/api/api-error.js';
import { makeClient, unwrap } from '../../src/renderer/src/api/client.js';
import { onStaffRefusal, setStaffToken } from '../../src/renderer/src/api/staff-token.js';
import { parseCsv } from '../../src/renderer/src/lib/csv-download.js';
import { fetchCsv } from '../../src/renderer/src/stores/reports-store.js';
import { useSession } from '../../src/renderer/src/stores/session-store.js';
import { useShift } from '../../src/renderer/src/stores/shift-store.js';
import { useStaff } from '../../src/renderer/src/stores/staff-store.js';
import { adminSecret, serveTestApp, type ServedTestApp } from '../support/test-app.js';

// The till's staff session, refusals in words, shifts and CSV downloads: the UI's own client and
// stores against the real server over real HTTP on loopback.
let served: ServedTestApp;
let url: string;
let tillKey: string;
let eventId: string;
let tierId: string;
const admin = () => makeClient(url, adminSecret);

beforeAll(async () => {
  served = await serveTestApp();
  url = served.url;
  tillKey = (await unwrap(admin().POST('/v2/api_keys', { body: { name: 'Till 1', scope: 'box_office' } })))
    .secret;
  const event = await unwrap(
    admin().POST('/v2/events', {
      body: {
        title: 'Export night',
        venue: 'Hall',
        doors_at: '2026-12-24T19:00:00Z',
        tickets: [{ name: 'GA', price_cents: 1000, quantity: 500 }],
      },
    }),
  );
  eventId = event.id;
  await unwrap(admin().POST('/v2/events/{id}/publish', { params: { path: { id: eventId } } }));
  const tiers = await unwrap(
    admin().GET('/v2/events/{event_id}/tiers', { params: { path: { event_id: eventId } } }),
  );
  tierId = tiers.data[0]!.id;
  await unwrap(admin().POST('/v2/staff', { body: { name: 'Anna', role: 'manager', pin: '2468' } }));
  await unwrap(admin().POST('/v2/staff', { body: { name: 'Sam', role: 'seller', pin: '1357' } }));
});
afterAll(async () => {
  setStaffToken(null);
  await served.close();
});

const cashSale = (quantity: number) =>
  unwrap(
    useSession.getState().client!.POST('/v2/orders', {
      body: { event_id: eventId, payment_method: 'cash', items: [{ tier_id: tierId, quantity }] },
    }),
  );

describe('a till with staff', () => {
  it('learns that it needs a PIN, refuses a wrong one in words, and signs in with the right one', async () => {
    useSession.setState({ client: makeClient(url, tillKey), apiKey: tillKey, role: 'box_office' });
    const staff = useStaff.getState();
    await staff.probe();
    expect(useStaff.getState().mode).toBe('required');

    expect(await staff.signIn('9999')).toBe(false);
    expect(useStaff.getState().pinError).toBe('That PIN is not right. Try again.');

    expect(await staff.signIn('1357')).toBe(true);
    expect(useStaff.getState().session?.staff.name).toBe('Sam');
  });

  it('sends Marquee-Staff on every request: the server names Sam as the seller', async () => {
    await unwrap(
      useSession
        .getState()
        .client!.POST('/v2/shifts', { body: { opening_float_cents: 5000, currency: 'usd' } }),
    );
    const order = await cashSale(2);
    const trail = await unwrap(
      admin().GET('/v2/audit_events', { params: { query: { object_id: order.id } } }),
    );
    const sam = useStaff.getState().session!.staff.id;
    expect(trail.data.map((e) => [e.action, e.actor.staff_id])).toContainEqual(['order.created', sam]);
  });

  it('words a manager-only refusal for the till, and a write without a session brings the keypad', async () => {
    const order = await cashSale(1);
    const refund = unwrap(
      useSession
        .getState()
        .client!.POST('/v2/orders/{id}/refund', { params: { path: { id: order.id } }, body: {} }),
    );
    await expect(refund).rejects.toMatchObject({
      code: 'insufficient_role',
      message: 'Only a manager can refund. Ask a manager to sign in.',
    });

    const heard: string[] = [];
    const stop = onStaffRefusal((code) => heard.push(code));
    await useStaff.getState().signOut('manual');
    const refused = await cashSale(1).catch((err: unknown) => err);
    stop();
    expect(refused).toBeInstanceOf(ApiRequestError);
    expect((refused as ApiRequestError).message).toBe('Sign in with your PIN first.');
    expect(heard).toEqual(['staff_sign_in_required']);
  });

  it('closes the shift with a blind count into the Z report', async () => {
    expect(await useStaff.getState().signIn('2468')).toBe(true);
    await useShift.getState().loadCurrent();
    expect(useShift.getState().current.data?.opening_float_cents).toBe(5000);
    // Float 50.00 + two cash sales (20.00, 10.00) = 80.00 expected; 78.00 counted.
    const closed = await useShift.getState().close(7800);
    // This count closed it: no other tab or till got there first.
    expect(closed.closedElsewhere).toBe(false);
    expect(closed.report).toMatchObject({
      kind: 'z',
      expected_cash_cents: 8000,
      counted_cash_cents: 7800,
      over_short_cents: -200,
    });
    expect(useShift.getState().current.data).toBeNull();
  });

  it('downloads every attendee as CSV through the client, the key in a header and never in the URL', async () => {
    for (let i = 0; i < 12; i++) await cashSale(10);
    // What leaves the till: the request as fetch is handed it (the client is made after this).
    const seen: Request[] = [];
    const realFetch = globalThis.fetch;
    globalThis.fetch = (input, init) => {
      if (input instanceof Request) seen.push(input.clone());
      return realFetch(input, init);
    };
    useSession.setState({ client: makeClient(url, tillKey) });
    let blob: Blob;
    try {
      blob = await fetchCsv('attendees', eventId);
    } finally {
      globalThis.fetch = realFetch;
    }
    const rows = parseCsv(await blob.text());
    // 123 tickets sold above (2 + 1 + 120): more than one page of the JSON list.
    expect(rows).toHaveLength(1 + 123);
    expect(seen).toHaveLength(1);
    const [request] = seen;
    expect(new URL(request!.url).search).toBe(`?event_id=${eventId}&format=csv`);
    expect(request!.url).not.toContain(tillKey);
    expect(request!.headers.get('authorization')).toBe(`Bearer ${tillKey}`);
    expect(request!.headers.get('marquee-staff')).toBe(useStaff.getState().session!.session_token);
    expect(request!.headers.get('accept')).toBe('text/csv');
  });
});
