import js from '@eslint/js';
import { defineConfig, globalIgnores } from 'eslint/config';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';

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
);
