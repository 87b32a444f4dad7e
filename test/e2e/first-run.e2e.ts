import { expect, test } from './fixtures.js';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startFirstRunScreen, type FirstRunScreen } from '../../src/main/first-run-server.js';
import { readTerminalConfig } from '../../src/main/terminal-config.js';
import { startServer, type RunningServer } from '../../src/server/start.js';
import { adminSecret, tempDataDir, testOptions } from '../support/test-app.js';
import { keepScreenshot } from './support/keep-screenshot.js';
import { snap } from './support/screenshots.js';

/**
 * The desktop's first-run screen in a real browser (Electron shows the same page): a new till
 * joins a venue hosted on this machine with an address typed by hand, or chooses to host.
 */
let host: RunningServer;
let hostDir: string;
let userData: string;
let screen: FirstRunScreen;

test.beforeEach(async () => {
  hostDir = tempDataDir('marquee-e2e-host-');
  userData = mkdtempSync(join(tmpdir(), 'marquee-e2e-till-'));
  host = await startServer(testOptions(hostDir, { baseUrl: undefined, venueName: 'Palais Hall' }), undefined);
  screen = await startFirstRunScreen({ browse: false, userDataDir: userData, hostname: 'front-desk' });
});

test.afterEach(async () => {
  await screen.close();
  await host.close();
  rmSync(hostDir, { recursive: true, force: true });
  rmSync(userData, { recursive: true, force: true });
});

async function pairingToken(): Promise<string> {
  const res = await fetch(`${host.url}/v2/devices/pairing`, {
    method: 'POST',
    headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' },
    body: JSON.stringify({ scope: 'box_office' }),
  });
  return ((await res.json()) as { pairing_token: string }).pairing_token;
}

test('joins a venue by address and pairing code, showing a refusal on the way', async ({ page }) => {
  await page.goto(screen.url);
  await expect(page.getByRole('heading', { name: 'Set up this till' })).toBeVisible();
  await expect(page.getByRole('status').first()).toHaveText(/Searching the network is off here/);

  await page.getByText('Enter the address by hand', { exact: true }).click();
  await page.getByLabel('Server address').fill(host.url);
  await expect(page.getByLabel("This till's name")).toHaveValue('Till on front-desk');
  await page.getByLabel("This till's name").fill('Bar till');

  const token = await pairingToken();
  await page.getByLabel('Pairing code').fill(token);
  await snap(page, 'first-run');

  await page.getByLabel('Pairing code').fill('not a code');
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByRole('alert')).toHaveText(/That is not a pairing code/);

  await page.getByLabel('Pairing code').fill(token);
  await page.getByRole('button', { name: 'Join', exact: true }).click();
  await expect(page.getByText('Joined Palais Hall. Opening the box office…')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Host this venue here' })).toBeDisabled();

  expect(await screen.choice).toMatchObject({ kind: 'terminal' });
  expect(readTerminalConfig(userData)).toMatchObject({ baseUrl: host.url, venue: 'Palais Hall' });
  keepScreenshot('first-run');
});

test('hosting is one keyboard press away', async ({ page }) => {
  await page.goto(screen.url);
  await page.getByRole('button', { name: 'Host this venue here' }).focus();
  await page.keyboard.press('Enter');
  await expect(page.getByText('Starting the venue server on this machine…')).toBeVisible();
  expect(await screen.choice).toEqual({ kind: 'host' });
  expect(readTerminalConfig(userData)).toBeNull();
});
