/**
 * Node only. Linux's id of this boot of the machine (a new one at every start): what was measured
 * against a clock that restarts at boot, or a pid this boot handed out, holds only while it is the
 * same. Null elsewhere, or where /proc cannot be read.
 */
import { readFileSync } from 'node:fs';

export function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim() || null;
  } catch {
    return null;
  }
}
