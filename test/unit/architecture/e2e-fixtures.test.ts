import { ESLint } from 'eslint';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

const restrictedImports = (results: ESLint.LintResult[]) =>
  results.flatMap((result) =>
    result.messages
      .filter((message) => message.ruleId === 'no-restricted-imports')
      .map((message) => `${result.filePath.slice(root.length)}: ${message.message}`),
  );

describe('the e2e specs run under the shared page-error fixture (test/e2e/fixtures.ts)', () => {
  it('refuses a spec that takes test from @playwright/test', async () => {
    const results = await eslint.lintText(
      "import { expect, test } from '@playwright/test';\ntest('x', () => expect(1).toBe(1));\n",
      {
        filePath: join(root, 'test/e2e/unwatched.e2e.ts'),
      },
    );
    expect(restrictedImports(results)).toEqual([expect.stringContaining("from './fixtures.js'")]);
  });

  it('finds every spec taking it from ./fixtures.js', async () => {
    const results = await eslint.lintFiles(['test/e2e/**/*.e2e.ts']);
    expect(results.length).toBeGreaterThan(10);
    expect(restrictedImports(results)).toEqual([]);
  });
});
