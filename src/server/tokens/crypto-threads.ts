import { sign, verify, type KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';

/**
 * Runs in each crypto thread: a key arrives once, by handle; then one message per job, answered
 * in order with one message each. Messages carry strings and numbers only: they cross threads
 * as plain copies, where a Buffer would drag its whole 8 KiB pool slab along.
 * (Plain CommonJS source: eval workers cannot load TypeScript, and the Electron bundle has no
 * separate worker file to point at.)
 *
 * Job: [op, keyHandle, signingInput, signature in base64url (verify only)]. Answer: for a verify
 * 1 (valid) or 0; for a sign the signature in base64url; null when the operation threw.
 */
const workerSource = `
const { parentPort } = require("node:worker_threads");
const { sign, verify } = require("node:crypto");
const keys = new Map();
parentPort.on("message", (message) => {
  if (!Array.isArray(message)) { keys.set(message.handle, message.key); return; }
  const [op, handle, input, signature] = message;
  let answer = null;
  try {
    const key = keys.get(handle);
    if (op === 0) answer = verify(null, Buffer.from(input), key, Buffer.from(signature, "base64url")) ? 1 : 0;
    else answer = sign(null, Buffer.from(input), key).toString("base64url");
  } catch {}
  parentPort.postMessage(answer);
});
`;

type Job =
  | { op: 0; key: KeyObject; input: string; signature: string; settle: (answer: boolean) => void }
  | { op: 1; key: KeyObject; input: string; settle: (answer: string | Error) => void };

interface Thread {
  worker: Worker;
  /** Jobs sent and not yet answered, oldest first; the thread answers them in order. */
  inFlight: Job[];
  keyHandles: WeakMap<KeyObject, number>;
}

/** One core stays with the event loop; the rest (at most 4) sign and verify. */
export const defaultCryptoThreads = (): number => Math.max(1, Math.min(4, availableParallelism() - 1));

/**
 * Ed25519 for ticket tokens on threads of its own rather than libuv's pool, for two reasons:
 * - Speed on a small machine: libuv's four pool threads contend with the event loop for two
 *   cores; one crypto thread there lifted online validate from 0.54-0.58 to 0.59-0.63 × raw
 *   verify (bench/scanning.ts, alternating runs).
 * - The pool is shared. File reads queue there, and getaddrinfo: libuv lets lookups take at most
 *   half the pool, but at a venue whose uplink is down those lookups hang for seconds, so verifies
 *   would run at half speed behind webhook deliveries, and a blocked file read (a stalled disk)
 *   would stall them entirely. Here nothing else can queue in front of a signature
 *   (test/api/crypto-isolation.test.ts blocks every pool thread and still sells and scans).
 *
 * If a thread dies, its jobs and later ones run on the event loop: slower, never lost. With no
 * threads at all (`new CryptoThreads(0)`, for tools and tests) everything runs inline.
 */
export class CryptoThreads {
  private readonly threads: Thread[] = [];
  private nextKeyHandle = 1;
  private started = false;
  private closed = false;

  constructor(
    private readonly count = defaultCryptoThreads(),
    /** Told when a thread dies; the server logs it (the work itself carries on). */
    public onThreadDeath: (err: unknown) => void = () => {},
  ) {}

  /** Threads running now: none before the first job (a cold start does not wait for them). */
  get threadCount(): number {
    return this.threads.length;
  }

  /** Whether `signature` (base64url) signs `input` under `key`; false for any malformed part. */
  verify(input: string, signature: string, key: KeyObject): Promise<boolean> {
    return new Promise((resolve) => this.submit({ op: 0, key, input, signature, settle: resolve }));
  }

  /** The Ed25519 signature of `input`, in base64url. */
  sign(input: string, key: KeyObject): Promise<string> {
    return new Promise((resolve, reject) =>
      this.submit({
        op: 1,
        key,
        input,
        settle: (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)),
      }),
    );
  }

  /** Ends the threads; jobs still in flight finish on the event loop. */
  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0);
    for (const thread of threads) runHere(thread.inFlight.splice(0));
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  private spawn(): void {
    const worker = new Worker(workerSource, { eval: true });
    // Idle threads must not keep a finished process (a test, the CLI) alive.
    worker.unref();
    const thread: Thread = { worker, inFlight: [], keyHandles: new WeakMap() };
    worker.on('message', (answer: number | string | null) => {
      const job = thread.inFlight.shift();
      if (job) settle(job, answer);
    });
    const die = (err: unknown) => {
      const index = this.threads.indexOf(thread);
      if (index < 0) return;
      this.threads.splice(index, 1);
      runHere(thread.inFlight.splice(0));
      if (!this.closed) this.onThreadDeath(err);
    };
    worker.on('error', die);
    worker.on('exit', (code) => die(new Error(`crypto thread exited with code ${code}`)));
    this.threads.push(thread);
  }

  private submit(job: Job): void {
    if (!this.started && !this.closed) {
      this.started = true;
      for (let i = 0; i < this.count; i++) this.spawn();
    }
    let thread: Thread | undefined;
    for (const candidate of this.threads)
      if (!thread || candidate.inFlight.length < thread.inFlight.length) thread = candidate;
    if (!thread) {
      runHere([job]);
      return;
    }
    let handle = thread.keyHandles.get(job.key);
    if (handle === undefined) {
      handle = this.nextKeyHandle++;
      thread.keyHandles.set(job.key, handle);
      thread.worker.postMessage({ key: job.key, handle });
    }
    thread.inFlight.push(job);
    thread.worker.postMessage(job.op === 0 ? [0, handle, job.input, job.signature] : [1, handle, job.input]);
  }
}

function settle(job: Job, answer: number | string | null): void {
  if (job.op === 0) job.settle(answer === 1);
  else job.settle(typeof answer === 'string' ? answer : new Error('Ed25519 signing failed'));
}

/** The fallback: the same operations, synchronously, on the event loop. */
function runHere(jobs: Job[]): void {
  for (const job of jobs) {
    try {
      if (job.op === 0)
        job.settle(verify(null, Buffer.from(job.input), job.key, Buffer.from(job.signature, 'base64url')));
      else job.settle(sign(null, Buffer.from(job.input), job.key).toString('base64url'));
    } catch (err) {
      if (job.op === 0) job.settle(false);
      else job.settle(err as Error);
    }
  }
}
