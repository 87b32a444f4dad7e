/**
 * Runs in each crypto thread (crypto-threads.ts starts it): a key arrives once, by handle; then one
 * message per job, answered in order with one message each. Messages carry strings and numbers
 * only: they cross threads as plain copies, where a Buffer would drag its whole 8 KiB pool slab
 * along.
 *
 * It first says at which priority it runs ({priority}). Then per job
 * [op, keyHandle, signingInput, signature in base64url (verify only)]. Answer: for a verify
 * 1 (valid) or 0; for a sign the signature in base64url; for a batch sign (op 2, signingInput an
 * array) an array of them; null when the operation threw.
 *
 * Node loads this file on its own, from source as well as built: it imports only Node's modules
 * and uses only TypeScript that erases to JavaScript (no enums, no parameter properties), so Node's
 * type stripping runs it where no TypeScript loader is registered (under vitest).
 */
import { execFileSync } from 'node:child_process';
import { sign, verify, type KeyObject } from 'node:crypto';
import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort, workerData } from 'node:worker_threads';

/** Where a thread runs; see ThreadPriority in crypto-threads.ts. */
export type WorkerPriority = 'normal' | 'idle' | 'nice';

/** What the thread is started with. */
export interface CryptoWorkerData {
  background: boolean;
}

/** A key for later jobs, sent once per thread. */
export interface KeyMessage {
  key: KeyObject;
  handle: number;
}

export type JobMessage =
  | [op: 0, handle: number, input: string, signature: string]
  | [op: 1, handle: number, input: string]
  | [op: 2, handle: number, inputs: string[]];

export type JobAnswer = number | string | string[] | null;

/**
 * A background thread asks Linux to run it only on a core nothing else wants (SCHED_IDLE, set by
 * util-linux chrt: Node has no call for a scheduling policy), else at nice 19. Elsewhere a priority
 * call would reach the whole process, so it stays as it is.
 */
function lowerPriority(): WorkerPriority {
  if (process.platform !== 'linux') return 'normal';
  try {
    const tid = Number(readlinkSync('/proc/thread-self').split('/').pop());
    try {
      execFileSync('chrt', ['--idle', '-p', '0', String(tid)], { stdio: 'ignore', timeout: 5000 });
      return 'idle';
    } catch {
      setPriority(tid, 19);
      return 'nice';
    }
  } catch {
    return 'normal';
  }
}

const signOne = (key: KeyObject, input: string): string =>
  sign(null, Buffer.from(input), key).toString('base64url');

function answer(job: JobMessage, key: KeyObject): JobAnswer {
  if (job[0] === 0) return verify(null, Buffer.from(job[2]), key, Buffer.from(job[3], 'base64url')) ? 1 : 0;
  if (job[0] === 1) return signOne(key, job[2]);
  return job[2].map((one) => signOne(key, one));
}

const port = parentPort;
if (port) {
  const keys = new Map<number, KeyObject>();
  const { background } = workerData as CryptoWorkerData;
  port.postMessage({ priority: background ? lowerPriority() : 'normal' });
  port.on('message', (message: KeyMessage | JobMessage) => {
    if (!Array.isArray(message)) {
      keys.set(message.handle, message.key);
      return;
    }
    let result: JobAnswer = null;
    try {
      const key = keys.get(message[1]);
      // A missing key throws in node:crypto like a malformed one: answered null.
      result = answer(message, key as KeyObject);
    } catch {
      // Answered null: the caller treats it as a failed sign or an invalid signature.
    }
    port.postMessage(result);
  });
}
