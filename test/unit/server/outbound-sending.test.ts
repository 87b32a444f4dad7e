import { describe, expect, it } from 'vitest';
import { OutboundSending } from '../../../src/server/outbound-sending.js';

/** The gate the webhook dispatcher and mail sender start behind (docs/api.md "Starting on the spare"). */
describe('OutboundSending', () => {
  it('a loopback start sends at once', () => {
    const started: string[] = [];
    new OutboundSending(false).whenAllowed(() => started.push('mail'));
    expect(started).toEqual(['mail']);
  });

  it('a LAN start waits for the look, then starts what waited', () => {
    const gate = new OutboundSending(true);
    const started: string[] = [];
    gate.whenAllowed(() => started.push('mail'));
    gate.whenAllowed(() => started.push('webhooks'));
    expect(started).toEqual([]);
    expect(gate.view).toEqual({ state: 'checking' });
    gate.allow();
    expect(started).toEqual(['mail', 'webhooks']);
    expect(gate.view).toEqual({ state: 'sending' });
  });

  it('a twin found holds sending for good, in words', () => {
    const gate = new OutboundSending(true);
    const started: string[] = [];
    gate.whenAllowed(() => started.push('mail'));
    gate.hold('10.0.0.7:4380');
    gate.allow();
    expect(started).toEqual([]);
    expect(gate.view).toEqual({
      state: 'held',
      otherServer: '10.0.0.7:4380',
      message:
        "Another Marquee with this venue's data is running at 10.0.0.7:4380. This one will not send webhooks or mail.",
    });
  });

  it('a look that ends after the app began stopping starts nothing on the closing store', () => {
    const gate = new OutboundSending(true);
    const started: string[] = [];
    gate.whenAllowed(() => started.push('webhooks'));
    gate.close();
    gate.allow();
    expect(started).toEqual([]);
  });
});
