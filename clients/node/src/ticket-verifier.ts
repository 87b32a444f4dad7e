import { createPublicKey, verify, type KeyObject } from 'node:crypto';
import { TicketTokenError } from './errors.js';

/** GET /v2/scan/jwks: the public keys ticket tokens are signed with. */
export interface Jwks {
  keys: { kty: string; crv?: string; x?: string; kid?: string; alg?: string; use?: string }[];
}

/** "rotating": the phone's 5-minute code; "paper": a printed pass. */
export type CredentialKind = 'rotating' | 'paper';

export interface VerifiedTicket {
  kind: CredentialKind;
  ticketId: string;
  eventId: string;
  tierId: string;
  /** Unix seconds. */
  issuedAt: number;
  expiresAt: number;
  keyId: string;
}

const rotatingLifetime = 300; // a rotating code lives exactly this long
const skew = 30; // validators accept from iat − 30 s to exp + 30 s
const kinds: Record<string, CredentialKind> = { 'ticket+jwt': 'rotating', 'ticket-pass+jwt': 'paper' };
/** A forger inventing kids costs the venue one JWKS request per 30 s (as jose's remote key sets). */
export const jwksRefetchCooldown = 30;

/**
 * Holds a JWKS and verifies ticket tokens with it, without the network. A valid signature proves
 * the venue issued the ticket; whether it is still active or already admitted is the server's
 * (POST /v2/scan/validate) or a door pack's to say.
 *
 * One made by `TicketVerifier.fetch` (or `client.ticketVerifier()`) can follow a key rotation:
 * `verifyFresh` fetches the JWKS again for a token whose kid it does not hold, at most once every
 * 30 s (offline, the token stays refused). `verify` never touches the network.
 */
export class TicketVerifier {
  private keys: Map<string, KeyObject>;
  private refetchedAt: number | undefined;
  private refetching: Promise<void> | undefined;

  constructor(
    jwks: Jwks,
    private readonly refetch?: () => Promise<Jwks>,
  ) {
    this.keys = keysOf(jwks);
  }

  /** Fetches the JWKS from a venue server (a public route: no API key). */
  static async fetch(baseUrl: string): Promise<TicketVerifier> {
    const getJwks = async (): Promise<Jwks> => {
      const response = await fetch(`${baseUrl.replace(/\/+$/, '')}/v2/scan/jwks`);
      if (!response.ok) throw new Error(`GET /v2/scan/jwks: HTTP ${response.status}`);
      return (await response.json()) as Jwks;
    };
    return new TicketVerifier(await getJwks(), getJwks);
  }

  /**
   * `verify`, after fetching the JWKS again when the token names a key this verifier does not
   * hold (the venue rotated its key since), at most once every 30 s; concurrent calls share one
   * fetch. Without a way to fetch (made from a JWKS object) it is `verify`.
   */
  async verifyFresh(
    token: string,
    options: { eventId?: string; now?: number } = {},
  ): Promise<VerifiedTicket> {
    const kid = segment(token.split('.')[0])?.kid;
    if (typeof kid === 'string' && !this.keys.has(kid) && this.refetch) {
      const now = options.now ?? Date.now() / 1000;
      if (
        !this.refetching &&
        (this.refetchedAt === undefined || now - this.refetchedAt >= jwksRefetchCooldown)
      ) {
        this.refetchedAt = now;
        this.refetching = this.refetch()
          .then((jwks) => void (this.keys = keysOf(jwks)))
          .catch(() => undefined) // offline or a bad answer: keep the keys held, refuse the token
          .finally(() => (this.refetching = undefined));
      }
      await this.refetching;
    }
    return this.verify(token, options);
  }

  /** Checks a rotating code or a paper pass; refusals throw TicketTokenError. */
  verify(token: string, options: { eventId?: string; now?: number } = {}): VerifiedTicket {
    const parts = token.split('.');
    const [head, payload, signature] = parts;
    const header = segment(head);
    const claims = segment(payload);
    if (parts.length !== 3 || !header || !claims || signature === undefined || !/^[\w-]*$/.test(signature)) {
      throw new TicketTokenError('malformed', 'not a JWS');
    }
    const kind = typeof header.typ === 'string' ? kinds[header.typ] : undefined;
    if (header.alg !== 'EdDSA' || !kind || 'crit' in header) {
      throw new TicketTokenError('malformed', 'not a Marquee ticket token (alg, typ or crit)');
    }
    const key = typeof header.kid === 'string' ? this.keys.get(header.kid) : undefined;
    if (!key) throw new TicketTokenError('invalid_signature', 'signed with a key the JWKS does not hold');
    if (!verify(null, Buffer.from(`${head}.${payload}`), key, Buffer.from(signature, 'base64url'))) {
      throw new TicketTokenError('invalid_signature', 'the signature does not verify');
    }
    const { sub, evt, tier, iat, exp } = claims;
    if (typeof sub !== 'string' || typeof evt !== 'string' || typeof tier !== 'string') {
      throw new TicketTokenError('malformed', 'claims sub, evt, tier, iat and exp are required');
    }
    if (!Number.isInteger(iat) || !Number.isInteger(exp)) {
      throw new TicketTokenError('malformed', 'claims iat and exp must be whole seconds');
    }
    const [issuedAt, expiresAt] = [iat as number, exp as number];
    if (kind === 'rotating' && expiresAt !== issuedAt + rotatingLifetime) {
      throw new TicketTokenError('malformed', 'a rotating code lives exactly 300 s');
    }
    const now = options.now ?? Date.now() / 1000;
    if (now < issuedAt - skew)
      throw new TicketTokenError('not_yet_valid', 'issued in the future (check the clock)');
    if (now > expiresAt + skew) throw new TicketTokenError('expired', 'expired');
    if (options.eventId !== undefined && evt !== options.eventId) {
      throw new TicketTokenError('wrong_event', `a ticket for ${evt}, not ${options.eventId}`);
    }
    return {
      kind,
      ticketId: sub,
      eventId: evt,
      tierId: tier,
      issuedAt,
      expiresAt,
      keyId: header.kid as string,
    };
  }
}

function keysOf(jwks: Jwks): Map<string, KeyObject> {
  const keys = new Map<string, KeyObject>();
  for (const jwk of jwks.keys) {
    if (jwk.kty === 'OKP' && jwk.crv === 'Ed25519' && jwk.kid && jwk.x) {
      keys.set(jwk.kid, createPublicKey({ key: { kty: 'OKP', crv: 'Ed25519', x: jwk.x }, format: 'jwk' }));
    }
  }
  return keys;
}

function segment(text: string | undefined): Record<string, unknown> | undefined {
  if (text === undefined || !/^[\w-]+$/.test(text)) return undefined;
  try {
    const value: unknown = JSON.parse(Buffer.from(text, 'base64url').toString('utf8'));
    return typeof value === 'object' && value !== null && !Array.isArray(value)
      ? (value as Record<string, unknown>)
      : undefined;
  } catch {
    return undefined;
  }
}
