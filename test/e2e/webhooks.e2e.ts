import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { freePort } from '../support/spawned-server.js';
import { expect, test as base } from './fixtures.js';
import { WebhooksPage } from './pages/webhooks-page.js';
import { keepScreenshot } from './support/keep-screenshot.js';
import { snap } from './support/screenshots.js';
import { startVenueServer, type VenueServer } from './support/venue-server.js';

// A short probe interval, so a receiver that comes back is found within a second, not ten.
const test = base.extend<{ server: VenueServer }>({
  // eslint-disable-next-line no-empty-pattern
  server: async ({}, use) => {
    const server = await startVenueServer(30_000, { MARQUEE_WEBHOOK_PROBE_MS: '300' });
    try {
      await use(server);
    } finally {
      await server.stop();
    }
  },
});

interface Received {
  headers: IncomingHttpHeaders;
  body: { id: string; type: string };
}

/** A real receiver on that port, answering 200 and keeping what it got. */
async function startReceiver(port: number, received: Received[]): Promise<Server> {
  const receiver = createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()));
    req.on('end', () => {
      received.push({ headers: req.headers, body: JSON.parse(raw) as Received['body'] });
      res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(port, '127.0.0.1', resolve));
  return receiver;
}

test('the webhook queue backs up while the receiver is down and drains when it comes up', async ({
  boxOffice,
  server,
  page,
}) => {
  const webhooks = new WebhooksPage(page);
  const port = await freePort();
  const url = `http://127.0.0.1:${port}/hooks/marquee`;
  const received: Received[] = [];
  let receiver: Server | null = null;

  try {
    await test.step('no endpoints yet: an honest empty state', async () => {
      await boxOffice.go('Webhooks');
      await expect(page.getByRole('heading', { name: /Webhooks/ })).toBeVisible();
      await expect(page.getByText('No webhook endpoints yet.')).toBeVisible();
      await expect(webhooks.figure('queued')).toHaveText('0');
    });

    await test.step('add an endpoint for orders only; its secret is shown once', async () => {
      const secret = await webhooks.addEndpoint(url, 'Accounting', ['order.created', 'order.refunded']);
      expect(secret).toMatch(/^whsec_[A-Za-z0-9+/=]+$/);
      await expect(webhooks.endpointRow(url)).toContainText('2 kinds: order.created, order.refunded');
      await webhooks.dismissSecret();
      await expect(webhooks.secret()).toHaveCount(0);
      const list = await server.api<{ data: Record<string, unknown>[] }>('GET', '/v2/webhook_endpoints');
      expect(list.data[0]).not.toHaveProperty('secret');
    });

    await test.step('three sales while the receiver is down: a backlog, offline', async () => {
      const event = await server.api<{ id: string }>('POST', '/v2/events', {
        title: 'Webhook Night',
        venue: 'Hall',
        doors_at: '2026-12-24T19:00:00Z',
        tickets: [{ name: 'GA', price_cents: 1000, quantity: 50 }],
      });
      await server.api('POST', `/v2/events/${event.id}/publish`);
      const tiers = await server.api<{ data: { id: string }[] }>('GET', `/v2/events/${event.id}/tiers`);
      for (let i = 0; i < 3; i++) {
        await server.api('POST', '/v2/orders', {
          event_id: event.id,
          items: [{ tier_id: tiers.data[0]?.id, quantity: 1 }],
          payment_method: 'cash',
        });
      }
      await expect(webhooks.figure('queued')).toHaveText('3');
      await expect(webhooks.figure('online')).toHaveText('Offline');
      await expect(webhooks.endpointRow(url)).toContainText('offline');
      await expect(webhooks.endpointRow(url).locator('[data-count="queued"]')).toHaveText('3');
      await expect(webhooks.figure('oldest')).toHaveText(/^\d+ s$/);
      await webhooks.endpointAction(url, 'Delivery log');
      await expect(webhooks.deliveryRows()).toHaveCount(3);
      await expect(webhooks.deliveryRows().first()).toContainText('pending');
      // Newest first: the oldest is the one the dispatcher probes the receiver with.
      await expect(webhooks.deliveryRows().last()).toContainText('ECONNREFUSED');
      await expect(webhooks.deliveryRows().last()).toContainText('not counted as an attempt');
      await expect(webhooks.deliveryRows().first()).toContainText('waiting for the receiver');
      await snap(page, 'webhooks');
      keepScreenshot('webhooks');
      expect(received).toHaveLength(0);
    });

    await test.step('the receiver comes up: the queue drains to 0 and the log shows HTTP 200', async () => {
      receiver = await startReceiver(port, received);
      const started = Date.now();
      await expect(webhooks.figure('queued')).toHaveText('0', { timeout: 15_000 });
      console.log(`backlog of 3 drained and shown ${Date.now() - started} ms after the receiver started`);
      await expect(webhooks.figure('online')).toHaveText('Online');
      await expect(webhooks.figure('oldest')).toHaveText('—');
      await expect(page.locator('.deliveries-table tbody tr[data-status="delivered"]')).toHaveCount(3);
      await expect(webhooks.deliveryRows().first()).toContainText('HTTP 200');
      expect(received.map((r) => r.body.type)).toEqual(['order.created', 'order.created', 'order.created']);
      expect(new Set(received.map((r) => r.headers['webhook-id'])).size).toBe(3);
      await snap(page, 'webhooks-drained');
    });

    await test.step('retry one: a delivered message is sent again with the same webhook-id', async () => {
      const newest = webhooks.deliveryRows().first();
      await newest.getByRole('button', { name: 'Send again' }).click();
      await expect(page.getByText(/is due again now/)).toBeVisible();
      await expect.poll(() => received.length, { timeout: 10_000 }).toBe(4);
      const again = received[3]?.headers['webhook-id'];
      expect(received.slice(0, 3).map((r) => r.headers['webhook-id'])).toContain(again);
      // Nothing has used up its schedule, so there is nothing to retry in bulk.
      await expect(
        webhooks.endpointRow(url).getByRole('button', { name: /Retry all failed/ }),
      ).toBeDisabled();
    });

    await test.step('edit the filter, disable and enable, rotate the secret', async () => {
      await webhooks.endpointAction(url, 'Edit…');
      const dialog = page.getByRole('dialog', { name: 'Edit webhook endpoint' });
      await expect(dialog.getByRole('checkbox', { name: 'order.created', exact: true })).toBeChecked();
      await snap(page, 'webhook-endpoint-dialog');
      await dialog.getByRole('checkbox', { name: 'order.refunded', exact: true }).uncheck();
      await dialog.getByRole('checkbox', { name: 'order.created', exact: true }).uncheck();
      await dialog.getByRole('button', { name: 'Save endpoint' }).click();
      await expect(dialog.getByRole('alert')).toHaveText('Tick at least one kind, or every kind (*).');
      await dialog.getByRole('checkbox', { name: /Every kind/ }).check();
      await dialog.getByLabel('Description').fill('Accounting (all kinds)');
      await dialog.getByRole('button', { name: 'Save endpoint' }).click();
      await expect(dialog).toBeHidden();
      await expect(webhooks.endpointRow(url)).toContainText('every kind (*)');
      await expect(webhooks.endpointRow(url)).toContainText('Accounting (all kinds)');

      await webhooks.endpointAction(url, 'Disable');
      await expect(webhooks.endpointRow(url)).toContainText('disabled');
      await webhooks.endpointAction(url, 'Enable');
      await expect(webhooks.endpointRow(url)).toContainText('online');

      await webhooks.endpointAction(url, 'Rotate secret…');
      await page.getByRole('dialog').getByRole('button', { name: 'Rotate secret' }).click();
      await expect(webhooks.secret()).toContainText('whsec_');
      await expect(page.getByText('The old secret keeps signing alongside it for 24 hours.')).toBeVisible();
    });

    await test.step('a bad URL is refused on its field, with the server’s words', async () => {
      await page.getByRole('button', { name: 'Add endpoint…' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add a webhook endpoint' });
      await dialog.getByLabel('Receiver URL').fill('http://169.254.169.254/latest');
      await dialog.getByRole('button', { name: 'Add endpoint' }).click();
      await expect(dialog.locator('.field-error')).toContainText(/metadata/i);
      await dialog.getByRole('button', { name: 'Cancel' }).click();
    });

    await test.step('delete the endpoint', async () => {
      await webhooks.endpointAction(url, 'Delete…');
      await page.getByRole('dialog').getByRole('button', { name: 'Delete endpoint' }).click();
      await expect(page.getByText('No webhook endpoints yet.')).toBeVisible();
    });
  } finally {
    const open = receiver as Server | null;
    if (open) await new Promise<void>((resolve) => open.close(() => resolve()));
  }
});
