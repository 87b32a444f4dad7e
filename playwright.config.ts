import { defineConfig } from '@playwright/test';
import { chromium } from 'playwright-core';
import { chromiumArgs, resolveChromium } from './test/e2e/support/chromium.js';

/**
 * E2E: headless Chromium (Debian's, never a download) against the headless venue server serving
 * the built renderer; a fresh server and data dir per test (test/e2e/fixtures.ts).
 */
export default defineConfig({
  testDir: 'test/e2e',
  testMatch: '**/*.e2e.ts',
  globalSetup: './test/e2e/global-setup.ts',
  // Searches every server's log of the run for secrets (support/venue-server.ts writes them).
  globalTeardown: './test/e2e/global-teardown.ts',
  outputDir: 'test-results/e2e',
  // Each test starts its own server process; two at a time suits a 2-core machine.
  workers: 2,
  fullyParallel: true,
  retries: 0,
  timeout: 90_000,
  expect: { timeout: 10_000 },
  forbidOnly: !!process.env.CI,
  reporter: [['list']],
  use: {
    browserName: 'chromium',
    headless: true,
    viewport: { width: 1280, height: 800 },
    launchOptions: {
      executablePath: resolveChromium(process.env, () => chromium.executablePath()),
      args: chromiumArgs,
    },
    actionTimeout: 10_000,
    screenshot: 'only-on-failure',
    trace: 'off',
  },
});
