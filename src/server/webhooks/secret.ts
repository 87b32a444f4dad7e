import { randomBytes } from 'node:crypto';

const prefix = 'whsec_';

/** `whsec_` + base64 of 24 random bytes (CONTRACT.md "Webhooks"), the Standard Webhooks form. */
export function newWebhookSecret(): string {
  return `${prefix}${randomBytes(24).toString('base64')}`;
}

/** The HMAC key is the base64-decoded part after `whsec_`, as every Standard Webhooks library reads it. */
export function secretKey(secret: string): Buffer {
  const encoded = secret.startsWith(prefix) ? secret.slice(prefix.length) : secret;
  return Buffer.from(encoded, 'base64');
}
