import { describe, expect, it } from 'vitest';
import { NoChromiumError, debianChromium, resolveChromium } from '../e2e/support/chromium.js';

const existing =
  (...paths: string[]) =>
  (path: string) =>
    paths.includes(path);

describe('resolveChromium (the e2e browser)', () => {
  it('prefers MARQUEE_CHROMIUM, then Debian’s, then Playwright’s own', () => {
    const own = () => '/pw/chrome';
    expect(
      resolveChromium({ MARQUEE_CHROMIUM: '/opt/c' }, own, existing('/opt/c', debianChromium, '/pw/chrome')),
    ).toBe('/opt/c');
    expect(resolveChromium({}, own, existing(debianChromium, '/pw/chrome'))).toBe(debianChromium);
    expect(resolveChromium({ MARQUEE_CHROMIUM: '/gone' }, own, existing('/pw/chrome'))).toBe('/pw/chrome');
  });

  it('fails loudly, naming apt-get install chromium, when there is none', () => {
    const none = () => resolveChromium({ MARQUEE_CHROMIUM: '/gone' }, () => '/pw/missing', existing());
    expect(none).toThrow(NoChromiumError);
    expect(none).toThrow(/apt-get install chromium/);
    expect(none).toThrow(/\/gone/);
    // Playwright's lookup may throw where it has no browser registry at all.
    expect(() =>
      resolveChromium(
        {},
        () => {
          throw new Error('no registry');
        },
        existing(),
      ),
    ).toThrow(NoChromiumError);
  });
});
