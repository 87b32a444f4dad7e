import { SmtpCatcher } from '../support/smtp-catcher.js';
import { paperAndPhoneEvent } from './support/paper-and-phone-event.js';
import { expect, test as base } from './fixtures.js';
import { startVenueServer } from './support/venue-server.js';

const test = base.extend<{ smtp: SmtpCatcher }>({
  // eslint-disable-next-line no-empty-pattern
  smtp: async ({}, use) => {
    const smtp = await SmtpCatcher.start();
    try {
      await use(smtp);
    } finally {
      await smtp.close();
    }
  },
  server: async ({ smtp }, use) => {
    const server = await startVenueServer(30_000, { MARQUEE_SMTP_URL: smtp.url });
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
});

/**
 * A show postponed by three days: once saved, the event's page offers to mail the tickets again
 * to every order still holding a printed or mailed ticket (not a phone-only one), and says how
 * many were queued; a walk-in sale with no address is not counted on the button but named apart,
 * with the reprint that reaches its holder.
 */
test('after postponing, "Resend tickets to N orders" mails the paper tickets again and names the walk-in sale only a reprint reaches', async ({
  boxOffice,
  server,
  smtp,
}) => {
  test.setTimeout(90_000);
  const { page } = boxOffice;
  const year = new Date().getUTCFullYear() + 1;
  const { eventId, tierId: tier } = await paperAndPhoneEvent(server, {
    title: 'Postponed Night',
    doors_at: `${year}-02-10T19:00:00.000Z`,
    timezone: 'UTC',
  });
  const sell = (name: string, email: string | null) =>
    server.api<{ id: string }>('POST', '/v2/orders', {
      event_id: eventId,
      items: [{ tier_id: tier(name), quantity: 1 }],
      ...(email ? { buyer: { name: 'Guest', email } } : {}),
      payment_method: 'cash',
    });
  await sell('Stalls', 'ann@example.test');
  await sell('Stalls', 'bob@example.test');
  await sell('Balcony', 'cy@example.test');
  const walkIn = await sell('Stalls', null);
  const to = (address: string) => (m: { rcptTo: string[] }) => m.rcptTo.includes(address);
  await smtp.waitFor(3, 20_000);

  await boxOffice.go('Events & tiers');
  await page.reload(); // the list was read before the event was made through the API
  await page.getByRole('link', { name: 'Postponed Night' }).click();
  const details = page.getByRole('form', { name: 'Event' });
  await expect(details.getByLabel('Doors open')).toHaveValue(`${year}-02-10T19:00`);
  await details.getByLabel('Doors open').fill(`${year}-02-13T19:00`);
  await expect(page.getByTestId('doors-moved-warning')).toContainText('The 3 tickets already sold');
  await details.getByRole('button', { name: 'Save changes' }).click();
  await expect(details.getByRole('status')).toHaveText('Saved.');

  const resend = page.getByTestId('postpone-resend');
  // The walk-in sale has no address: the button does not count it, and the page says to reprint.
  await expect(resend.getByTestId('postpone-no-email')).toHaveText(
    `1 order was sold without an email address (${walkIn.id}): nothing can be mailed, so reprint those tickets (Orders → Reprint) when the guest comes to the box office.`,
  );
  await resend.getByRole('button', { name: 'Resend tickets to 2 orders' }).click();
  await expect(resend.getByRole('status')).toHaveText('2 orders’ tickets queued to mail again.');
  await expect(resend.getByTestId('postpone-no-email')).toContainText(walkIn.id);
  // Each buyer with a printed or mailed ticket gets the mail again; the phone-only buyer does not.
  await smtp.waitFor(2, 20_000, to('ann@example.test'));
  await smtp.waitFor(2, 20_000, to('bob@example.test'));
  expect(smtp.mails.filter(to('cy@example.test'))).toHaveLength(1);
});
