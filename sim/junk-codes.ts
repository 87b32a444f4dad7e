/**
 * Codes that are not our tickets: QR codes of other things people hold up to a scanner, and
 * forgeries — a well-formed ticket token naming a real ticket and the venue's real key id, but
 * signed with a key the venue never had.
 */
import { generateKeyPairSync, sign } from 'node:crypto';
import type { Random } from './random.js';

const unreadable = [
  'https://example.com/promo?code=SUMMER',
  'WIFI:T:WPA;S:VenueGuest;P:hunter2;;',
  'BEGIN:VCARD\nFN:Someone\nEND:VCARD',
  'eyJhbGciOiJub25lIn0.e30.',
  'tik_notATokenJustAnId',
];

const b64url = (data: string | Buffer): string => Buffer.from(data).toString('base64url');

export function forgedToken(input: {
  kid: string;
  ticketId: string;
  eventId: string;
  tierId: string;
}): string {
  const { privateKey } = generateKeyPairSync('ed25519');
  const iat = Math.floor(Date.now() / 1000);
  const header = b64url(JSON.stringify({ alg: 'EdDSA', typ: 'ticket+jwt', kid: input.kid }));
  const claims = b64url(
    JSON.stringify({ sub: input.ticketId, evt: input.eventId, tier: input.tierId, iat, exp: iat + 300 }),
  );
  const signature = sign(null, Buffer.from(`${header}.${claims}`), privateKey);
  return `${header}.${claims}.${b64url(signature)}`;
}

/** `count` junk codes: half unreadable, half forged for tickets picked from `targets`. */
export function junkCodes(
  count: number,
  rng: Random,
  kid: string,
  eventId: string,
  targets: readonly { ticketId: string; tierId: string }[],
): { token: string; kind: 'malformed' | 'forged' }[] {
  return Array.from({ length: count }, (_, i) => {
    if (i % 2 === 0) return { token: unreadable[(i / 2) % unreadable.length]!, kind: 'malformed' as const };
    const target = rng.pick(targets);
    return {
      token: forgedToken({ kid, eventId, ticketId: target.ticketId, tierId: target.tierId }),
      kind: 'forged' as const,
    };
  });
}
