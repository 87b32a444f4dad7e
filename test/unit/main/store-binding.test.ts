import { spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';
import { addonAbi, elfShortfall } from '../../../src/main/addon-file.js';
import {
  checkStoreBinding,
  locateStoreBinding,
  prebuildTarget,
  unpackedPath,
} from '../../../src/main/store-binding.js';
import { startServer, type RunningServer } from '../../../src/server/start.js';
import { startBackgroundCheckpoints } from '../../../src/server/store/background-checkpoints.js';
import { openStore, schemaVersion } from '../../../src/server/store/db.js';
import { migrations } from '../../../src/server/store/migrations/index.js';
import { adminSecret, tempDataDir, testOptions } from '../../support/test-app.js';
import { waitUntil } from '../../support/eventually.js';

const repoRoot = fileURLToPath(new URL('../../..', import.meta.url));
const moduleDir = dirname(createRequire(import.meta.url).resolve('better-sqlite3/package.json'));
const prebuilds = join(moduleDir, 'prebuilds');
const realBinding = join(prebuilds, `${prebuildTarget()}.node`);

const dirs: string[] = [];
let server: RunningServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

function scratch(): string {
  const dir = tempDataDir('marquee-binding-');
  dirs.push(dir);
  return dir;
}

/** A copy of the real binding cut to `fraction` of its length, as an interrupted copy leaves it. */
function truncatedCopy(fraction: number): string {
  const bytes = readFileSync(realBinding);
  const file = join(scratch(), `${prebuildTarget()}.node`);
  writeFileSync(file, bytes.subarray(0, Math.floor(bytes.length * fraction)));
  return file;
}

function fileWith(bytes: Buffer | string): string {
  const file = join(scratch(), 'better_sqlite3.node');
  writeFileSync(file, bytes);
  return file;
}

const dev = { packaged: false };
const oneLine = (line: string): void => expect(line).not.toMatch(/[\r\n]/);

describe('the store binding the desktop loads', () => {
  it('is the prebuild for this platform inside node_modules, and it is Node-API', () => {
    expect(locateStoreBinding()).toBe(realBinding);
    expect(addonAbi(readFileSync(realBinding))).toEqual({ kind: 'node-api' });
    expect(elfShortfall(readFileSync(realBinding))).toBeNull();
  });

  it('is Node-API for every platform better-sqlite3 ships a prebuild for, so Electron needs no rebuild', () => {
    const files = readdirSync(prebuilds).filter((name) => name.endsWith('.node'));
    expect(files).toEqual(
      expect.arrayContaining(['linux-x64.node', 'win32-x64.node', 'darwin-arm64.node', 'darwin-x64.node']),
    );
    for (const name of files) {
      const bytes = readFileSync(join(prebuilds, name));
      expect(addonAbi(bytes), name).toEqual({ kind: 'node-api' });
      expect(bytes.toString('latin1'), name).not.toMatch(/node_register_module_v\d/);
      expect(elfShortfall(bytes), name).toBeNull();
    }
  });

  it('opens, migrates, writes and reads a real store through the checked binding', () => {
    const binding = checkStoreBinding(locateStoreBinding(), dev);
    expect(binding).toEqual({ ok: true, file: realBinding });
    if (!binding.ok) return;
    const file = join(scratch(), 'marquee.db');
    const db = openStore(file, { nativeBinding: binding.file });
    expect(schemaVersion(db)).toBe(migrations.at(-1)!.version);
    db.exec('CREATE TABLE desk_check (note TEXT)');
    db.prepare('INSERT INTO desk_check (note) VALUES (?)').run('opened by the desktop path');
    db.close();
    const again = openStore(file, { nativeBinding: binding.file });
    expect(again.prepare('SELECT note FROM desk_check').pluck().get()).toBe('opened by the desktop path');
    again.close();
  });

  it('is what the server opens its store with when the desktop passes it (ServerOptions.storeBinding)', async () => {
    const binding = checkStoreBinding(locateStoreBinding(), dev);
    if (!binding.ok) throw new Error(binding.line);
    server = await startServer(testOptions(scratch(), { storeBinding: binding.file }), undefined);
    const headers = { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' };
    const created = await fetch(`${server.url}/v2/events`, {
      method: 'POST',
      headers,
      body: JSON.stringify({ title: 'Binding night', venue: 'Hall', doors_at: '2026-12-24T19:00:00Z' }),
    });
    expect(created.status).toBe(200);
    const { id } = (await created.json()) as { id: string };
    const read = await fetch(`${server.url}/v2/events/${id}`, { headers });
    expect(((await read.json()) as { title: string }).title).toBe('Binding night');
  });

  it("is the one the WAL checkpoint worker loads too: a bad one there is the worker's error", async () => {
    const db = openStore(join(scratch(), 'marquee.db'), { nativeBinding: realBinding });
    const errors: unknown[] = [];
    const checkpoints = startBackgroundCheckpoints(db, (error) => errors.push(error), {
      intervalMs: 20,
      nativeBinding: fileWith(Buffer.alloc(4096, 0x5a)),
    });
    await waitUntil(() => errors.length > 0, 10_000, 'the checkpoint thread failing');
    await checkpoints.stop();
    db.close();
    expect(String(errors[0])).toMatch(/invalid ELF header/);
  });

  it('is really the file the server loads: one that cannot load fails the start (an error, not a crash)', async () => {
    const options = testOptions(scratch(), { storeBinding: fileWith('not a library') });
    await expect(startServer(options, undefined)).rejects.toThrow(/invalid ELF header|too short/);
  });
});

describe('a binding that cannot load gives one line saying what to run', () => {
  it('garbage bytes: not a Node addon, reinstall', () => {
    const check = checkStoreBinding(fileWith(Buffer.alloc(4096, 0x5a)), dev);
    expect(check.ok).toBe(false);
    if (check.ok) return;
    expect(check.line).toMatch(
      /^Marquee cannot open its store: its SQLite binding \S+ is not a Node addon; /,
    );
    expect(check.line).toMatch(/run `npm ci` to reinstall it\.$/);
    oneLine(check.line);
  });

  it('a truncated copy: named as cut short instead of crashing the process', () => {
    for (const fraction of [0.5, 0.9, 0.999]) {
      const file = truncatedCopy(fraction);
      const check = checkStoreBinding(file, dev);
      expect(check, String(fraction)).toEqual({
        ok: false,
        line: expect.stringMatching(/ is cut short \(\d+ bytes of \d+\); run `npm ci` to reinstall it\.$/),
      });
    }
  });

  it('a V8-ABI build for another runtime: the @electron/rebuild command', () => {
    const otherAbi = Number(process.versions.modules) === 127 ? 137 : 127;
    const check = checkStoreBinding(fileWith(`\x7fjunk node_register_module_v${otherAbi} junk`), dev);
    expect(check).toEqual({
      ok: false,
      line: expect.stringContaining(
        `is built for V8 ABI ${otherAbi}, not Node-API, and this runtime is ABI ${process.versions.modules}; ` +
          'run `npx @electron/rebuild -f -w better-sqlite3` to build one for this Electron.',
      ),
    });
  });

  it('a V8-ABI build for this very runtime is loaded like any other (and fails only if it cannot load)', () => {
    const check = checkStoreBinding(
      fileWith(`junk node_register_module_v${process.versions.modules} junk`),
      dev,
    );
    expect(check).toEqual({
      ok: false,
      line: expect.stringMatching(/ does not load \((file too short|invalid ELF header)\); /),
    });
  });

  it("another OS's or CPU's Node-API prebuild in this platform's place: tried in a try, then reinstall", () => {
    const otherArch = process.arch === 'x64' ? 'arm64' : 'x64';
    for (const stranger of ['darwin-x64.node', 'win32-x64.node', `linux-${otherArch}.node`]) {
      const file = join(scratch(), `${prebuildTarget()}.node`);
      copyFileSync(join(prebuilds, stranger), file);
      const check = checkStoreBinding(file, dev);
      expect(check, stranger).toEqual({
        ok: false,
        line: expect.stringMatching(/ does not load \(.+\); run `npm ci` to reinstall it\.$/),
      });
      if (!check.ok) oneLine(check.line);
    }
  });

  it('no prebuild for this platform: build one; no prebuilds at all: reinstall', () => {
    const modulePath = scratch();
    mkdirSync(join(modulePath, 'prebuilds'));
    writeFileSync(join(modulePath, 'prebuilds', 'sunos-sparc.node'), 'elsewhere');
    const lonely = checkStoreBinding(locateStoreBinding(modulePath, 'linux-riscv64'), dev);
    expect(lonely).toEqual({
      ok: false,
      line: expect.stringContaining(
        'linux-riscv64.node does not exist: no prebuild for this platform; run `npx @electron/rebuild',
      ),
    });
    const empty = checkStoreBinding(locateStoreBinding(scratch(), 'linux-x64'), dev);
    expect(empty).toEqual({
      ok: false,
      line: expect.stringMatching(/linux-x64\.node does not exist; run `npm ci` to reinstall it\.$/),
    });
    expect(checkStoreBinding(null, dev)).toEqual({
      ok: false,
      line: 'Marquee cannot open its store: better-sqlite3 is not installed; run `npm ci` to reinstall it.',
    });
  });

  it('in an installed app the fix is the installer, whatever broke', () => {
    const check = checkStoreBinding(truncatedCopy(0.5), { packaged: true });
    expect(check).toEqual({
      ok: false,
      line: expect.stringMatching(/ is cut short .*; reinstall Marquee from its installer\.$/),
    });
  });
});

describe('the desktop start-up as a real process, fed a binding that cannot load', () => {
  const start = (args: string[]) =>
    spawnSync(process.execPath, ['--import', 'tsx', 'test/support/desktop-store-start.ts', ...args], {
      cwd: repoRoot,
      encoding: 'utf8',
      timeout: 30_000,
    });

  it('opens the store with the real binding', () => {
    const run = start([scratch()]);
    expect(run.stderr).toBe('');
    expect(run.stdout.trim()).toBe(`store schema ${migrations.at(-1)!.version}`);
    expect(run.status).toBe(0);
  });

  it('exits 1 with exactly the one line on stderr, for each kind of bad binding', () => {
    const bad = [
      truncatedCopy(0.5),
      fileWith(Buffer.alloc(4096, 0x5a)),
      fileWith('junk node_register_module_v1 junk'),
    ];
    for (const file of bad) {
      const run = start([scratch(), file]);
      expect(run.signal, file).toBeNull();
      expect(run.status, run.stderr).toBe(1);
      const expected = checkStoreBinding(file, dev);
      expect(expected.ok).toBe(false);
      if (!expected.ok) expect(run.stderr).toBe(`${expected.line}\n`);
    }
  });

  it('(why the check reads the file first) the same truncated copy, loaded unchecked, kills the process', () => {
    const file = truncatedCopy(0.5);
    const run = spawnSync(process.execPath, ['-e', `try { require(${JSON.stringify(file)}) } catch {}`], {
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(run.signal).toBe('SIGBUS');
  });
});

describe('where a packaged app keeps its binding', () => {
  it('maps a path inside app.asar to app.asar.unpacked, and leaves others alone', () => {
    expect(unpackedPath('/opt/Marquee/resources/app.asar/node_modules/better-sqlite3')).toBe(
      '/opt/Marquee/resources/app.asar.unpacked/node_modules/better-sqlite3',
    );
    expect(unpackedPath('C:\\Marquee\\resources\\app.asar\\node_modules\\better-sqlite3')).toBe(
      'C:\\Marquee\\resources\\app.asar.unpacked\\node_modules\\better-sqlite3',
    );
    expect(unpackedPath('/work/node_modules/better-sqlite3')).toBe('/work/node_modules/better-sqlite3');
    expect(unpackedPath('/x/app.asar.unpacked/y')).toBe('/x/app.asar.unpacked/y');
  });

  it('prefers a binding someone compiled (build/Release, as @electron/rebuild writes) over the prebuild', () => {
    const modulePath = scratch();
    mkdirSync(join(modulePath, 'build', 'Release'), { recursive: true });
    mkdirSync(join(modulePath, 'prebuilds'));
    writeFileSync(join(modulePath, 'prebuilds', 'linux-x64.node'), '');
    expect(locateStoreBinding(modulePath, 'linux-x64')).toBe(join(modulePath, 'prebuilds', 'linux-x64.node'));
    writeFileSync(join(modulePath, 'build', 'Release', 'better_sqlite3.node'), '');
    expect(locateStoreBinding(modulePath, 'linux-x64')).toBe(
      join(modulePath, 'build', 'Release', 'better_sqlite3.node'),
    );
  });
});
