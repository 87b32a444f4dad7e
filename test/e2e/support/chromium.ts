import { existsSync } from 'node:fs';

/** Where the e2e tests look for a browser, in order; Playwright never downloads one here. */
export const debianChromium = '/usr/bin/chromium';

export const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export class NoChromiumError extends Error {
  constructor(tried: readonly string[]) {
    super(
      `No Chromium for the e2e tests (tried: ${tried.join(', ')}). Install Debian's with ` +
        '`apt-get install chromium`, or point MARQUEE_CHROMIUM at a Chromium binary.',
    );
    this.name = 'NoChromiumError';
  }
}

/**
 * MARQUEE_CHROMIUM, then Debian's /usr/bin/chromium, then a browser Playwright installed itself.
 * With none, fail loudly: an e2e run that silently skips is a run that proves nothing.
 */
export function resolveChromium(
  env: NodeJS.ProcessEnv,
  playwrightOwn: () => string | undefined,
  exists: (path: string) => boolean = existsSync,
): string {
  const tried: string[] = [];
  const fromEnv = env.MARQUEE_CHROMIUM?.trim();
  if (fromEnv) {
    if (exists(fromEnv)) return fromEnv;
    tried.push(`MARQUEE_CHROMIUM=${fromEnv}`);
  }
  if (exists(debianChromium)) return debianChromium;
  tried.push(debianChromium);
  let own: string | undefined;
  try {
    own = playwrightOwn();
  } catch {
    own = undefined;
  }
  if (own && exists(own)) return own;
  tried.push(own ? `Playwright's ${own}` : "Playwright's own (none installed)");
  throw new NoChromiumError(tried);
}
