import { pairingLifetimeMs } from '../../../shared/pairing-lifetime.js';
import type { DeviceView, PairingView } from '../api/types.js';

/**
 * The device that used this pairing code, if one has. The server does not say which code a
 * device came from, so it is the first device of the code's scope (and event) paired after the
 * code was made: good enough for one admin pairing one device at a time, which is how the
 * Settings screen is used. The server's own clock is on both sides of the comparison.
 */
export function deviceFromPairing(
  pairing: Pick<PairingView, 'expires_at' | 'scope' | 'event_id'>,
  devices: readonly Pick<DeviceView, 'name' | 'scope' | 'event_id' | 'created_at'>[],
): { name: string } | null {
  const madeAt = Date.parse(pairing.expires_at) - pairingLifetimeMs;
  const used = devices
    .filter(
      (d) =>
        d.scope === pairing.scope &&
        d.event_id === pairing.event_id &&
        Date.parse(d.created_at) >= madeAt - 1_000,
    )
    .sort((a, b) => Date.parse(a.created_at) - Date.parse(b.created_at));
  return used[0] ? { name: used[0].name } : null;
}

/**
 * Seconds left on a pairing code, counted on this browser's clock from when the code arrived:
 * its `expires_at` is on the server's clock, which may be hours off this one (a countdown of
 * "364:59" for a 5-minute code).
 */
export function pairingSecondsLeft(receivedAt: number, now: number): number {
  return Math.max(0, Math.round((receivedAt + pairingLifetimeMs - now) / 1000));
}
