import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import {
  forgetTerminalConfig,
  parseTerminalConfig,
  readTerminalConfig,
  terminalConfigFile,
  writeTerminalConfig,
  type TerminalConfig,
} from '../../../src/main/terminal-config.js';

const config: TerminalConfig = {
  version: 1,
  baseUrl: 'https://192.168.1.20:4380',
  fingerprint: 'ab'.repeat(32),
  apiKey: 'sk_live_tilltilltilltilltill',
  apiKeyId: 'key_1',
  deviceId: 'dev_1',
  venue: 'The Roxy',
  pairedAt: '2026-11-22T12:00:00.000Z',
};

const dirs: string[] = [];
const tempDir = (): string => {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-terminal-'));
  dirs.push(dir);
  return dir;
};
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

describe('terminal config on disk', () => {
  it('round-trips, readable by this user only', () => {
    const dir = tempDir();
    writeTerminalConfig(dir, config);
    expect(readTerminalConfig(dir)).toEqual(config);
    if (process.platform !== 'win32')
      expect(statSync(join(dir, terminalConfigFile)).mode & 0o777).toBe(0o600);
    forgetTerminalConfig(dir);
    expect(readTerminalConfig(dir)).toBeNull();
  });

  it('is absent, not an error, when missing or unreadable', () => {
    const dir = tempDir();
    expect(readTerminalConfig(dir)).toBeNull();
    writeFileSync(join(dir, terminalConfigFile), '{ not json');
    expect(readTerminalConfig(dir)).toBeNull();
  });

  it('normalizes the fingerprint and the URL to the forms it compares', () => {
    const colon = 'AB:'.repeat(31) + 'AB';
    expect(
      parseTerminalConfig({ ...config, fingerprint: colon, baseUrl: 'https://192.168.1.20:4380/v2' }),
    ).toEqual(config);
  });
});

describe('parseTerminalConfig refuses what would leak the key', () => {
  it.each([
    ['https without a fingerprint', { fingerprint: null }],
    ['a fingerprint that is not SHA-256', { fingerprint: 'abcd' }],
    ['plain http to another machine', { baseUrl: 'http://192.168.1.20:4380', fingerprint: null }],
    ['no key', { apiKey: '' }],
    ['another version', { version: 2 }],
    ['not a URL', { baseUrl: 'nowhere' }],
  ])('%s', (_why, change) => {
    expect(parseTerminalConfig({ ...config, ...change })).toBeNull();
  });

  it('accepts plain http on this machine (a host on loopback)', () => {
    const local = { ...config, baseUrl: 'http://127.0.0.1:4380', fingerprint: null };
    expect(parseTerminalConfig(local)).toEqual(local);
  });

  it('leaves no temp file behind', () => {
    const dir = tempDir();
    writeTerminalConfig(dir, config);
    writeTerminalConfig(dir, { ...config, venue: 'Renamed' });
    expect(readdirSync(dir)).toEqual([terminalConfigFile]);
    expect(JSON.parse(readFileSync(join(dir, terminalConfigFile), 'utf8'))).toMatchObject({
      venue: 'Renamed',
    });
  });
});
