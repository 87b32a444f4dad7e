import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../test-server.mjs';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const repoRoot = join(packageDir, '..', '..');

/** The README's first TypeScript block, pointed at a live server and at this package's source. */
function quickStart(server: TestServer): string {
  const readme = readFileSync(join(packageDir, 'README.md'), 'utf8');
  const block = /```ts\n([\s\S]*?)```/.exec(readme)?.[1];
  if (!block) throw new Error('the README has no ```ts block');
  return block
    .replace("'sk_live_…'", JSON.stringify(server.apiKey))
    .replace("'http://127.0.0.1:4380'", JSON.stringify(server.url))
    .replace("'@marquee/client'", JSON.stringify(pathToFileURL(join(packageDir, 'src', 'index.ts')).href));
}

// An integrator copies the quick start and runs it: it must work as written and print what its
// comments promise (the attendees it sold, then the typed refusal with its code).
describe('the README quick start', () => {
  let server: TestServer;
  const scratch = mkdtempSync(join(tmpdir(), 'marquee-readme-'));

  beforeAll(async () => {
    server = await startTestServer();
  });
  afterAll(() => {
    server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('runs as written against a live server and prints the refusal it shows', { timeout: 60_000 }, () => {
    const file = join(scratch, 'quick-start.mts');
    writeFileSync(file, quickStart(server));
    const output = execFileSync(process.execPath, ['--import', 'tsx', file], {
      cwd: repoRoot,
      encoding: 'utf8',
    });
    expect(output.split('\n')).toEqual(['Ada', 'Ada', expect.stringMatching(/^tier_has_sales req-\S+$/), '']);
  });
});
