import { expect, test } from './fixtures.js';
import { dollarEvent } from './support/till-night.js';

/**
 * The door page, the Scan monitor and the kiosk sign-in send staff to the pairing panel. They
 * named "Settings → Pairing" and "Settings → Pair a device → Kiosk", neither of which exists: the
 * hints are checked here against the panel's heading and Device choices as Chromium shows them.
 */
test('every pairing hint names the pairing panel and its Device choice as Settings shows them', async ({
  boxOffice,
  server,
  browser,
}) => {
  const page = boxOffice.page;
  await boxOffice.go('Settings');
  const panel = page.getByRole('region', { name: /^Pair a/ });
  const heading = (await panel.getByRole('heading', { level: 2 }).innerText()).trim();
  const device = panel.getByLabel('Device');
  const doorChoice = (await device.locator('option[value="scanner"]').innerText()).trim();
  const kioskChoice = (await device.locator('option[value="kiosk"]').innerText()).trim();
  expect([heading, doorChoice, kioskChoice]).toEqual([
    'Pair a door device, till or kiosk',
    'Door scanner',
    'Customer kiosk',
  ]);

  await dollarEvent(server, {
    title: 'Hint Night',
    doors_at: new Date(Date.now() + 3_600_000).toISOString(),
  });
  await boxOffice.go('Monitor');
  await expect(page.getByText(`Pair a scanner in Settings › ${heading} › ${doorChoice},`)).toBeVisible();

  const context = await browser.newContext();
  const other = await context.newPage();
  await other.goto(`${server.url}/door`);
  const pairDoor = other.getByRole('region', { name: 'Pair this door' });
  await expect(pairDoor).toContainText(`open Settings › ${heading}, choose ${doorChoice} and the event`);

  await other.goto(`${server.url}/kiosk`);
  await expect(other.getByRole('heading', { name: 'Kiosk sign-in' })).toBeVisible();
  await expect(
    other.getByText(`the pairing code from Settings › ${heading} › ${kioskChoice},`),
  ).toBeVisible();
  await context.close();
});
