import { describe, expect, it } from 'vitest';
import { startBanner } from '../../../src/server/start-banner.js';

const secret = 'sk_live_0123456789abcdefghijABCDEFGHIJ';
const file = '/var/lib/marquee/admin-key.txt';
const url = 'http://127.0.0.1:4100';

describe('startBanner', () => {
  it('shows a new first admin key once to whoever reads the output (a person, a pipe)', () => {
    const lines = startBanner({
      url,
      publicUrl: null,
      firstKey: { secret, generated: true, file },
      savedKeyFile: null,
      outputKept: false,
    });
    expect(lines.join('\n').split(secret)).toHaveLength(2);
    expect(lines).toEqual([
      `First admin key (shown once; also saved to ${file}):\n  ${secret}`,
      `listening on ${url}`,
      `box office: open ${url} in a browser and sign in with the admin key above`,
    ]);
  });

  it('names the key file instead when the output is kept (a file or the journal)', () => {
    const lines = startBanner({
      url,
      publicUrl: 'http://0.0.0.0:8080',
      firstKey: { secret, generated: true, file },
      savedKeyFile: null,
      outputKept: true,
    });
    expect(lines.join('\n')).not.toContain(secret);
    expect(lines[0]).toContain(`saved to ${file}`);
    expect(lines.slice(1)).toEqual([
      `listening on ${url}`,
      `box office: open ${url} in a browser and sign in with the admin key in ${file}`,
      'attendee pages (public listener) on http://0.0.0.0:8080',
    ]);
  });

  it('prints a key it could not save wherever the output goes: it would be lost otherwise', () => {
    const lines = startBanner({
      url,
      publicUrl: null,
      firstKey: { secret, generated: true, file: null },
      savedKeyFile: null,
      outputKept: true,
    });
    expect(lines[0]).toBe(`First admin key (shown once):\n  ${secret}`);
  });

  it("on a later start, or with the operator's own key, names where a key is and never prints one", () => {
    const later = startBanner({
      url,
      publicUrl: null,
      firstKey: null,
      savedKeyFile: file,
      outputKept: false,
    });
    expect(later).toEqual([
      `listening on ${url}`,
      `box office: open ${url} in a browser and sign in with the admin key in ${file}`,
    ]);
    const chosen = startBanner({
      url,
      publicUrl: null,
      firstKey: { secret, generated: false, file: null },
      savedKeyFile: null,
      outputKept: false,
    });
    expect(chosen.join('\n')).not.toContain(secret);
    expect(chosen[1]).toBe(`box office: open ${url} in a browser and sign in with an admin key`);
  });
});
