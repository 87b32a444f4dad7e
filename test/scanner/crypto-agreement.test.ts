import { afterAll, describe, expect, it } from 'vitest';
import { OfflineValidator } from '../../src/scanner/offline-validator.js';
import { ServerSigner } from './support/signer.js';

const signer = new ServerSigner();
afterAll(() => signer.close());

/** Flips one bit of the token text's base64url alphabet at `index`, keeping it well-formed. */
function flipChar(token: string, index: number): string {
  const alphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';
  const at = alphabet.indexOf(token[index]!);
  if (at < 0) return token;
  return token.slice(0, index) + alphabet[at ^ 1] + token.slice(index + 1);
}

describe('@noble/ed25519 (SDK) and node:crypto (server) agree', () => {
  it('on 200 server-signed tokens and every single-character tampering of a sample', () => {
    const sdk = new OfflineValidator(signer.now);
    sdk.loadPack(signer.pack());
    const verdicts: { sdk: string; server: string }[] = [];
    const judge = (token: string): void => {
      const server = signer.tokens.verify(token);
      const offline = sdk.check(token);
      verdicts.push({
        server: server.ok ? 'ok' : server.reason,
        // The SDK also judges ticket state; only the token verdict is compared here.
        sdk: offline.result === 'admitted' ? 'ok' : (offline.reason ?? ''),
      });
    };
    for (let i = 0; i < 200; i++) judge(signer.mint());
    const sample = signer.mint();
    // A flip in the spare low bits of a segment's last character decodes to the same bytes
    // (base64 slack), so it is the same signed token: both must still accept those.
    const sameBytes = (a: string, b: string): boolean =>
      a
        .split('.')
        .every((part, i) =>
          Buffer.from(part, 'base64url').equals(Buffer.from(b.split('.')[i]!, 'base64url')),
        );
    let changed = 0;
    for (let i = 0; i < sample.length; i++) {
      const tampered = flipChar(sample, i);
      if (sample[i] === '.' || sameBytes(tampered, sample)) continue;
      changed++;
      judge(tampered);
    }

    expect(changed).toBeGreaterThan(150);
    expect(verdicts.filter((v) => v.server === 'ok')).toHaveLength(200);
    const disagreements = verdicts.filter((v) => v.sdk !== v.server);
    expect(disagreements).toEqual([]);
    // Every token whose bytes changed failed (signature or shape), in both.
    expect(verdicts.slice(200).every((v) => v.server !== 'ok')).toBe(true);
  });
});
