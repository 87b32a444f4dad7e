import { parseCredential } from '../../../shared/ticket-token.js';

export type SearchIntent =
  | { kind: 'empty' }
  | { kind: 'order'; q: string }
  | { kind: 'ticket'; q: string; fromToken: boolean }
  | { kind: 'text'; q: string };

/**
 * What the seller typed or scanned into the order search. A pasted QR token (a signed JWS: a phone's code or a paper pass) is
 * decoded here, without verifying it, just to read `sub` — the ticket id — and search by that; the
 * server remains the judge of whether the ticket is good.
 */
export function searchIntent(input: string): SearchIntent {
  const q = input.trim();
  if (q === '') return { kind: 'empty' };
  if (/^ord_[A-Za-z0-9]+$/.test(q)) return { kind: 'order', q };
  if (/^tik_[A-Za-z0-9]+$/.test(q)) return { kind: 'ticket', q, fromToken: false };
  const token = parseCredential(q);
  if (token) return { kind: 'ticket', q: token.claims.sub, fromToken: true };
  return { kind: 'text', q };
}
