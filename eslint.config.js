import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

/**
 * The import graph runs one way (docs/architecture.md): routes -> http -> domain -> store, with
 * webhooks and mail as adapters that implement ports the domain owns, and the composition root
 * (app.ts, context.ts, start.ts) the only place that knows everything. Each entry names a layer and
 * what it must never import; `npm run lint` fails on a wrong-way import, and madge (lint:cycles)
 * on any cycle.
 */
const serverRoot = ['context', 'app', 'start', 'desktop-facade'];
const layerRules = [
  {
    layer: 'src/shared',
    never: ['server', 'main', 'renderer', 'scanner', 'preload', 'wallet'],
    why: 'shared code runs everywhere, so it depends on nothing of ours',
  },
  {
    layer: 'src/first-run',
    never: ['server', 'main', 'renderer', 'scanner', 'preload', 'wallet'],
    why: 'the first-run page runs in a browser and talks to the main process over HTTP',
  },
  {
    layer: 'src/scanner',
    never: ['server', 'main', 'renderer', 'preload'],
    why: 'the door SDK ships alone; it knows only src/shared',
  },
  {
    layer: 'src/preload',
    never: ['server', 'main', 'renderer', 'scanner'],
    why: 'the preload bridge knows only src/shared',
  },
  {
    layer: 'src/renderer',
    never: ['server', 'main', 'preload'],
    why: 'the renderer talks to the server over HTTP, never by import',
  },
  {
    layer: 'src/server/store',
    never: [
      'domain',
      'tokens',
      'schemas',
      'http',
      'routes',
      'pages',
      'webhooks',
      'mail',
      'logging',
      ...serverRoot,
    ],
    why: 'the store is the bottom layer',
  },
  {
    layer: 'src/server/schemas',
    never: ['domain', 'tokens', 'http', 'routes', 'pages', 'webhooks', 'mail', ...serverRoot],
    why: 'schemas describe the wire, nothing else',
  },
  {
    layer: 'src/server/tokens',
    never: ['domain', 'http', 'routes', 'pages', 'webhooks', 'mail', ...serverRoot],
    why: 'signing sits below the domain',
  },
  {
    layer: 'src/server/domain',
    never: ['http', 'routes', 'pages', 'webhooks', 'mail', 'logging', ...serverRoot],
    why: 'the domain owns ports (mail-port.ts, webhook-port.ts); adapters implement them',
  },
  {
    layer: 'src/server/webhooks',
    never: ['http', 'routes', 'pages', 'mail', ...serverRoot],
    why: 'an adapter behind the domain',
  },
  {
    layer: 'src/server/mail',
    never: ['http', 'routes', 'pages', 'webhooks', ...serverRoot],
    why: 'an adapter behind the domain',
  },
  {
    layer: 'src/server/http',
    never: ['routes', 'pages', 'webhooks', 'mail', ...serverRoot],
    why: 'request plumbing the routes use',
  },
  {
    layer: 'src/server/routes',
    never: ['store', 'webhooks', 'mail', 'pages', ...serverRoot],
    why: 'routes reach services through app.ctx',
  },
  {
    layer: 'src/server/pages',
    never: ['routes', 'webhooks', 'mail', ...serverRoot],
    why: 'attendee pages read through the domain',
  },
];

/**
 * A relative import specifier that reaches `target`: a folder, or a root module of src/server.
 * @param {string} target
 */
function reaching(target) {
  const name = serverRoot.includes(target) ? `${target}\\.js$` : `${target}/`;
  return `^(\\.\\./)+${name}`;
}

/** @type {import('eslint').Linter.Config} */
const mainRule = {
  files: ['src/main/**/*.{ts,tsx}'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            regex: '^(\\.\\./)+server/(?!(start|config|desktop-facade)\\.js$|logging/)',
            message:
              'src/main reaches the server it hosts only through start.ts, config.ts, logging/ and desktop-facade.ts (docs/architecture.md).',
          },
          {
            regex: '^(\\.\\./)+renderer/',
            message: 'src/main must not import the renderer (docs/architecture.md).',
          },
        ],
      },
    ],
  },
};

/** @type {import('eslint').Linter.Config[]} */
const layerConfigs = layerRules.map(({ layer, never, why }) => ({
  files: [`${layer}/**/*.{ts,tsx,mjs,js}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: never.map((target) => ({
          regex: reaching(target),
          message: `${layer} must not import ${target}: ${why} (docs/architecture.md).`,
        })),
      },
    ],
  },
}));

/**
 * The e2e specs take `test` from fixtures.ts, whose automatic page-error watch fails a test on an
 * uncaught error in any page; a spec that took Playwright's own `test` ran unwatched.
 * @type {import('eslint').Linter.Config}
 */
const e2eFixtureRule = {
  files: ['test/e2e/**/*.e2e.ts'],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        paths: [
          {
            name: '@playwright/test',
            importNames: ['test'],
            message:
              "Take test (and expect) from './fixtures.js': its page-error watch covers every spec (test/e2e/fixtures.ts).",
          },
        ],
      },
    ],
  },
};

// Syntax-level rules only (no type-aware linting) so `npm run lint` stays quick; tsc does the typing.
export default defineConfig(
  globalIgnores(['out/', 'dist/', 'coverage/', 'test-results/', 'playwright-report/', 'docs/']),
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // TypeScript (with checkJs for the .mjs scripts) already reports undefined names, with types.
      'no-undef': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['src/renderer/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended],
  },
  ...layerConfigs,
  mainRule,
  e2eFixtureRule,
);
