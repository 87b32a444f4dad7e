import { describe, expect, it } from 'vitest';
import {
  connectionPill,
  isStorageFullAnswer,
  readHealth,
  storageBannerText,
} from '../../../src/renderer/src/lib/server-health.js';

describe('readHealth (GET /v2/health as the till reads it)', () => {
  it('ok is reachable and fine', () => {
    expect(readHealth(200, { status: 'ok' })).toEqual({
      reachable: true,
      storage: 'ok',
      outboundHeld: null,
      storeMoved: null,
    });
  });

  it('degraded with a full disk is reachable, storage full', () => {
    const body = {
      status: 'degraded',
      storage: {
        status: 'full',
        code: 'insufficient_storage',
        since: '2026-12-24T19:00:00.000Z',
        message: '…',
      },
    };
    expect(readHealth(200, body)).toEqual({
      reachable: true,
      storage: 'full',
      outboundHeld: null,
      storeMoved: null,
    });
  });

  it('a state this till does not know yet (a newer server) is reachable and does not alarm', () => {
    expect(readHealth(200, { status: 'degraded', storage: { status: 'read_only' } })).toEqual({
      reachable: true,
      storage: 'ok',
      outboundHeld: null,
      storeMoved: null,
    });
    expect(readHealth(200, { status: 'maintenance' })).toEqual({
      reachable: true,
      storage: 'ok',
      outboundHeld: null,
      storeMoved: null,
    });
    expect(readHealth(200, null)).toEqual({
      reachable: true,
      storage: 'ok',
      outboundHeld: null,
      storeMoved: null,
    });
    expect(readHealth(200, 'ok')).toEqual({
      reachable: true,
      storage: 'ok',
      outboundHeld: null,
      storeMoved: null,
    });
  });

  it("held webhooks and mail (another server with this venue's data runs) come with the server's words", () => {
    const message =
      "Another Marquee with this venue's data is running at 10.0.0.7:4380. This one will not send webhooks or mail.";
    const body = { status: 'degraded', outbound: { status: 'held', other_server: '10.0.0.7:4380', message } };
    expect(readHealth(200, body)).toEqual({
      reachable: true,
      storage: 'ok',
      outboundHeld: message,
      storeMoved: null,
    });
    // Not degraded, or a state it does not know: nothing to show.
    expect(readHealth(200, { status: 'ok', outbound: { status: 'held', message } }).outboundHeld).toBeNull();
    expect(readHealth(200, { status: 'degraded', outbound: { status: 'paused' } }).outboundHeld).toBeNull();
  });

  it("the store file gone from under the server: storage moved, with the server's words", () => {
    const message =
      "The venue server's data file was deleted while it was running, so nothing more can be saved.";
    const body = {
      status: 'degraded',
      storage: { status: 'moved', code: 'store_unavailable', since: '2026-12-24T19:00:00.000Z', message },
    };
    expect(readHealth(200, body)).toEqual({
      reachable: true,
      storage: 'moved',
      outboundHeld: null,
      storeMoved: message,
    });
    expect(connectionPill('online', 'moved')).toEqual({ label: 'Not saving', state: 'full' });
  });

  it('any other status is as good as no answer', () => {
    expect(readHealth(502, { status: 'ok' }).reachable).toBe(false);
    expect(readHealth(503, null).reachable).toBe(false);
    expect(readHealth(404, null).reachable).toBe(false);
  });
});

describe('the disk-full state on screen', () => {
  it('any 507 answer means the disk is full; other failures do not', () => {
    expect(isStorageFullAnswer(507)).toBe(true);
    for (const status of [200, 400, 409, 500, 503]) expect(isStorageFullAnswer(status)).toBe(false);
  });

  it('the banner says what happened, for how long, and what to do, in plain words', () => {
    const text = storageBannerText(1_000_000, 1_000_000 + 185_000, 5);
    expect(text).toBe(
      "The venue server's disk is full: sales and changes cannot be saved (for 3 min now). " +
        'Free some space on the computer running the venue server; nothing needs restarting. ' +
        'This page checks again every 5 s, and a sale that failed can simply be tried again.',
    );
    expect(storageBannerText(1_000_000, 1_000_000 + 12_400, 5)).toContain('saved (for 12 s now).');
    expect(storageBannerText(1_000_000, 1_000_000 + 3_000, 5)).toContain('cannot be saved. Free some space');
  });

  it('the top bar pill: offline wins (a server out of reach cannot report its disk), then disk full', () => {
    expect(connectionPill('offline', 'full')).toEqual({ label: 'Offline', state: 'offline' });
    expect(connectionPill('online', 'full')).toEqual({ label: 'Disk full', state: 'full' });
    expect(connectionPill('unknown', 'full')).toEqual({ label: 'Disk full', state: 'full' });
    expect(connectionPill('online', 'ok')).toEqual({ label: 'Online', state: 'online' });
    expect(connectionPill('unknown', 'ok')).toEqual({ label: 'Connecting', state: 'unknown' });
  });
});
