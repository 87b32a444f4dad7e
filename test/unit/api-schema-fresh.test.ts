import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { apiFiles, generateApiFiles, writeApiFiles } from '../../scripts/export-openapi.js';

/** Where two texts first differ, as a short message (a whole-file diff of 250 kB helps nobody). */
function firstDifference(committed: string, fresh: string): string | null {
  if (committed === fresh) return null;
  const a = committed.split('\n');
  const b = fresh.split('\n');
  const line = a.findIndex((text, i) => text !== b[i]);
  const at = line === -1 ? a.length : line;
  return `line ${at + 1}: committed ${JSON.stringify(a[at] ?? '<end>')}, generated ${JSON.stringify(b[at] ?? '<end>')}`;
}

// The API types of the renderer, the door SDK and the node client package are generated from the
// app's own OpenAPI document. A route schema that changed without `npm run gen:api` would leave
// them compiling against a stale API: fail here.
describe('generated API document and types', () => {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-api-fresh-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('match what the current routes generate (run `npm run gen:api` when this fails)', async () => {
    const fresh = {
      openapi: join(dir, 'openapi.json'),
      types: join(dir, 'schema.d.ts'),
      clientTypes: join(dir, 'client-schema.ts'),
    };
    writeApiFiles(await generateApiFiles(), fresh);

    const document = readFileSync(fresh.openapi, 'utf8');
    const types = readFileSync(fresh.types, 'utf8');
    const clientTypes = readFileSync(fresh.clientTypes, 'utf8');
    expect(JSON.parse(document)).toMatchObject({ openapi: '3.1.0', paths: { '/v2/orders': {} } });
    expect(types).toContain("'/v2/orders': {");

    for (const [committedPath, generated] of [
      [apiFiles.openapi, document],
      [apiFiles.types, types],
      [apiFiles.clientTypes, clientTypes],
    ] as const) {
      const name = relative(process.cwd(), committedPath);
      expect(firstDifference(readFileSync(committedPath, 'utf8'), generated), `${name} is stale`).toBeNull();
    }
  });

  it('live in src/shared, so the renderer and the door SDK read one copy (the client package has its own)', () => {
    expect(relative(process.cwd(), apiFiles.types)).toBe(join('src', 'shared', 'api', 'schema.d.ts'));
    // Where the types used to be generated: a copy left there would be a second, staler source.
    expect(existsSync(join(process.cwd(), 'src', 'renderer', 'src', 'api', 'schema.d.ts'))).toBe(false);
  });
});
