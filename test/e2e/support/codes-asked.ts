import type { Page } from '@playwright/test';

/**
 * Every code a door page asks the server to decide (POST /v2/scan/validate), in the order the
 * page sent them, from now on. A check that a code was never asked about reads it only after the
 * page showed the answer to one asked later: the page's requests are reported in the order it
 * sent them, so any earlier one is listed by then, however slowly its own answer would come.
 */
export function codesAskedAbout(page: Page): string[] {
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.method() === 'POST' && request.url().endsWith('/v2/scan/validate'))
      asked.push((request.postDataJSON() as { token: string }).token);
  });
  return asked;
}
