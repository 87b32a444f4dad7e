import { expect } from '@playwright/test';
import type { VenueServer } from './venue-server.js';

/** A door as the API knows it: the paired device and its own scanner key. */
export interface DoorKey {
  id: string;
  key: string;
}

/**
 * Pairs a door for `eventId` through the API alone (no door page): for specs that need a door's
 * scans or its row in the monitor, not the door screen itself (paired-door.ts opens that).
 */
export async function pairDoorKey(server: VenueServer, eventId: string, name: string): Promise<DoorKey> {
  const pairing = await server.api<{ pairing_token: string }>('POST', '/v2/devices/pairing', {
    event_id: eventId,
  });
  const res = await fetch(`${server.url}/v2/devices/pair`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ pairing_token: pairing.pairing_token, name }),
  });
  expect(res.status).toBe(200);
  const paired = (await res.json()) as { device: { id: string }; api_key: { secret: string } };
  return { id: paired.device.id, key: paired.api_key.secret };
}
