import { Type, type Static } from 'typebox';

const Count = Type.Integer({ minimum: 0 });

/** What every till's header may know of mail and webhooks: counts only, no address, no URL. */
export const OutboundStatus = Type.Object(
  {
    mail: Type.Object({
      waiting: { ...Count, description: 'Mails not sent yet (pending)' },
      failed: { ...Count, description: 'Mails given up on; they wait for a retry in Settings › Mail' },
      failed_last_day: {
        ...Count,
        description:
          'Of `failed`, those given up on in the last 24 hours: what the header shows, so last month’s stay in Settings › Mail without nagging every till',
      },
      oldest_waiting_seconds: {
        ...Count,
        description: 'How long the oldest waiting mail has waited; 0 when none waits',
      },
      server: Type.Enum(['not_set_up', 'unreachable', 'settings_wrong', 'answering'], {
        description:
          'The mail server as the last try found it: none set up (MARQUEE_SMTP_URL), not answering, ' +
          'refusing the venue’s settings (login, TLS), or answering (also when nothing was tried yet)',
      }),
    }),
    webhooks: Type.Object({
      queued: { ...Count, description: 'Deliveries waiting, over all endpoints' },
      failing: { ...Count, description: 'Queued deliveries refused at least once' },
      failed: { ...Count, description: 'Deliveries given up on after every attempt' },
      failed_last_day: {
        ...Count,
        description: 'Of `failed`, those given up on in the last 24 hours (the header shows these)',
      },
      oldest_pending_age_seconds: { ...Count, description: 'How long the oldest queued one has waited' },
      online: Type.Boolean({ description: 'False while any enabled endpoint cannot be reached' }),
    }),
  },
  { description: 'Whether mail and webhooks are going out, for the box office header' },
);
export type OutboundStatusView = Static<typeof OutboundStatus>;
