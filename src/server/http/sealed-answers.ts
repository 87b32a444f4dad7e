import { createCipheriv, createDecipheriv, createHmac, randomBytes } from 'node:crypto';

/**
 * Answers kept for Idempotency-Key replays are sealed (AES-256-GCM) under a key derived from
 * what the retry itself carries and the store does not: the caller's API key secret (stored only
 * hashed), or for a keyless request (device pairing) its body, which holds the one-time pairing
 * token (also stored only hashed). Some answers carry a credential shown once — a new API key's
 * `secret`, a paired device's key, a staff session token — and "keys are stored hashed"
 * (CONTRACT.md) must hold for the 24 h an answer is kept too: a copy of marquee.db (a backup, a
 * stolen laptop) reads none of them, while the caller's own retry still replays byte for byte.
 */
const prefix = 'sealed:v1:';
const ivBytes = 12;
const tagBytes = 16;

export interface AnswerSeal {
  seal(answer: string): string;
  /** The kept answer as it was sent; one kept before sealing existed is returned as it is. */
  open(kept: string): string;
}

/**
 * The answer fields that hold a credential the store otherwise keeps only hashed (or not at all).
 * Only answers naming one are sealed: an order's answer holds nothing a copy of the store could
 * not read from its own tables (wallet secrets, ticket codes), so sealing it would cost every
 * keyed checkout CPU for nothing. test/http/idempotency-sealed.test.ts checks this list against
 * every answer field the OpenAPI document names.
 */
export const credentialFields = ['secret', 'session_token', 'stream_token', 'pairing_token'] as const;
const namesCredential = new RegExp(`"(?:${credentialFields.join('|')})":`);

export function answerCarriesCredential(answer: string): boolean {
  return namesCredential.test(answer);
}

export function answerSeal(material: string, scope: string, idempotencyKey: string): AnswerSeal {
  // Derived on first use: most keyed answers are neither sealed nor opened.
  let derived: Buffer | undefined;
  const key = () =>
    (derived ??= createHmac('sha256', material)
      .update(`marquee idempotent answer\n${scope}\n${idempotencyKey}`)
      .digest());
  return {
    seal(answer) {
      if (!answerCarriesCredential(answer)) return answer;
      const iv = randomBytes(ivBytes);
      const cipher = createCipheriv('aes-256-gcm', key(), iv);
      const sealed = Buffer.concat([cipher.update(answer, 'utf8'), cipher.final()]);
      return prefix + Buffer.concat([iv, cipher.getAuthTag(), sealed]).toString('base64');
    },
    open(kept) {
      if (!kept.startsWith(prefix)) return kept;
      const bytes = Buffer.from(kept.slice(prefix.length), 'base64');
      const decipher = createDecipheriv('aes-256-gcm', key(), bytes.subarray(0, ivBytes));
      decipher.setAuthTag(bytes.subarray(ivBytes, ivBytes + tagBytes));
      // A wrong key or a changed row throws here: the request answers 500 and runs nothing.
      return Buffer.concat([decipher.update(bytes.subarray(ivBytes + tagBytes)), decipher.final()]).toString(
        'utf8',
      );
    },
  };
}
