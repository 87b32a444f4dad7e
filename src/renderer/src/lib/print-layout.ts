import { parseCredential } from '../../../shared/ticket-token.js';
import type { TicketView } from '../api/types.js';

/** What a printed ticket (the till's slip, a reprint, the kiosk's receipt) carries as its QR. */
export type PrintedCode =
  /** The paper pass: admits once, until a day after doors, so a slip printed now admits tonight. */
  | { kind: 'pass'; text: string; validUntilMs: number | null }
  /** A tier that refuses paper: the wallet link, which opens the ticket (and its live code) on a phone. */
  | { kind: 'wallet'; text: string };

/**
 * The pass when the ticket has one (`paper_pass` is null when its tier forbids paper or the
 * ticket is no longer active), else the wallet link. Never the 5-minute rotating code: printed, it
 * would be dead before the holder reaches the door.
 */
export function printedCode(ticket: Pick<TicketView, 'paper_pass' | 'wallet_url'>): PrintedCode {
  if (ticket.paper_pass) {
    const exp = parseCredential(ticket.paper_pass)?.claims.exp;
    return { kind: 'pass', text: ticket.paper_pass, validUntilMs: exp ? exp * 1000 : null };
  }
  return { kind: 'wallet', text: ticket.wallet_url };
}
