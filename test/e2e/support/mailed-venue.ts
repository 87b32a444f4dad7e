import { SmtpCatcher } from '../../support/smtp-catcher.js';
import { test as base } from '../fixtures.js';
import { startClockedVenueServer, type ClockedVenueServer } from './venue-clock.js';
import { startVenueServer, type VenueServer } from './venue-server.js';

/** How a test's venue server mails, where the `server` fixture's plain setup does not fit. */
export interface MailedVenueOptions {
  /**
   * The user name and password the venue server logs in with, written into MARQUEE_SMTP_URL
   * (whether the catcher takes them is `smtp.login`'s say).
   */
  login?: { user: string; pass: string };
  /** Under libfaketime (startClockedVenueServer), so the test can move the server's clock. */
  clocked?: boolean;
}

/** Starts a venue server mailing through the test's `smtp`; it is stopped after the test. */
export interface StartMailedVenue {
  (options: MailedVenueOptions & { clocked: true }): Promise<ClockedVenueServer>;
  (options?: MailedVenueOptions): Promise<VenueServer>;
}

interface MailFixtures {
  /**
   * A real SMTP server on 127.0.0.1 (test/support/smtp-catcher.ts) that keeps what it gets,
   * closed after the test. A test may close it and `listen()` again (a mail server that is down).
   */
  smtp: SmtpCatcher;
  startMailedVenue: StartMailedVenue;
}

/**
 * The shared fixtures, with the venue server (`server`, and `boxOffice` on it) mailing through a
 * real SMTP receiver on loopback (`smtp`). A test whose server mails differently (a login, a
 * clock to move) asks for `startMailedVenue` instead of `server`.
 */
export const mailedTest = base.extend<MailFixtures>({
  // eslint-disable-next-line no-empty-pattern
  smtp: async ({}, use) => {
    const smtp = await SmtpCatcher.start();
    try {
      await use(smtp);
    } finally {
      await smtp.close();
    }
  },
  startMailedVenue: async ({ smtp }, use) => {
    const started: VenueServer[] = [];
    async function start(options: MailedVenueOptions & { clocked: true }): Promise<ClockedVenueServer>;
    async function start(options?: MailedVenueOptions): Promise<VenueServer>;
    async function start(options: MailedVenueOptions = {}): Promise<VenueServer | ClockedVenueServer> {
      const { login, clocked } = options;
      const credentials = login ? `${encodeURIComponent(login.user)}:${encodeURIComponent(login.pass)}@` : '';
      const env = { MARQUEE_SMTP_URL: `smtp://${credentials}127.0.0.1:${smtp.port}` };
      if (clocked) {
        const venue = await startClockedVenueServer(env);
        started.push(venue.server);
        return venue;
      }
      const server = await startVenueServer(30_000, env);
      started.push(server);
      return server;
    }
    try {
      await use(start);
    } finally {
      for (const server of started) await server.stop();
    }
  },
  server: async ({ startMailedVenue }, use) => {
    await use(await startMailedVenue());
  },
});
