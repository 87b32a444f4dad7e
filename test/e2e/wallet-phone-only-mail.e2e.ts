import { pdfPages, pdfQrCodes } from '../support/pdf-tools.js';
import { expect } from './fixtures.js';
import { WalletPage } from './pages/wallet-page.js';
import { mailedTest as test } from './support/mailed-venue.js';
import { paperAndPhoneEvent } from './support/paper-and-phone-event.js';

const hour = 3_600_000;

/**
 * A buyer of a phone-only ticket (its tier takes no paper) reads the mail the night before: it
 * said "print it, or show it on your phone at the door", and the PDF's code for that ticket is
 * only the link to its page, which a phone with no signal at the venue has never saved. The mail
 * and the PDF now say to open the link once with signal; done so, the page works in flight mode.
 */
test('a phone-only ticket: the mail and its PDF say to open the link once with signal, and so opened the page shows its code in flight mode', async ({
  browser,
  server,
  smtp,
}) => {
  test.setTimeout(120_000);
  const context = await browser.newContext({ viewport: { width: 390, height: 844 }, isMobile: true });
  try {
    const { eventId, tierId } = await paperAndPhoneEvent(server, {
      title: 'Phone Night',
      doors_at: new Date(Date.now() + 2 * hour).toISOString(),
      timezone: 'Europe/Amsterdam',
    });
    const order = await server.api<{ id: string; tickets: { id: string; wallet_url: string }[] }>(
      'POST',
      '/v2/orders',
      {
        event_id: eventId,
        items: [{ tier_id: tierId('Balcony'), quantity: 1 }],
        buyer: { name: 'Bo Phone', email: 'bo@example.test' },
        payment_method: 'cash',
      },
    );
    const [ticket] = order.tickets;

    // The mail, as the buyer reads it: no "print it", and what to do instead.
    const [mail] = await smtp.waitFor(1, 20_000, (m) => m.rcptTo.includes('bo@example.test'));
    const text = mail!.parsed.text ?? '';
    expect(text).not.toContain('print it, or show it on your phone at the door');
    expect(text).toContain(
      'Your ticket is attached as a PDF, one page per ticket, but it is phone-only: the PDF, or a print of it, does not get you in. Open its link below on the phone that will show it, once with signal before you come',
    );
    expect(text).toContain(`- Balcony (Bo Phone): ${ticket!.wallet_url}`);
    // Its PDF: the code is the page's link, and the page's words say it does not get in.
    const pdf = mail!.parsed.attachments[0]!.content;
    expect(pdfQrCodes(pdf)).toEqual([ticket!.wallet_url]);
    expect(pdfPages(pdf)[0]!.replace(/\s+/g, ' ')).toContain(
      'Phone-only ticket: this code, printed or on a screen, does not get you in.',
    );

    // Done as the mail says: the link from the PDF's code opened once, with signal.
    const page = await context.newPage();
    const wallet = new WalletPage(page);
    await wallet.openOnline(pdfQrCodes(pdf)[0]!);
    await expect(page.locator('#w-tier')).toHaveText('Balcony');

    // At the venue, in flight mode, opened again: the page from the phone, with the door's code.
    await context.setOffline(true);
    const again = await context.newPage();
    await again.goto(ticket!.wallet_url);
    await expect(again.locator('#w-connection')).toHaveText(
      'No signal: showing the code saved on this phone.',
    );
    await expect(again.locator('#w-status')).toHaveText('Valid');
    await new WalletPage(again).expectCurrentWindow();
  } finally {
    await context.close();
  }
});
