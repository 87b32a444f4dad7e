import { expect, test as base } from './fixtures.js';
import { BoxOffice } from './pages/box-office.js';
import { mailedTest } from './support/mailed-venue.js';
import { startVenueServer, type VenueServer } from './support/venue-server.js';

/** A cash sale of one ticket, with the buyer's email, on an event of its own; answers the order id. */
async function cashSale(server: VenueServer, email: string): Promise<string> {
  const event = await server.api<{ id: string }>('POST', '/v2/events', {
    title: 'Mail Night',
    venue: 'Main hall',
    doors_at: new Date(Date.now() + 7 * 24 * 3_600_000).toISOString(),
    tickets: [{ name: 'Stalls', price_cents: 2000 }],
  });
  await server.api('POST', `/v2/events/${event.id}/publish`);
  const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
  const order = await server.api<{ id: string }>('POST', '/v2/orders', {
    event_id: event.id,
    items: [{ tier_id: tiers.data[0]!.id, quantity: 1 }],
    payment_method: 'cash',
    buyer: { name: 'Grace Hopper', email },
  });
  return order.id;
}

/**
 * QA walkthrough "the buyer never got a mail": the venue's SMTP password was changed at the mail
 * provider and MARQUEE_SMTP_URL still has the old one. A manager's test mail from Settings › Mail
 * says so in words, a buyer's mail waits instead of failing as if the address were wrong, and once
 * the login works again "Try now" sends both, and the test mail reads Sent. Then a typo'd address
 * fails, and once the tickets went to the corrected one the list says so.
 */
mailedTest(
  'Settings › Mail: a test mail tells the truth about a refused SMTP login, and buyers’ mail waits for the fix',
  async ({ page, smtp, startMailedVenue }) => {
    mailedTest.setTimeout(120_000);
    smtp.login = { user: 'box-office-mailer', pass: 'changed-at-the-provider' };
    const server = await startMailedVenue({ login: { user: 'box-office-mailer', pass: 'old-password' } });
    const box = new BoxOffice(page, server);
    await box.signIn();
    await box.go('Settings');
    const panel = page.getByRole('region', { name: 'Mail' });
    const testMailState = panel.getByRole('status').filter({ hasText: 'manager@example.com' });
    /** Refreshes the list until the row for `to` contains `text` (the sender works in the background). */
    const rowSays = async (to: string, text: string) => {
      const row = panel.getByRole('row').filter({ hasText: to });
      await expect(async () => {
        await panel.getByRole('button', { name: 'Refresh' }).click();
        await expect(row).toContainText(text, { timeout: 1_000 });
      }).toPass({ timeout: 30_000 });
      return row;
    };

    await mailedTest.step('the panel names the mail server, never its user name or password', async () => {
      await expect(panel).toContainText(
        `Mail goes out through 127.0.0.1:${smtp.port} (with a login, TLS if the server offers it).`,
      );
      await expect(page.locator('body')).not.toContainText('box-office-mailer');
      await expect(page.locator('body')).not.toContainText('old-password');
    });

    await mailedTest.step('the test mail waits, naming the refused password, not the address', async () => {
      await panel.getByLabel('Send a test mail to').fill('manager@example.com');
      await panel.getByRole('button', { name: 'Send test mail' }).click();
      await expect(testMailState).toContainText(
        'not sent yet, because the mail server refused the user name or password in MARQUEE_SMTP_URL',
        { timeout: 20_000 },
      );
      await expect(testMailState).toContainText('It goes out once a manager fixes that');
    });

    await mailedTest.step(
      'a buyer’s order mail waits behind it (it used to fail at once, as if the address were wrong)',
      async () => {
        await cashSale(server, 'ada@example.com');
        // One login try per interval, with the oldest mail (the test mail): the list shows why, and
        // the buyer's mail waits behind it rather than failing.
        await rowSays(
          'manager@example.com',
          'Mail server settings: the mail server refused the user name or password',
        );
        await expect(panel.getByRole('row').filter({ hasText: 'ada@example.com' })).toContainText('Waiting');
        await expect(page.locator('body')).not.toContainText('old-password');
      },
    );

    await mailedTest.step(
      'with the login right again, Try now sends both and the test mail reads Sent',
      async () => {
        smtp.login = { user: 'box-office-mailer', pass: 'old-password' };
        await panel.getByRole('button', { name: 'Send the mail to ada@example.com again now' }).click();
        await smtp.waitFor(2, 20_000);
        expect(smtp.mails.map((m) => m.rcptTo[0]).sort()).toEqual(['ada@example.com', 'manager@example.com']);
        await expect(testMailState).toContainText(
          'Sent to manager@example.com: the mail server took it. Look for “Marquee test mail” in that inbox',
          { timeout: 20_000 },
        );
      },
    );

    await mailedTest.step(
      'a typo’d address fails; once resent to the right one, the list says so',
      async () => {
        smtp.answerRcpt = (address) =>
          address.endsWith('@gmial.com') ? { code: 550, message: '5.1.1 User unknown' } : 'accept';
        const orderId = await cashSale(server, 'grace@gmial.com');
        const typo = await rowSays('grace@gmial.com', 'Failed');
        await expect(typo).not.toContainText('later');

        await server.api('POST', `/v2/orders/${orderId}/resend`, { email: 'grace@gmail.com' });
        await smtp.waitFor(1, 20_000, (m) => m.rcptTo.includes('grace@gmail.com'));
        await rowSays('grace@gmial.com', 'The tickets were sent to grace@gmail.com later.');
      },
    );
  },
);

base(
  'Settings › Mail: without a mail server the panel says so in plain words, the setting for IT folded away',
  async ({ page }) => {
    const server = await startVenueServer(30_000);
    try {
      const box = new BoxOffice(page, server);
      await box.signIn();
      await box.go('Settings');
      const panel = page.getByRole('region', { name: 'Mail' });
      await expect(panel.locator('.mail-server')).toHaveText(/^No mail server is set up, so emails/);
      // The environment variable was the panel's lead line; it waits behind "For your IT person".
      const forIt = panel.getByText(/MARQUEE_SMTP_URL/);
      await expect(forIt).toBeHidden();
      await panel.getByText('For your IT person').click();
      await expect(forIt).toBeVisible();
      await expect(forIt).toContainText('then restart Marquee');
    } finally {
      await server.stop();
    }
  },
);

/**
 * The seller's side of a mail server that is down: nothing in the till's own screens would say so
 * until a buyer called. The header says it while mail waits, links an admin to Settings › Mail,
 * and is gone once nothing waits (the server is back and Try now sent the mail).
 */
mailedTest(
  'the header says mail is not going out while the mail server is down, and not after',
  async ({ page, smtp, startMailedVenue }) => {
    mailedTest.setTimeout(120_000);
    // The mail server is down from the start: nothing listens on its port until it is back.
    await smtp.close();
    const server = await startMailedVenue();
    const box = new BoxOffice(page, server);
    await box.signIn();
    const header = page.locator('header');
    const indicator = header.getByRole('group', { name: 'Mail and webhooks not going out' });
    await expect(header.locator('.conn')).toHaveText('Online');
    await expect(indicator).toHaveCount(0);

    await mailedTest.step('a sale with a buyer email: the header says the mail waits, and why', async () => {
      await cashSale(server, 'ada@example.com');
      const link = indicator.getByRole('link', { name: 'Mail: 1 waiting — mail server not answering' });
      await expect(link).toBeVisible({ timeout: 30_000 });
      // Said once to a screen reader as it appeared, in the same words.
      await expect(header.locator('[aria-live="polite"]')).toHaveText(
        'Mail: 1 waiting — mail server not answering',
      );
      await link.click();
      await expect(page.getByRole('region', { name: 'Mail' })).toBeVisible();
    });

    await mailedTest.step(
      'the mail server is back and Try now sends it: the header is quiet again',
      async () => {
        await smtp.listen();
        const panel = page.getByRole('region', { name: 'Mail' });
        await panel.getByRole('button', { name: 'Send the mail to ada@example.com again now' }).click();
        await smtp.waitFor(1, 20_000);
        await expect(indicator).toHaveCount(0, { timeout: 30_000 });
        await expect(header.locator('[aria-live="polite"]')).toHaveText('');
      },
    );
  },
);

/**
 * A mail the mail server refused for good (a typo'd address) is news on every till tonight, not
 * for ever: the header counts the last 24 hours' failures, and a day later (the server's clock
 * moved on) it is quiet again while the mail still waits in Settings › Mail for an admin.
 */
mailedTest(
  'the header counts the last 24 hours’ failed mail, and is quiet a day later',
  async ({ page, smtp, startMailedVenue }) => {
    mailedTest.setTimeout(120_000);
    smtp.answerRcpt = () => ({ code: 550, message: '5.1.1 User unknown' });
    const { server, setOffset } = await startMailedVenue({ clocked: true });
    const box = new BoxOffice(page, server);
    await box.signIn();
    const header = page.locator('header');
    const indicator = header.getByRole('group', { name: 'Mail and webhooks not going out' });
    await cashSale(server, 'grace@gmial.com');
    await expect(indicator).toHaveText('1 mail failed in the last 24 hours', { timeout: 30_000 });

    await setOffset(25 * 3_600_000);
    await expect(indicator).toHaveCount(0, { timeout: 30_000 });
    const failed = await server.api<{ data: unknown[] }>('GET', '/v2/mail?status=failed');
    expect(failed.data).toHaveLength(1);
  },
);
