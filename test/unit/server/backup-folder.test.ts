import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { backupFolderProblem } from '../../../src/server/domain/backups.js';

const roots: string[] = [];
afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('backupFolderProblem', () => {
  it('makes the missing folders of a new backup folder, private', () => {
    const root = mkdtempSync(join(tmpdir(), 'marquee-backup-folder-'));
    roots.push(root);
    const folder = join(root, 'usb', 'marquee', 'nightly');
    expect(backupFolderProblem(join(root, 'data'), folder)).toBeNull();
    expect(statSync(folder).isDirectory()).toBe(true);
    expect(statSync(folder).mode & 0o777).toBe(0o700);
  });

  it('says in words when part of the path is a file, not a system code', () => {
    const root = mkdtempSync(join(tmpdir(), 'marquee-backup-folder-'));
    roots.push(root);
    writeFileSync(join(root, 'stick'), 'not a folder');
    const folder = join(root, 'stick', 'backups');
    expect(backupFolderProblem(join(root, 'data'), folder)).toBe(
      `Backups cannot be saved in ${folder} (part of that path is a file, not a folder). Choose a folder the venue server can write to.`,
    );
  });

  // Node's recursive mkdir spins for ever on such a path; run in a child, so a hang fails this
  // test by its timeout instead of freezing the test run.
  it.runIf(process.platform === 'linux')(
    'refuses a folder under /proc in words instead of never answering',
    () => {
      const module = new URL('../../../src/server/domain/backups.ts', import.meta.url).href;
      const script = `const { backupFolderProblem } = await import(${JSON.stringify(module)});
        process.stdout.write(String(backupFolderProblem('/tmp/marquee-data', '/proc/marquee-backups')));`;
      const child = spawnSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
        encoding: 'utf8',
        timeout: 15_000,
      });
      expect(child.signal).toBeNull();
      expect(child.stdout).toBe(
        'Backups cannot be saved in /proc/marquee-backups (no folder can be made in that place). Choose a folder the venue server can write to.',
      );
    },
    20_000,
  );
});
