/**
 * The email addresses the server accepts: Ajv's `email` format (ajv-formats, full mode, as the
 * server installs it in http/validators.ts) and at most 254 characters (schemas/email.ts). A
 * screen that must refuse an address before money moves (the kiosk charges the card before the
 * order is recorded) checks it with this, so the two cannot disagree.
 */
export const emailMaxLength = 254;

const emailFormat =
  /^[a-z0-9!#$%&'*+/=?^_`{|}~-]+(?:\.[a-z0-9!#$%&'*+/=?^_`{|}~-]+)*@(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z0-9](?:[a-z0-9-]*[a-z0-9])?$/i;

export function isEmailAddress(text: string): boolean {
  return text.length <= emailMaxLength && emailFormat.test(text);
}
