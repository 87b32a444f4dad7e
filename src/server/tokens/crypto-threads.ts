import { sign, verify, type KeyObject } from 'node:crypto';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { workerModule } from '../worker-module.js';
import type { CryptoWorkerData, JobAnswer, JobMessage, KeyMessage, WorkerPriority } from './crypto-worker.js';

type Job =
  | { op: 0; key: KeyObject; input: string; signature: string; settle: (answer: boolean) => void }
  | { op: 1; key: KeyObject; input: string; settle: (answer: string | Error) => void }
  | { op: 2; key: KeyObject; input: string[]; settle: (answer: string[] | Error) => void };

type Answer = JobAnswer;

/**
 * Where a thread runs: `normal`; or, for background threads, `idle` (Linux SCHED_IDLE: only on a
 * core nothing else wants) or `nice` (nice 19, where chrt is missing).
 */
export type ThreadPriority = WorkerPriority;

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
 *
 * Background threads (`background`) sign ahead what nobody waits on yet. On Linux they run as
 * SCHED_IDLE: a core running only them counts as free, so the kernel puts anything that wakes
 * there instead of preempting the event loop. Measured with checkouts signing ahead on a normal
 * thread, the event loop was preempted ~8,600 times a second (each time a client process woke
 * while that thread held the other core) and ran 82 % of the time; with SCHED_IDLE, ~2,000
 * times and 91 %: 50-54k against 59-63k checkouts in 5 s. Nice 19 alone changed nothing.
 */
export class CryptoThreads {
  private readonly threads: Thread[] = [];
  private nextKeyHandle = 1;
  private started = false;
  private closed = false;

  /** The priority the threads reported, once one has started. */
  priority: ThreadPriority | undefined;
  private readonly prioritySet: Promise<ThreadPriority>;
  private reportPriority: (priority: ThreadPriority) => void = () => {};

  constructor(
    /** Threads to run; 0 runs every job inline. */
    readonly count = defaultCryptoThreads(),
    /** Told when a thread dies; the server logs it (the work itself carries on). */
    public onThreadDeath: (err: unknown) => void = () => {},
    /**
     * Background threads do work nobody waits on (tokens signed ahead) and yield the CPU to
     * everything else, this process's event loop included.
     */
    readonly background = false,
  ) {
    this.prioritySet = new Promise((resolve) => (this.reportPriority = resolve));
  }

  /** The priority the threads run at, once they have started (they start with the first job). */
  startedPriority(): Promise<ThreadPriority> {
    return this.prioritySet;
  }

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

  /**
   * Signatures of all `inputs`, as one job: for work nobody waits on (tokens signed ahead), where
   * one message each way per batch costs the event loop less than one per signature. Keep
   * batches small: a verify queued behind one waits for all of it.
   */
  signMany(inputs: string[], key: KeyObject): Promise<string[]> {
    return new Promise((resolve, reject) =>
      this.submit({
        op: 2,
        key,
        input: inputs,
        settle: (answer) => (answer instanceof Error ? reject(answer) : resolve(answer)),
      }),
    );
  }

  /** Ends the threads; jobs still in flight finish on the event loop. */
  async close(): Promise<void> {
    this.closed = true;
    const threads = this.threads.splice(0);
    for (const thread of threads) this.withoutThread(thread.inFlight.splice(0));
    await Promise.all(threads.map((thread) => thread.worker.terminate()));
  }

  /**
   * Jobs with no thread to run on: on the event loop, slower but never lost; a background
   * thread's jobs fail instead, since nobody waits on them and the loop has better things to do.
   */
  private withoutThread(jobs: Job[]): void {
    if (!this.background) runHere(jobs);
    else for (const job of jobs) settle(job, null);
  }

  private spawn(): void {
    const workerData: CryptoWorkerData = { background: this.background };
    const worker = new Worker(workerModule(import.meta.url, 'crypto-worker'), { workerData });
    // Idle threads must not keep a finished process (a test, the CLI) alive.
    worker.unref();
    const thread: Thread = { worker, inFlight: [], keyHandles: new WeakMap() };
    worker.on('message', (answer: Answer | { priority: ThreadPriority }) => {
      if (isPriorityReport(answer)) {
        this.priority = answer.priority;
        this.reportPriority(answer.priority);
        return;
      }
      const job = thread.inFlight.shift();
      if (job) settle(job, answer);
    });
    const die = (err: unknown) => {
      const index = this.threads.indexOf(thread);
      if (index < 0) return;
      this.threads.splice(index, 1);
      this.withoutThread(thread.inFlight.splice(0));
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
      this.withoutThread([job]);
      return;
    }
    let handle = thread.keyHandles.get(job.key);
    if (handle === undefined) {
      handle = this.nextKeyHandle++;
      thread.keyHandles.set(job.key, handle);
      const keyMessage: KeyMessage = { key: job.key, handle };
      thread.worker.postMessage(keyMessage);
    }
    thread.inFlight.push(job);
    const message: JobMessage =
      job.op === 0
        ? [0, handle, job.input, job.signature]
        : job.op === 1
          ? [1, handle, job.input]
          : [2, handle, job.input];
    thread.worker.postMessage(message);
  }
}

const isPriorityReport = (answer: unknown): answer is { priority: ThreadPriority } =>
  typeof answer === 'object' && answer !== null && !Array.isArray(answer);

function settle(job: Job, answer: Answer): void {
  if (job.op === 0) job.settle(answer === 1);
  else if (job.op === 1) job.settle(typeof answer === 'string' ? answer : signingFailed());
  else job.settle(Array.isArray(answer) ? answer : signingFailed());
}

const signingFailed = (): Error => new Error('Ed25519 signing failed');

const signHere = (input: string, key: KeyObject): string =>
  sign(null, Buffer.from(input), key).toString('base64url');

/** The fallback: the same operations, synchronously, on the event loop. */
function runHere(jobs: Job[]): void {
  for (const job of jobs) {
    try {
      if (job.op === 0)
        job.settle(verify(null, Buffer.from(job.input), job.key, Buffer.from(job.signature, 'base64url')));
      else if (job.op === 1) job.settle(signHere(job.input, job.key));
      else job.settle(job.input.map((input) => signHere(input, job.key)));
    } catch (err) {
      if (job.op === 0) job.settle(false);
      else job.settle(err as Error);
    }
  }
}
