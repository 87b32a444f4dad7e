import { Writable } from 'node:stream';
import { BoundedLogDestination } from '../../src/server/logging/log-destination.js';

/**
 * The server's log as production writes it (the same destination class), kept line by line for a
 * test to read back: `logDestination` goes into the server's options, `lines` fills as it logs.
 */
export function capturedLog(): { lines: string[]; logDestination: BoundedLogDestination } {
  const lines: string[] = [];
  const sink = new Writable({
    decodeStrings: false,
    write(chunk: string, _encoding, callback) {
      lines.push(chunk);
      callback();
    },
  });
  return { lines, logDestination: new BoundedLogDestination(sink) };
}
