import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const repoRoot = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The Electron version electron-builder packages for: the one the lock file pins. Passed explicitly
 * because npm leaves the optional `electron` package out where its engines do not match.
 */
export function lockedElectronVersion(): string {
  const lock = JSON.parse(readFileSync(join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, { version?: string }>;
  };
  const version = lock.packages['node_modules/electron']?.version;
  if (!version) throw new Error('package-lock.json pins no electron version');
  return version;
}

export interface PackagingProject {
  /** Holds the project and the stand-in Electron; remove it when done. */
  root: string;
  dir: string;
  /** An unpacked Electron distribution to package instead of downloading one. */
  electronDist: string;
}

/**
 * A copy of what electron-builder reads from this repository — package.json, its lock file,
 * electron-builder.yml, resources/ and node_modules (linked) — with a stand-in for electron-vite's
 * out/ (what goes in it does not matter to where native modules land), in a temp dir. Beside it, a
 * stand-in Electron distribution: the real binary cannot be downloaded here, and for the `dir`
 * target electron-builder only copies and renames it.
 */
export function makePackagingProject(): PackagingProject {
  const root = mkdtempSync(join(tmpdir(), 'marquee-packaging-'));
  const dir = join(root, 'project');
  mkdirSync(dir);
  for (const file of ['package.json', 'package-lock.json', 'electron-builder.yml']) {
    copyFileSync(join(repoRoot, file), join(dir, file));
  }
  symlinkSync(join(repoRoot, 'resources'), join(dir, 'resources'), 'dir');
  symlinkSync(join(repoRoot, 'node_modules'), join(dir, 'node_modules'), 'dir');
  const standIn =
    '// Stand-in for electron-vite output: the packaging test looks only at where files land.\n';
  for (const file of ['out/main/index.js', 'out/preload/index.cjs', 'out/renderer/index.html']) {
    mkdirSync(join(dir, file, '..'), { recursive: true });
    writeFileSync(join(dir, file), standIn);
  }
  const electronDist = join(root, 'electron-dist');
  mkdirSync(join(electronDist, 'resources'), { recursive: true });
  writeFileSync(join(electronDist, 'electron'), '#!/bin/sh\necho "stand-in for the Electron binary"\n', {
    mode: 0o755,
  });
  return { root, dir, electronDist };
}
