import { describe, expect, it } from 'vitest';
import { QrDebouncer } from '../../../src/renderer/src/lib/qr-debounce.js';
import { verdictWords } from '../../../src/renderer/src/lib/scan-words.js';
import { isPairingText, notATicketHint } from '../../../src/renderer/src/stores/door-store.js';

describe('the QR debouncer', () => {
  it('decides once while a QR stays in view, again after it was away for 2 s', () => {
    const d = new QrDebouncer(2_000);
    const seen: boolean[] = [];
    // Held up for 3 s at 10 frames a second: one decision.
    for (let t = 0; t <= 3_000; t += 100) seen.push(d.accept('A', t));
    expect(seen.filter(Boolean)).toHaveLength(1);
    // Out of view 1.5 s, then shown again: still the same presentation.
    expect(d.accept('A', 4_500)).toBe(false);
    // Out of view 2 s: a new presentation (a replay), decided again.
    expect(d.accept('A', 6_500)).toBe(true);
  });

  it('another code counts at once, and the first one counts again after it', () => {
    const d = new QrDebouncer(2_000);
    expect(d.accept('A', 0)).toBe(true);
    expect(d.accept('B', 100)).toBe(true);
    expect(d.accept('A', 200)).toBe(true);
  });
});

describe('verdict words', () => {
  it('says what the door must say, with when and where for a replay', () => {
    expect(verdictWords('admitted', null)).toEqual({ title: 'Admitted', detail: 'Welcome in' });
    // A printed pass that has expired cannot be opened again: the guest needs a new print.
    expect(verdictWords('rejected', 'expired', null, 'paper').detail).toBe(
      'Printed ticket out of date: send the guest to the box office for a new print',
    );
    expect(verdictWords('rejected', 'expired', null, 'rotating').detail).toBe(
      'QR code expired: open the ticket again for a fresh code',
    );
    // A slip printed at the box office a minute ago, at a door whose clock is behind: no phone to
    // check, the door's clock is the one to set.
    expect(verdictWords('rejected', 'not_yet_valid', null, 'paper').detail).toBe(
      'Printed ticket not valid yet by this door’s clock: set the door’s date and time, then scan again',
    );
    expect(verdictWords('rejected', 'not_yet_valid', null, 'rotating').detail).toMatch(/phone’s clock/);
    const at = new Date(2026, 11, 24, 20, 14).getTime();
    expect(verdictWords('rejected', 'already_scanned', { at, door: 'Door 2' }).detail).toBe(
      'Already scanned 20:14 at Door 2',
    );
    expect(verdictWords('rejected', 'already_scanned', { at, door: null }).detail).toBe(
      'Already scanned 20:14',
    );
    expect(verdictWords('rejected', 'already_scanned').detail).toBe('Already scanned');
    expect(verdictWords('rejected', 'voided').detail).toBe('Voided ticket');
    expect(verdictWords('rejected', 'wrong_event').detail).toBe('Ticket for another event');
    expect(verdictWords('rejected', 'expired').detail).toMatch(/^QR code expired/);
  });

  it('sends the holder of a replaced ticket’s old code to the box office, with the time when the server gave it', () => {
    // A lost phone's screenshot or a print from before the box office replaced the ticket: the
    // person showing it may not be the guest, so not "ask for the new one".
    const at = new Date(2026, 11, 24, 19, 30).getTime();
    expect(verdictWords('rejected', 'transferred', null, 'paper', at).detail).toBe(
      'This ticket was replaced by a newer one at 19:30: send the guest to the box office',
    );
    // Offline the door knows only that it was replaced.
    expect(verdictWords('rejected', 'transferred').detail).toBe(
      'Replaced by a newer ticket: send the guest to the box office',
    );
  });

  it('tells a pairing code from a ticket', () => {
    expect(
      isPairingText('marquee://pair?url=http%3A%2F%2F127.0.0.1&fp=&token=pair_abcdefghijklmnopqrstuvwx'),
    ).toBe(true);
    expect(isPairingText('pair_abcdefghijklmnopqrstuvwxyz012345')).toBe(true);
    // Typed with its check letters, as the box office shows a door without a camera.
    expect(isPairingText('pair_abcdefghijklmnopqrstuvwxyz012345.9V7DZG')).toBe(true);
    expect(isPairingText('pair_abcdefghijklmnopqrstuvwxyz012345.9v7-dzg')).toBe(true);
    expect(isPairingText('eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ0aWsifQ.sig')).toBe(false);
  });

  it('says what a pairing code or a wallet link is instead of scanning it', () => {
    expect(notATicketHint('pair_abcdefghijklmnopqrstuvwxyz012345')).toMatch(/^That is a pairing code/);
    // A phone-only tier's slip carries the wallet link; so may a photo of the kiosk's screen.
    for (const link of [
      'https://tickets.example.com/w/0VcHHmb96wDBktyHOz6jGzjGdW6nFzHP6I2Grrgu',
      'http://10.0.0.5:4380/w/0VcHHmb96wDBktyHOz6jGzjGdW6nFzHP6I2Grrgu/',
      'https://example.com/venue/w/0VcHHmb96wDBktyHOz6jGzjGdW6nFzHP6I2Grrgu',
    ])
      expect(notATicketHint(link)).toMatch(/^That is the link to a ticket’s page, not the ticket/);
    expect(notATicketHint('eyJhbGciOiJFZERTQSJ9.eyJzdWIiOiJ0aWsifQ.sig')).toBeNull();
    expect(notATicketHint('https://example.com/e/evt_123')).toBeNull();
  });
});
