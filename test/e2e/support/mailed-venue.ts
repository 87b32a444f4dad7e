import { SmtpCatcher } from '../../support/smtp-catcher.js';
import { test as base } from '../fixtures.js';
import { startVenueServer } from './venue-server.js';

/** The shared fixtures, with the venue server mailing through a real SMTP receiver on loopback. */
export const mailedTest = base.extend<{ smtp: SmtpCatcher }>({
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
