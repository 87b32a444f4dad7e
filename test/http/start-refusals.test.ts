/**
 * The real server process (src/server/cli.ts) started on a damaged data folder: it stops at once
 * with exit 2 and one line naming the file and what to do, and leaves the file as it was. The
 * data folder is made by the server itself (a store with sales, its signing key), then damaged.
 */
import { createHash, generateKeyPairSync } from 'node:crypto';
import Database from 'better-sqlite3';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  unlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { garbleMiddlePages } from '../support/damage.js';
import { mountSmallDisk } from '../support/small-disk.js';
import { api, httpSaleEvent, spawnServer, startExpectingRefusal } from '../support/spawned-server.js';

const dirs: string[] = [];
let made: string;
let eventId: string;
let tierId: string;
/** A ticket sold before the damage, with the token its (first) signing key signed. */
let sold: { id: string; qr_token: string };

afterAll(() => {
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

function copyOfMade(): string {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-refusal-'));
  dirs.push(dir);
  cpSync(made, dir, { recursive: true });
  return dir;
}

const digest = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

/** The one line the refusal printed: `marquee: …`, with nothing after it. */
function refusalLine(stderr: string): string {
  const lines = stderr.trim().split('\n');
  const last = lines.at(-1)!;
  expect(last).toMatch(/^marquee: /);
  return last;
}

function keyFile(dataDir: string): string {
  const pems = readdirSync(join(dataDir, 'signing-keys')).filter((name) => name.endsWith('.pem'));
  expect(pems).toHaveLength(1);
  return join(dataDir, 'signing-keys', pems[0]!);
}

beforeAll(async () => {
  made = mkdtempSync(join(tmpdir(), 'marquee-refusal-made-'));
  dirs.push(made);
  const server = await spawnServer(made);
  try {
    ({ eventId, tierId } = await httpSaleEvent(server.url, 10_000));
    // Enough sales for a store of a few hundred pages, so its middle is ordinary table data.
    for (let i = 0; i < 150; i++) {
      const res = await api(server.url, '/v2/orders', 'POST', {
        event_id: eventId,
        items: [{ tier_id: tierId, quantity: 2 }],
        buyer: { name: `Buyer ${i}`, email: `buyer${i}@example.com` },
        payment_method: 'cash',
      });
      expect(res.status).toBe(200);
      if (i === 0) sold = ((await res.json()) as { tickets: { id: string; qr_token: string }[] }).tickets[0]!;
    }
  } finally {
    await server.stop();
  }
}, 90_000);

describe('a start on a damaged data folder', () => {
  it('a store with garbled middle pages: exit 2, one line naming marquee.db and what to do, file untouched', async () => {
    const dir = copyOfMade();
    const file = join(dir, 'marquee.db');
    garbleMiddlePages(file);
    const before = digest(file);
    const run = await startExpectingRefusal(dir);
    expect(run.code).toBe(2);
    const line = refusalLine(run.stderr);
    expect(line).toContain(`The store at ${file} is damaged (SQLite quick_check:`);
    expect(line).toContain('copy the newest backup into its place');
    expect(digest(file)).toBe(before);
  }, 30_000);

  it('a marquee.db that is not a SQLite file: exit 2, naming it', async () => {
    const dir = copyOfMade();
    const file = join(dir, 'marquee.db');
    writeFileSync(file, 'PK\u0003\u0004 a zip archive copied over the store by mistake '.repeat(100));
    const run = await startExpectingRefusal(dir);
    expect(run.code).toBe(2);
    expect(refusalLine(run.stderr)).toContain(`The store at ${file} is damaged (not a SQLite database`);
  }, 30_000);

  it('a truncated signing key: exit 2, one line naming the .pem file and what to do, file untouched', async () => {
    const dir = copyOfMade();
    const pem = keyFile(dir);
    const whole = readFileSync(pem);
    writeFileSync(pem, whole.subarray(0, Math.floor(whole.length / 2)));
    const before = digest(pem);
    const run = await startExpectingRefusal(dir);
    expect(run.code).toBe(2);
    const line = refusalLine(run.stderr);
    expect(line).toContain(`The ticket signing key ${pem} is damaged (not a private key in PEM form`);
    expect(line).toContain('Restore it from a backup of the data folder; without one, delete it');
    expect(digest(pem)).toBe(before);
  }, 30_000);

  it('a signing key file holding some other key: exit 2, it does not match the store', async () => {
    const dir = copyOfMade();
    const pem = keyFile(dir);
    const other = generateKeyPairSync('ed25519').privateKey.export({ format: 'pem', type: 'pkcs8' });
    writeFileSync(pem, other);
    const run = await startExpectingRefusal(dir);
    expect(run.code).toBe(2);
    expect(refusalLine(run.stderr)).toContain(
      `The ticket signing key ${pem} is damaged (it does not match the public key the store has for it)`,
    );
  }, 30_000);

  it('the signing key deleted, as the refusal suggests: starts with a new key, says so, old tickets still scan', async () => {
    const dir = copyOfMade();
    const pem = keyFile(dir);
    const oldKid = pem
      .split('/')
      .at(-1)!
      .replace(/\.pem$/, '');
    unlinkSync(pem);
    const server = await spawnServer(dir);
    try {
      expect(server.output()).toMatch(/active ticket signing key file was missing/);
      const newPem = keyFile(dir);
      expect(newPem).not.toBe(pem);
      // The ticket sold before still admits: the store kept the old key's public half.
      const scan = await api(server.url, '/v2/scan/validate', 'POST', {
        token: sold.qr_token,
        event_id: eventId,
      });
      expect(scan.status).toBe(200);
      expect(((await scan.json()) as { result: string }).result).toBe('admitted');
      // New tokens come from the new key.
      const ticket = (await (await api(server.url, `/v2/tickets/${sold.id}`)).json()) as { qr_token: string };
      const header = JSON.parse(Buffer.from(ticket.qr_token.split('.')[0]!, 'base64url').toString()) as {
        kid: string;
      };
      expect(header.kid).not.toBe(oldKid);
      expect(`${header.kid}.pem`).toBe(newPem.split('/').at(-1));
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('only marquee.db copied to a spare, no signing-keys/: exit 2, says what to copy; an empty folder is the way to new keys', async () => {
    const dir = copyOfMade();
    const keys = join(dir, 'signing-keys');
    rmSync(keys, { recursive: true });
    rmSync(join(dir, 'tls'), { recursive: true, force: true });
    const store = join(dir, 'marquee.db');
    const before = digest(store);
    const run = await startExpectingRefusal(dir);
    expect(run.code).toBe(2);
    const line = refusalLine(run.stderr);
    expect(line).toContain(
      `The store in ${dir} holds ticket signing keys, but their folder ${keys} is not there`,
    );
    expect(line).toContain(`create the empty folder ${keys}`);
    // No new key was made: copying the folder in afterwards still finds the store's own key.
    expect(existsSync(keys)).toBe(false);
    expect(digest(store)).toBe(before);

    mkdirSync(keys);
    const server = await spawnServer(dir);
    try {
      expect(server.output()).toMatch(/active ticket signing key file was missing/);
    } finally {
      await server.stop();
    }
  }, 30_000);

  it('a disk too full to open the store on: exit 2, one line saying so and what to do', async () => {
    const disk = mountSmallDisk(4 * 1024 * 1024);
    try {
      const first = await spawnServer(disk.dir);
      await first.stop();
      // Closed by a last connection (after a read, so it opens the WAL), the store has no -wal or
      // -shm beside it, whatever the server's own close left.
      const store = new Database(join(disk.dir, 'marquee.db'));
      store.prepare('SELECT COUNT(*) FROM schema_migrations').get();
      store.close();
      expect(existsSync(join(disk.dir, 'marquee.db-shm'))).toBe(false);
      // Nothing left, not even for the shared-memory index a start must create.
      disk.fill(0);
      const run = await startExpectingRefusal(disk.dir);
      expect(run.code).toBe(2);
      expect(refusalLine(run.stderr)).toBe(
        'marquee: The disk holding the data folder is full, so the venue server cannot start. Free some ' +
          'space on it (or point MARQUEE_DATA_DIR at a folder on another disk) and start again.',
      );
      // Once there is room, it starts on the same store.
      disk.free();
      const again = await spawnServer(disk.dir);
      await again.stop();
    } finally {
      disk.unmount();
    }
  }, 60_000);
});

describe('a data folder that cannot be a folder', () => {
  it('under /proc (no folder can be made there) is refused at once with exit 2, not a start that loops for ever', async () => {
    // Node's recursive mkdir retried /proc/… without end at full CPU, printing nothing.
    const run = await startExpectingRefusal('/proc/marquee-test/data', {}, 15_000);
    expect(run.code).toBe(2);
    expect(refusalLine(run.stderr)).toBe(
      'marquee: The venue server cannot write /proc/marquee-test: no folder can be made there. Make the data ' +
        'folder writable by the user that runs Marquee, or point MARQUEE_DATA_DIR at a folder it can write, and start again.',
    );
  });

  it('a file where the folder (or one of its parents) should be is refused with exit 2, naming the file', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'marquee-refusal-file-'));
    dirs.push(dir);
    const file = join(dir, 'notes.txt');
    writeFileSync(file, 'not a folder');
    for (const dataDir of [file, join(file, 'marquee')]) {
      const run = await startExpectingRefusal(dataDir);
      expect(run.code).toBe(2);
      expect(refusalLine(run.stderr)).toMatch(
        new RegExp(
          `^marquee: The venue server cannot write ${file.replace(/[.]/g, '\\.')}: a file, not a folder, is in the way\\. `,
        ),
      );
      expect(readFileSync(file, 'utf8')).toBe('not a folder');
    }
  });
});
