import { rmSync } from 'node:fs';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { pdfPages } from '../support/pdf-tools.js';
import { SmtpCatcher } from '../support/smtp-catcher.js';
import {
  api,
  httpSaleEvent,
  removeServerBundle,
  spawnServer,
  type SpawnedServer,
} from '../support/spawned-server.js';
import { tempDataDir } from '../support/test-app.js';

let server: SpawnedServer | undefined;
let smtp: SmtpCatcher | undefined;
let dataDir: string | undefined;

afterEach(async () => {
  await server?.stop();
  await smtp?.close();
  if (dataDir) rmSync(dataDir, { recursive: true, force: true });
  server = smtp = dataDir = undefined;
});
afterAll(removeServerBundle);

// The built server loads the ticket PDF (fontkit and its tables) from a chunk of its own on the
// first mail, not at start (scripts/server-bundle.mjs `splitting`): the bundle must still mail it.
describe('the built server (npm run server) mails tickets', () => {
  it('sends the buyer their tickets as a PDF, the PDF module loaded from its chunk', async () => {
    smtp = await SmtpCatcher.start();
    dataDir = tempDataDir('marquee-bundled-mail-');
    server = await spawnServer(dataDir, { MARQUEE_SMTP_URL: smtp.url }, { bundled: true });
    const { eventId, tierId } = await httpSaleEvent(server.url, 10);
    const sold = await api(server.url, '/v2/orders', 'POST', {
      event_id: eventId,
      items: [{ tier_id: tierId, quantity: 2 }],
      buyer: { name: 'Zoë Łukasiewicz', email: 'zoe@example.com' },
      payment_method: 'card',
    });
    expect(sold.status).toBe(200);
    const order = (await sold.json()) as { id: string };

    const [mail] = await smtp.waitFor(1, 20_000);
    expect(mail!.rcptTo).toEqual(['zoe@example.com']);
    const [pdf] = mail!.parsed.attachments;
    expect(pdf?.filename).toBe(`tickets-${order.id}.pdf`);
    // Two pages, one per ticket, with the buyer's name set in the embedded fonts (ł is outside
    // Windows-1252, so it needs the fontkit face).
    const pages = pdfPages(pdf!.content);
    expect(pages).toHaveLength(2);
    expect(pages[0]).toContain('Zoë Łukasiewicz');
  });
});
