import { expect, test } from './fixtures.js';
import { LoginPage } from './pages/login-page.js';
import { SellPage } from './pages/sell-page.js';
import { ShiftPage } from './pages/shift-page.js';
import { TillStaffPage } from './pages/till-staff-page.js';

interface Created {
  id: string;
}

/**
 * A manager cashes up till 2's shift from the office (till 1) while till 2 still shows it open.
 * Till 2's next sale is in no shift; from that answer on, till 2 says so (the header, the Shift
 * screen, and the cash step of every sale after), and its Past shifts are its own, not till 1's.
 */
test('a shift closed from another till: the till stops saying "Shift open" and warns before taking cash', async ({
  browser,
  server,
}) => {
  const event = await server.api<Created & { tiers: Created[] }>('POST', '/v2/events', {
    title: 'Office Night',
    venue: 'Main hall',
    doors_at: '2026-12-31T20:00:00+00:00',
    tickets: [{ name: 'General admission', price_cents: 2500, quantity: 100 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  await server.api('POST', '/v2/staff', { name: 'Maria', role: 'manager', pin: '2468' });
  const office = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Till 1',
    scope: 'box_office',
  });
  const tillKey = await server.api<{ secret: string }>('POST', '/v2/api_keys', {
    name: 'Till 2',
    scope: 'box_office',
  });
  // Maria at the office till, through the API as its own screen would.
  const signIn = await fetch(`${server.url}/v2/staff/sign_in`, {
    method: 'POST',
    headers: { authorization: `Bearer ${office.secret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ pin: '2468' }),
  });
  const { session_token: officeSession } = (await signIn.json()) as { session_token: string };
  const atOffice = async (method: string, path: string, body?: unknown) => {
    const res = await fetch(`${server.url}${path}`, {
      method,
      headers: {
        authorization: `Bearer ${office.secret}`,
        'marquee-staff': officeSession,
        'content-type': 'application/json',
      },
      ...(body === undefined ? {} : { body: JSON.stringify(body) }),
    });
    expect(res.status, await res.clone().text()).toBe(200);
    return (await res.json()) as Created;
  };
  // Till 1 had a night of its own: its shift is none of till 2's past shifts.
  const officeShift = await atOffice('POST', '/v2/shifts', { opening_float_cents: 5000, currency: 'usd' });
  await atOffice('POST', `/v2/shifts/${officeShift.id}/close`, { counted_cash_cents: 5000 });

  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  const till = await context.newPage();
  const staff = new TillStaffPage(till);
  const sell = new SellPage(till);
  const shift = new ShiftPage(till);
  const nav = (name: string) => till.getByRole('navigation', { name: 'Screens' }).getByRole('link', { name });
  const login = new LoginPage(till, server.url);
  await login.open('/shift');
  await login.signIn(tillKey.secret);
  await staff.typePin('2468');
  await expect(staff.signedIn()).toContainText('Maria · manager');
  await expect(till.getByTestId('no-shift')).toHaveText('No shift open');
  await shift.open('100.00');
  await expect(staff.signedIn()).toContainText('Shift open');
  await expect(till.getByTestId('no-shift')).toHaveCount(0);
  const openShift = await server.api<{ data: Created[] }>('GET', '/v2/shifts?status=open');
  const tillShift = openShift.data[0]!.id;

  await test.step('the office closes till 2’s shift; till 2’s next cash sale is in no shift', async () => {
    await atOffice('POST', `/v2/shifts/${tillShift}/close`, { counted_cash_cents: 10000 });
    await nav('Sell').click();
    await sell.pickTier('General admission');
    await sell.enterQuantity(1);
    await sell.payCash('25');
    await sell.complete();
    const order = await server.api<{ shift_id: string | null }>('GET', `/v2/orders/${await sell.orderId()}`);
    expect(order.shift_id).toBeNull();
    // The sale's answer named no shift: the header stops promising one.
    await expect(till.getByTestId('no-shift')).toHaveText('No shift open');
    await expect(staff.signedIn()).not.toContainText('Shift open');
  });

  await test.step('the next cash sale warns before the money is taken', async () => {
    await sell.newSale();
    await sell.pickTier('General admission');
    await sell.enterQuantity(1);
    await till.getByRole('radio', { name: 'Cash' }).check();
    await expect(till.getByTestId('no-shift-cash')).toContainText(
      'No shift is open on this till, so this cash will be in no cash-up (no X or Z report counts it). Open a shift first.',
    );
    await till.getByRole('radio', { name: 'Card' }).check();
    await expect(till.getByTestId('no-shift-cash')).toHaveCount(0);
  });

  await test.step('the Shift screen says the shift was closed elsewhere and lists only this till’s', async () => {
    await nav('Shift').click();
    await expect(till.getByRole('alert')).toContainText(
      `(${tillShift}) was closed on another till or screen`,
    );
    const past = till.getByRole('region', { name: 'Past shifts' });
    await expect(past.getByRole('button', { name: new RegExp(tillShift) })).toHaveCount(1);
    await expect(past.getByRole('button', { name: new RegExp(officeShift.id) })).toHaveCount(0);
    await till.getByRole('button', { name: 'Show its Z report' }).click();
    await expect(shift.figure(past.getByRole('region', { name: /^Z report/ }), 'Counted cash')).toHaveText(
      '$100.00',
    );
    await expect(till.getByRole('heading', { name: 'No shift is open on this till' })).toBeVisible();
  });
  await context.close();
});
