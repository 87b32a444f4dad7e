import { describe, expect, it } from 'vitest';
import { isLoopbackHost } from '../../../src/shared/loopback.js';

describe('isLoopbackHost: only this machine, in any spelling', () => {
  it.each([
    'localhost',
    'LOCALHOST',
    '127.0.0.1',
    '127.255.0.9',
    '::1',
    '[::1]',
    '0:0:0:0:0:0:0:1',
    '0000:0000:0000:0000:0000:0000:0000:0001',
    '::ffff:127.0.0.1',
    '[::ffff:127.1.2.3]',
    '::FFFF:7F00:1',
  ])('%s is loopback', (host) => {
    expect(isLoopbackHost(host)).toBe(true);
  });

  it.each([
    '0.0.0.0',
    '::',
    '::2',
    '192.168.1.20',
    '::ffff:192.168.1.20',
    '::ffff:128.0.0.1',
    '127.evil.example',
    '127.0.0.1.nip.io',
    'venue.local',
    'fe80::1',
    '[::1',
    'not:an:address',
  ])('%s is not', (host) => {
    expect(isLoopbackHost(host)).toBe(false);
  });
});
