import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startRefusal } from '../../../src/server/start-refusal.js';

/** The error Node's fs gives a user without rights there (root, running these tests, never gets one). */
const fsError = (code: string, syscall: string, path: string): Error =>
  Object.assign(new Error(`${code}: permission denied, ${syscall} '${path}'`), {
    code,
    syscall,
    path,
    errno: -13,
  });

/** A real listen() refusal: the port is held by another server first. */
async function portTakenError(): Promise<{ err: unknown; port: number }> {
  const holder = createServer();
  await new Promise<void>((resolve) => holder.listen(0, '127.0.0.1', resolve));
  const port = (holder.address() as { port: number }).port;
  const second = createServer();
  const err = await new Promise<unknown>((resolve) => {
    second.once('error', resolve);
    second.listen(port, '127.0.0.1');
  });
  await new Promise<void>((resolve) => holder.close(() => resolve()));
  return { err, port };
}

describe('startRefusal: a start the operator must fix is one line in words', () => {
  it('a taken port names the port and the setting to change', async () => {
    const { err, port } = await portTakenError();
    expect(startRefusal(err)).toBe(
      `Another program is already listening on port ${port} on 127.0.0.1 (a Marquee started earlier?). ` +
        'Stop it, or start this one on a free port with MARQUEE_PORT (or MARQUEE_PUBLIC_PORT for the attendee pages).',
    );
  });

  it('a data folder this user cannot write names the path and what to do', () => {
    expect(startRefusal(fsError('EACCES', 'mkdir', '/srv/marquee'))).toBe(
      'The venue server cannot write /srv/marquee: this user has no permission to write there. Make the ' +
        'data folder writable by the user that runs Marquee, or point MARQUEE_DATA_DIR at a folder it can write, and start again.',
    );
    expect(startRefusal(fsError('EROFS', 'open', '/media/usb/marquee.db'))).toMatch(
      /^The venue server cannot write \/media\/usb\/marquee\.db: it is on a read-only disk\. /,
    );
  });

  it('leaves anything else to the crash path (exit 1)', () => {
    expect(startRefusal(new Error('something unexpected'))).toBeNull();
    expect(startRefusal(Object.assign(new Error('x'), { code: 'ENOENT', path: '/x' }))).toBeNull();
    // A file missing where one was opened is a bug; only a folder that cannot be made is refused.
    expect(startRefusal(fsError('ENOENT', 'open', '/srv/marquee/marquee.db'))).toBeNull();
    expect(startRefusal(fsError('ENOENT', 'mkdir', '/proc/marquee'))).toMatch(
      /^The venue server cannot write \/proc\/marquee: no folder can be made there\. /,
    );
  });
});
