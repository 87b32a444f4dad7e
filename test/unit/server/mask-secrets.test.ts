import { describe, expect, it } from 'vitest';
import {
  acceptableRequestId,
  looksSecret,
  maskUrl,
  maxLoggedUrlLength,
  scrubSecrets,
} from '../../../src/server/logging/mask-secrets.js';

// Shaped like the real thing (ids.ts, stream-tokens.ts, webhooks/secret.ts, devices.ts).
const wallet = '0Pq7ZkLm3xYtR2vB9nC4dF6gH8jK1lM5nO7pQ9rS';
const streamToken = 'st_Qm9ZkWx3-Lp8_RtYv2BnC4dF6gH8jK1l';
const apiKey = 'sk_live_3FgH7jK9lM1nP5qR7sT9vW2xY4zA6bC8';
const webhookSecret = 'whsec_MfKQ9r8GKYqrTwJSJ6QfVt4UDtbkNnbz';
const pairing = 'pair_7Hk2Lm9Np4Qr6St8Vw1Xy3Za5Bc7De9F';
const jws =
  'eyJhbGciOiJFZERTQSIsInR5cCI6InRpY2tldCtqd3QifQ.eyJzdWIiOiJ0aWtfMSIsImV4cCI6MX0.c2lnbmF0dXJlc2lnbmF0dXJlc2ln';

describe('maskUrl', () => {
  it('masks the wallet secret in /w/{secret} and every path below it', () => {
    expect(maskUrl(`/w/${wallet}`)).toBe('/w/[redacted]');
    expect(maskUrl(`/w/${wallet}/strip`)).toBe('/w/[redacted]/strip');
    expect(maskUrl(`/w/${wallet}/qr.png?v=2`)).toBe('/w/[redacted]/qr.png?v=2');
    // Even a short or malformed one: the segment is the credential, whatever it looks like.
    expect(maskUrl('/w/abc/token')).toBe('/w/[redacted]/token');
  });

  it('masks credential-named query parameters whatever their value', () => {
    expect(maskUrl(`/v2/scans/stream?stream_token=${streamToken}&event_id=evt_1`)).toBe(
      '/v2/scans/stream?stream_token=[redacted]&event_id=evt_1',
    );
    expect(maskUrl('/v2/events/evt_1/offer?access_code=VIP2026')).toBe(
      '/v2/events/evt_1/offer?access_code=[redacted]',
    );
    expect(maskUrl('/v2/scans/stream?key=hunter2')).toBe('/v2/scans/stream?key=[redacted]');
    expect(maskUrl('/x?Pairing%5FToken=abc')).toBe('/x?Pairing%5FToken=[redacted]');
  });

  it('masks secret-shaped values and segments anywhere, encoded or not', () => {
    expect(maskUrl(`/v2/whatever/${apiKey}`)).toBe('/v2/whatever/[redacted]');
    expect(maskUrl(`/v2/x?q=${encodeURIComponent(webhookSecret)}`)).toBe('/v2/x?q=[redacted]');
    expect(maskUrl(`/v2/x?t=${jws}`)).toBe('/v2/x?t=[redacted]');
    expect(maskUrl(`/v2/x?${pairing}`)).toBe('/v2/x?[redacted]');
  });

  it('keeps what helps reading a log: ids, plain parameters, asset names', () => {
    for (const url of [
      '/v2/events/evt_0PqZkLm3xYtR2vB9nC4d/tiers?limit=20&cursor=tkt_0PqZkLm3xYtR2vB9nC4e',
      '/e/evt_0PqZkLm3xYtR2vB9nC4d',
      '/assets/index-B2x8kQf1.js',
      '/v2/scans?event_id=evt_1&result=admitted',
      '/v2/health',
    ]) {
      expect(maskUrl(url)).toBe(url);
    }
  });

  it('cuts a huge URL', () => {
    const url = `/v2/health?${'q=a.b&'.repeat(1000)}`;
    const masked = maskUrl(url);
    expect(masked.length).toBeLessThan(maxLoggedUrlLength + 30);
    expect(masked).toMatch(/…\(\+\d+ chars\)$/);
  });
});

describe('looksSecret', () => {
  it('knows every kind of Marquee credential by its shape', () => {
    for (const secret of [wallet, streamToken, apiKey, webhookSecret, pairing, jws]) {
      expect(looksSecret(secret), secret).toBe(true);
    }
    for (const plain of ['evt_0PqZkLm3xYtR2vB9nC4d', 'admitted', 'last_seen_at', '20']) {
      expect(looksSecret(plain), plain).toBe(false);
    }
  });
});

describe('scrubSecrets', () => {
  it('replaces every secret shape in a finished log line', () => {
    const line = JSON.stringify({
      msg: `Route GET:/w/${wallet}/strip not found`,
      err: `bad key ${apiKey} for ${webhookSecret}`,
      url: `/v2/scans/stream?stream_token=${streamToken}`,
      pairing,
      token: jws,
    });
    const scrubbed = scrubSecrets(line);
    for (const secret of [wallet, streamToken, apiKey, webhookSecret, pairing, jws]) {
      expect(scrubbed).not.toContain(secret);
    }
    expect(scrubbed).toContain('/w/[redacted]/strip');
    expect(() => JSON.parse(scrubbed) as unknown).not.toThrow();
  });

  it('leaves ordinary lines alone', () => {
    const line =
      '{"level":30,"reqId":"req-1","req":{"method":"GET","url":"/v2/events?limit=20"},"last_seen_at":"2026-11-25","msg":"incoming request"}\n';
    expect(scrubSecrets(line)).toBe(line);
    expect(scrubSecrets('{"url":"/w/[redacted]/qr.png"}')).toBe('{"url":"/w/[redacted]/qr.png"}');
  });
});

describe('acceptableRequestId', () => {
  it('takes short plain ids', () => {
    for (const id of [
      'till-7-abc',
      'a',
      'A.b_c-9',
      '0123456789abcdef'.repeat(4),
      '123e4567-e89b-12d3-a456-426614174000',
    ])
      expect(acceptableRequestId(id), id).toBe(true);
  });

  it('refuses long, empty, spaced, quoted, multi-valued or credential-shaped ones', () => {
    for (const id of [
      '',
      'x'.repeat(65),
      'a b',
      'a"b',
      'line\nbreak',
      'ünï',
      'a/b',
      ['a', 'b'],
      undefined,
      apiKey,
      wallet,
    ]) {
      expect(acceptableRequestId(id)).toBe(false);
    }
  });
});
