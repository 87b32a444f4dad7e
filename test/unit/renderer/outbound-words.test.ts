import { describe, expect, it } from 'vitest';
import type { OutboundStatusView } from '../../../src/renderer/src/api/types.js';
import { outboundNotices } from '../../../src/renderer/src/lib/outbound-words.js';

const quiet: OutboundStatusView = {
  mail: { waiting: 0, failed: 0, failed_last_day: 0, oldest_waiting_seconds: 0, server: 'answering' },
  webhooks: {
    queued: 0,
    failing: 0,
    failed: 0,
    failed_last_day: 0,
    oldest_pending_age_seconds: 0,
    online: true,
  },
};
const withMail = (mail: Partial<OutboundStatusView['mail']>): OutboundStatusView => ({
  ...quiet,
  mail: { ...quiet.mail, ...mail },
});
const withHooks = (webhooks: Partial<OutboundStatusView['webhooks']>): OutboundStatusView => ({
  ...quiet,
  webhooks: { ...quiet.webhooks, ...webhooks },
});
const texts = (status: OutboundStatusView) => outboundNotices(status).map((n) => n.text);

describe('outboundNotices', () => {
  it('says nothing while mail and webhooks go out, or are only in flight', () => {
    expect(outboundNotices(quiet)).toEqual([]);
    expect(texts(withMail({ waiting: 4, oldest_waiting_seconds: 20 }))).toEqual([]);
    // No mail server: a mail queued a moment ago is not news yet; minutes later it is.
    expect(texts(withMail({ waiting: 1, oldest_waiting_seconds: 30, server: 'not_set_up' }))).toEqual([]);
    expect(texts(withHooks({ queued: 3, oldest_pending_age_seconds: 6 }))).toEqual([]);
  });

  it('says why mail waits, and points at Settings › Mail', () => {
    expect(
      outboundNotices(withMail({ waiting: 12, oldest_waiting_seconds: 5, server: 'unreachable' })),
    ).toEqual([{ to: '/settings', text: 'Mail: 12 waiting — mail server not answering' }]);
    expect(texts(withMail({ waiting: 2, server: 'settings_wrong' }))).toEqual([
      'Mail: 2 waiting — mail server refuses the venue’s settings',
    ]);
    expect(texts(withMail({ waiting: 1, oldest_waiting_seconds: 200, server: 'not_set_up' }))).toEqual([
      'Mail: 1 waiting — no mail server set up',
    ]);
    expect(texts(withMail({ waiting: 5, oldest_waiting_seconds: 600 }))).toEqual([
      'Mail: 5 waiting — oldest 10 min',
    ]);
  });

  it('counts the last 24 hours’ failed mail, alone or after what waits; older failures are not news', () => {
    expect(texts(withMail({ failed: 3, failed_last_day: 3 }))).toEqual([
      '3 mails failed in the last 24 hours',
    ]);
    expect(texts(withMail({ failed: 5, failed_last_day: 1 }))).toEqual([
      '1 mail failed in the last 24 hours',
    ]);
    expect(texts(withMail({ waiting: 12, failed: 3, failed_last_day: 3, server: 'unreachable' }))).toEqual([
      'Mail: 12 waiting — mail server not answering; 3 mails failed in the last 24 hours',
    ]);
    // Last month's, never retried: in Settings › Mail, not in every till's header.
    expect(outboundNotices(withMail({ failed: 40, failed_last_day: 0 }))).toEqual([]);
    expect(outboundNotices(withHooks({ failed: 7, failed_last_day: 0 }))).toEqual([]);
  });

  it('says webhooks are backed up or failing, and points at Webhooks', () => {
    expect(outboundNotices(withHooks({ queued: 40, online: false }))).toEqual([
      { to: '/webhooks', text: 'Webhooks: 40 queued — a receiver is not answering' },
    ]);
    expect(texts(withHooks({ queued: 7, failing: 2 }))).toEqual(['Webhooks: 7 queued — 2 refused']);
    expect(texts(withHooks({ queued: 9, oldest_pending_age_seconds: 900 }))).toEqual([
      'Webhooks: 9 queued — oldest 15 min',
    ]);
    expect(texts(withHooks({ failed: 1, failed_last_day: 1 }))).toEqual([
      'Webhooks: 1 delivery failed in the last 24 hours',
    ]);
    expect(texts(withHooks({ queued: 4, online: false, failed: 2, failed_last_day: 2 }))).toEqual([
      'Webhooks: 4 queued — a receiver is not answering; 2 failed in the last 24 hours',
    ]);
  });

  it('lists mail before webhooks when both need a look', () => {
    expect(
      outboundNotices({
        mail: { ...quiet.mail, failed: 2, failed_last_day: 2 },
        webhooks: { ...quiet.webhooks, failed: 1, failed_last_day: 1 },
      }),
    ).toEqual([
      { to: '/settings', text: '2 mails failed in the last 24 hours' },
      { to: '/webhooks', text: 'Webhooks: 1 delivery failed in the last 24 hours' },
    ]);
  });
});
