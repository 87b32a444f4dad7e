import { describe, expect, it } from 'vitest';
import { deviceFromPairing, pairingSecondsLeft } from '../../../src/renderer/src/lib/pairing-use.js';

const pairing = { expires_at: '2026-11-25T20:05:00.000Z', scope: 'scanner' as const, event_id: 'evt_1' };
const device = (
  name: string,
  created_at: string,
  scope = 'scanner' as const,
  event_id: string | null = 'evt_1',
) => ({
  name,
  created_at,
  scope,
  event_id,
});

describe('which device used a pairing code', () => {
  it('is the first door of that event paired after the code was made', () => {
    const devices = [
      device('Old door', '2026-11-25T19:00:00.000Z'),
      device('Door 2', '2026-11-25T20:01:30.000Z'),
      device('Door 3', '2026-11-25T20:03:00.000Z'),
    ];
    expect(deviceFromPairing(pairing, devices)).toEqual({ name: 'Door 2' });
  });

  it('is nobody while only older devices, or devices of another kind or event, exist', () => {
    const devices = [
      device('Old door', '2026-11-25T19:59:00.000Z'),
      { ...device('A till', '2026-11-25T20:01:00.000Z'), scope: 'box_office' as const },
      device('Other night', '2026-11-25T20:01:00.000Z', 'scanner', 'evt_2'),
    ];
    expect(deviceFromPairing(pairing, devices)).toBeNull();
  });
});

describe('the pairing countdown', () => {
  it('runs five minutes from when the code arrived on this clock, whatever the server’s says', () => {
    const arrived = 1_000_000;
    expect(pairingSecondsLeft(arrived, arrived)).toBe(300);
    expect(pairingSecondsLeft(arrived, arrived + 61_000)).toBe(239);
    expect(pairingSecondsLeft(arrived, arrived + 301_000)).toBe(0);
  });
});
