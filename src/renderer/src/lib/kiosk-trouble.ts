import { ApiRequestError } from '../api/api-error.js';

/**
 * Why the kiosk could not get the server's word, in the customer's terms. The server's own
 * messages name keys and seconds ("Too many wrong access codes from this key: try again in
 * 595 s"), and a revoked kiosk key read as a network blip that "try again" never cured.
 */
export type KioskTrouble = 'unreachable' | 'signed_out' | 'busy' | 'other';

export function kioskTrouble(err: unknown): KioskTrouble {
  if (!(err instanceof ApiRequestError) || err.isNetwork) return 'unreachable';
  if (err.status === 401) return 'signed_out';
  if (err.status === 429) return 'busy';
  return 'other';
}

/** Said instead of starting a card payment the server could not be asked about. */
export function payStoppedWords(trouble: KioskTrouble): string {
  switch (trouble) {
    case 'unreachable':
      return 'We cannot reach the box office right now, so nothing was charged. Please try again in a moment.';
    case 'signed_out':
      return 'This kiosk is closed, so nothing was charged. Please buy your tickets at the box office.';
    case 'busy':
      return 'The kiosk is busy, so nothing was charged. Please try again in a minute.';
    case 'other':
      return 'Something went wrong, so nothing was charged. Please ask at the box office.';
  }
}

/**
 * Said instead of Pay by card while no attendant PIN is set (the offer's
 * `kiosk_attendant_pin_set`): no card approval could succeed, and the attendant used to learn so
 * only after running the card, then had to refund it.
 */
export const cardNotReadyWords =
  "Card payment isn't set up at this kiosk yet. Please buy your tickets at the box office.";

/** Said when an access code was not taken. */
export function codeRefusalWords(err: unknown): string {
  if (
    err instanceof ApiRequestError &&
    (err.code === 'invalid_access_code' || (err.code === 'invalid_field' && err.param === 'access_code'))
  ) {
    // A code too long to be any tier's unlocks nothing either: the customer is told so, not the rule.
    return 'That code does not unlock any tickets for this event.';
  }
  switch (kioskTrouble(err)) {
    case 'busy':
      return 'Too many codes were tried on this screen. Codes can be tried again in a few minutes; or ask at the box office.';
    case 'signed_out':
      return 'This kiosk is closed. Please buy your tickets at the box office.';
    case 'unreachable':
      return 'We cannot reach the box office right now. Please try the code again in a moment.';
    default:
      return 'The code could not be checked. Please ask at the box office.';
  }
}

/**
 * Said to the attendant when the server would not take their PIN for want of one: the server's
 * words name the API call that sets it ("PATCH /v2/settings kiosk_attendant_pin"), read out on a
 * public screen after the card may already have been charged.
 */
export function attendantPinWords(err: unknown): string {
  if (err instanceof ApiRequestError && err.code === 'attendant_pin_not_set') {
    return (
      'No attendant PIN has been set, so this kiosk cannot confirm card payments yet. If the card ' +
      'was charged, refund it on the card reader, then press Declined. A manager sets the PIN in ' +
      'Settings › Kiosks.'
    );
  }
  return err instanceof Error ? err.message : String(err);
}
