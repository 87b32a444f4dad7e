import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { electronBinaryPath, whyNoElectron } from '../../../scripts/electron-runtime.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

/** A project folder with an `electron` package as npm would leave it, optionally with its binary. */
function project(electron: { pathTxt?: string; binary?: boolean } | null): string {
  const root = mkdtempSync(join(tmpdir(), 'marquee-start-'));
  dirs.push(root);
  writeFileSync(join(root, 'package.json'), '{"name":"fixture","private":true}');
  if (electron) {
    const pkg = join(root, 'node_modules', 'electron');
    mkdirSync(join(pkg, 'dist'), { recursive: true });
    writeFileSync(join(pkg, 'package.json'), '{"name":"electron","version":"45.4.1","main":"index.js"}');
    if (electron.pathTxt !== undefined) writeFileSync(join(pkg, 'path.txt'), electron.pathTxt);
    if (electron.binary) writeFileSync(join(pkg, 'dist', 'electron'), '');
  }
  return root;
}

describe('electronBinaryPath', () => {
  it('is null when the electron package is not installed', () => {
    expect(electronBinaryPath(project(null), {})).toBeNull();
  });

  it('is null when the binary download was skipped', () => {
    expect(electronBinaryPath(project({}), {})).toBeNull();
  });

  it('is null when path.txt names a binary that is not there', () => {
    expect(electronBinaryPath(project({ pathTxt: 'electron' }), {})).toBeNull();
  });

  it('is the binary when Electron is fully installed', () => {
    const root = project({ pathTxt: 'electron', binary: true });
    expect(electronBinaryPath(root, {})).toBe(join(root, 'node_modules', 'electron', 'dist', 'electron'));
  });

  it('honours ELECTRON_EXEC_PATH as electron-vite does, if it exists', () => {
    const root = project(null);
    const binary = join(root, 'my-electron');
    writeFileSync(binary, '');
    expect(electronBinaryPath(root, { ELECTRON_EXEC_PATH: binary })).toBe(binary);
    expect(electronBinaryPath(root, { ELECTRON_EXEC_PATH: join(root, 'missing') })).toBeNull();
  });
});

describe('whyNoElectron: the one line npm start says before it falls back', () => {
  it('names npm skipping the package on an old Node (what a plain npm install on Node 20 does)', () => {
    expect(whyNoElectron(project(null), {})).toBe(
      'the electron package is not installed (npm skips it when installing on Node older than 22.12; install with Node 22 or 24 for the desktop app)',
    );
  });

  it('names ELECTRON_SKIP_BINARY_DOWNLOAD only when the package is there without its binary', () => {
    expect(whyNoElectron(project({}), { ELECTRON_SKIP_BINARY_DOWNLOAD: '1' })).toBe(
      'its binary was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD is set)',
    );
    expect(whyNoElectron(project({}), {})).toMatch(/^its binary was not downloaded/);
  });
});
