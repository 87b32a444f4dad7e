/**
 * The data folder stops taking writes under the running venue server (a real process): its
 * folders made immutable (chattr +i on a real tmpfs, which holds even for root), as a disk that
 * Linux remounted read-only after a fault refuses them. A write that needs a new file there (a
 * new signing key) answered 500 "a bug"; it must be the contract's envelope with words for staff,
 * and work again once the folder does, without a restart.
 *
 * (A disk that turned read-only under SQLite itself, ext4's emergency read-only, reaches the same
 * answer by the same folder check: seen by hand on a loop-mounted ext4 with trigger_fs_error,
 * which not every CI machine has.)
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { mountSmallDisk, type SmallDisk } from '../support/small-disk.js';
import { api, removeServerBundle, spawnServer, type SpawnedServer } from '../support/spawned-server.js';

let disk: SmallDisk | undefined;
let server: SpawnedServer | undefined;
let frozen: string[] = [];

/** chattr on the given folders; fails the test, saying why, where chattr is missing. */
function chattr(flag: '+i' | '-i', dirs: string[]): void {
  const run = spawnSync('chattr', [flag, ...dirs]);
  if (run.status !== 0)
    throw new Error(
      `chattr ${flag} failed (this test needs root and e2fsprogs): ${run.stderr?.toString() ?? run.error?.message}`,
    );
}

afterEach(async () => {
  // Thawed whatever happened above, or the mount could not be removed.
  if (frozen.length) chattr('-i', frozen);
  frozen = [];
  await server?.kill9();
  disk?.unmount();
  server = disk = undefined;
});
afterAll(removeServerBundle);

describe('a data folder that stops taking writes', () => {
  it('a new signing key is refused with 503 store_read_only in words, and made once the folder takes writes again', async () => {
    disk = mountSmallDisk(16 * 1024 * 1024);
    server = await spawnServer(disk.dir, {}, { bundled: true });
    const keysDir = join(disk.dir, 'signing-keys');
    const keysBefore = readdirSync(keysDir);

    frozen = [disk.dir, keysDir];
    chattr('+i', frozen);
    const refused = await api(server.url, '/v2/scan/keys/rotate', 'POST');
    expect(refused.status).toBe(503);
    const body = (await refused.json()) as { error: { type: string; code: string; message: string } };
    expect(body.error).toMatchObject({ type: 'api_error', code: 'store_read_only' });
    expect(body.error.message).toMatch(/cannot write to its data folder .* nothing was saved/);
    expect(readdirSync(keysDir)).toEqual(keysBefore);

    chattr('-i', frozen);
    frozen = [];
    const rotated = await api(server.url, '/v2/scan/keys/rotate', 'POST');
    expect(rotated.status).toBe(200);
    expect(readdirSync(keysDir)).toHaveLength(keysBefore.length + 1);
  }, 60_000);
});
