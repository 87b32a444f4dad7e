import { describe, expect, it } from 'vitest';
import { ConfigError, optionsFromEnv } from '../../../src/server/config.js';
import { defaultProbeMs } from '../../../src/server/webhooks/defaults.js';

describe('webhook settings from the environment', () => {
  it('probes an offline receiver at least every 15 s by default, and refuses to be set slower', () => {
    expect(defaultProbeMs).toBeLessThanOrEqual(15_000);
    expect(optionsFromEnv({}).webhookProbeMs).toBe(defaultProbeMs);
    expect(optionsFromEnv({ MARQUEE_WEBHOOK_PROBE_MS: '200' }).webhookProbeMs).toBe(200);
    expect(() => optionsFromEnv({ MARQUEE_WEBHOOK_PROBE_MS: '20000' })).toThrow(ConfigError);
  });

  it('allows link-local receivers only when asked to', () => {
    expect(optionsFromEnv({}).webhookAllowLinkLocal).toBe(false);
    expect(optionsFromEnv({ MARQUEE_WEBHOOK_ALLOW_LINK_LOCAL: '1' }).webhookAllowLinkLocal).toBe(true);
  });

  it('takes the per-endpoint concurrency within 1–64', () => {
    expect(optionsFromEnv({}).webhookConcurrency).toBe(16);
    expect(optionsFromEnv({ MARQUEE_WEBHOOK_CONCURRENCY: '4' }).webhookConcurrency).toBe(4);
    expect(() => optionsFromEnv({ MARQUEE_WEBHOOK_CONCURRENCY: '0' })).toThrow(ConfigError);
  });
});
