import { expect } from './fixtures.js';
import { BoxOffice } from './pages/box-office.js';
import { expectFocusNotLost, tabTo } from './support/keyboard.js';
import { mailedTest as test } from './support/mailed-venue.js';

/**
 * Settings › Mail's test mail by keyboard alone, to a real SMTP server on 127.0.0.1: the mail goes
 * out, "Sent" is read out by the live region that was waiting for it, and the keyboard stays on
 * Send test mail. (keyboard-manager-more.e2e.ts walks the refusal on a server without mail.)
 */
test('the test mail sent by keyboard: the mail server gets it and Sent is read out', async ({
  page,
  server,
  smtp,
}) => {
  await new BoxOffice(page, server).signIn();
  await page.goto(new URL('/settings', page.url()).toString());
  await expect(page.getByRole('heading', { level: 1, name: 'Settings' })).toBeVisible();
  const mail = page.getByRole('region', { name: 'Mail' });
  const answer = mail.getByTestId('test-mail-state');
  // On the page and empty before the answer, or a screen reader would not say it.
  await expect(answer).toHaveAttribute('role', 'status');
  await expect(answer).toHaveText('');

  await tabTo(page, mail.getByLabel('Send a test mail to'));
  await page.keyboard.type('manager@example.com');
  await page.keyboard.press('Tab');
  const send = mail.getByRole('button', { name: 'Send test mail' });
  await expect(send).toBeFocused();
  await page.keyboard.press('Enter');

  await smtp.waitFor(1, 20_000);
  expect(smtp.mails[0]?.rcptTo).toEqual(['manager@example.com']);
  await expect(answer).toContainText('Sent to manager@example.com: the mail server took it.', {
    timeout: 20_000,
  });
  await expect(send).toBeFocused();
  await expectFocusNotLost(page);
});
