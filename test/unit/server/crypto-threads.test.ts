import { generateKeyPairSync, sign, verify } from 'node:crypto';
import { readdirSync, readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { CryptoThreads } from '../../../src/server/tokens/crypto-threads.js';
import { workerProbe } from '../../support/worker-probe.js';

const { publicKey, privateKey } = generateKeyPairSync('ed25519');
const other = generateKeyPairSync('ed25519');
const inputs = Array.from({ length: 40 }, (_, i) => `header.claims-${i}`);
const signatureOf = (input: string) => sign(null, Buffer.from(input), privateKey).toString('base64url');

let threads: CryptoThreads;
afterEach(async () => threads.close());

describe('CryptoThreads', () => {
  it.each([0, 1, 2])(
    'with %i threads signs what node:crypto verifies, and verifies what it signs',
    async (count) => {
      threads = new CryptoThreads(count);
      expect(threads.threadCount).toBe(0);
      const signatures = await Promise.all(inputs.map((input) => threads.sign(input, privateKey)));
      expect(threads.threadCount).toBe(count);
      signatures.forEach((signature, i) => {
        // Ed25519 is deterministic: the same signature node:crypto makes on this thread.
        expect(signature).toBe(signatureOf(inputs[i]!));
        expect(verify(null, Buffer.from(inputs[i]!), publicKey, Buffer.from(signature, 'base64url'))).toBe(
          true,
        );
      });
      const checks = await Promise.all(
        inputs.map((input, i) => threads.verify(input, signatures[i]!, publicKey)),
      );
      expect(checks.every(Boolean)).toBe(true);
    },
  );

  it('answers false for a wrong key, a changed input, a cut or non-base64 signature', async () => {
    threads = new CryptoThreads(1);
    const signature = signatureOf('payload');
    expect(await threads.verify('payload', signature, publicKey)).toBe(true);
    expect(await threads.verify('payload', signature, other.publicKey)).toBe(false);
    expect(await threads.verify('payloae', signature, publicKey)).toBe(false);
    expect(await threads.verify('payload', signature.slice(0, 40), publicKey)).toBe(false);
    expect(await threads.verify('payload', '!!!', publicKey)).toBe(false);
  });

  it('refuses to sign with a public key (an error, not a signature)', async () => {
    threads = new CryptoThreads(1);
    await expect(threads.sign('payload', publicKey)).rejects.toThrow();
    // The thread is still there and still working afterwards.
    expect(await threads.sign('payload', privateKey)).toBe(signatureOf('payload'));
  });

  it('a thread that dies mid-batch: its jobs finish on the event loop, later ones too', async () => {
    const deaths: unknown[] = [];
    threads = new CryptoThreads(1, (err) => deaths.push(err));
    const pending = inputs.map((input) => threads.sign(input, privateKey));
    const worker = (threads as unknown as { threads: { worker: { terminate(): Promise<number> } }[] })
      .threads[0]!.worker;
    await worker.terminate();
    const signatures = await Promise.all(pending);
    expect(signatures).toEqual(inputs.map(signatureOf));
    expect(deaths).toHaveLength(1);
    expect(threads.threadCount).toBe(0);
    expect(await threads.verify(inputs[0]!, signatures[0]!, publicKey)).toBe(true);
  });

  it('close() finishes what was in flight', async () => {
    threads = new CryptoThreads(2);
    const pending = inputs.map((input) => threads.sign(input, privateKey));
    await threads.close();
    expect(await Promise.all(pending)).toEqual(inputs.map(signatureOf));
  });
});

describe('CryptoThreads for background work', () => {
  /** Scheduling policy (field 41 of /proc/…/stat) of each thread of this process. */
  const policies = (): number[] =>
    readdirSync('/proc/self/task').map((tid) => {
      const stat = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8');
      return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[38]);
    });
  const schedIdle = 5;

  it.runIf(process.platform === 'linux')('runs as SCHED_IDLE on Linux, and signs in batches', async () => {
    const idleThreads = () => policies().filter((policy) => policy === schedIdle).length;
    const before = idleThreads();
    threads = new CryptoThreads(1, undefined, true);
    expect(await threads.signMany(inputs, privateKey)).toEqual(inputs.map(signatureOf));
    expect(await threads.startedPriority()).toBe('idle');
    expect(idleThreads()).toBe(before + 1);
  });

  it('never runs on the event loop: without a thread its jobs fail', async () => {
    threads = new CryptoThreads(0, undefined, true);
    await expect(threads.signMany(inputs, privateKey)).rejects.toThrow(/signing failed/);
    const foreground = new CryptoThreads(0);
    expect(await foreground.signMany(inputs.slice(0, 2), privateKey)).toEqual(
      inputs.slice(0, 2).map(signatureOf),
    );
  });
});

/**
 * The thread's module is a file of its own (src/server/tokens/crypto-worker.ts). The tests above
 * load it from source under vitest; these run it the two other ways the server runs: from source
 * under tsx (`node --import tsx`), and bundled like `npm run server` (scripts/server-bundle.mjs).
 * The desktop build (out/main) names it as an entry the same way: electron.vite.config.ts.
 */
describe('the crypto thread module', () => {
  const probe = workerProbe(fileURLToPath(new URL('fixtures/crypto-thread-probe.ts', import.meta.url)));
  const loaded = { priority: 'normal', valid: true, died: null };

  it('loads from source under tsx', () => {
    expect(probe.underTsx()).toEqual(loaded);
  });

  it('loads from beside a bundle built like the server', async () => {
    const { files, answer } = await probe.fromBundle('crypto-worker.mjs');
    expect(files).toContain('crypto-worker.mjs');
    expect(answer).toEqual(loaded);
  });
});
