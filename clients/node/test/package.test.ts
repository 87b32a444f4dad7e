import { execFileSync } from 'node:child_process';
import { copyFileSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const packageDir = fileURLToPath(new URL('..', import.meta.url));
const tsc = join(dirname(createRequire(import.meta.url).resolve('typescript/package.json')), 'bin', 'tsc');

// The published shape: what `npm pack` would ship is the built dist/ (JavaScript, declarations,
// the generated API types among them), the README and package.json, and its exports resolve.
describe('the @marquee/client package', () => {
  const staging = mkdtempSync(join(tmpdir(), 'marquee-client-pack-'));
  afterAll(() => rmSync(staging, { recursive: true, force: true }));

  it(
    'builds with tsc, packs dist/ and the README only, and its entry point loads',
    { timeout: 120_000 },
    async () => {
      execFileSync(process.execPath, [
        tsc,
        '-p',
        join(packageDir, 'tsconfig.build.json'),
        '--outDir',
        join(staging, 'dist'),
      ]);
      copyFileSync(join(packageDir, 'package.json'), join(staging, 'package.json'));
      copyFileSync(join(packageDir, 'README.md'), join(staging, 'README.md'));

      const packed = JSON.parse(
        execFileSync('npm', ['pack', '--dry-run', '--json', '--ignore-scripts'], {
          cwd: staging,
          encoding: 'utf8',
        }),
      ) as { name: string; files: { path: string }[] }[];
      const files = packed[0]!.files.map((f) => f.path);
      expect(packed[0]!.name).toBe('@marquee/client');
      expect(files).toEqual(
        expect.arrayContaining([
          'package.json',
          'README.md',
          'dist/index.js',
          'dist/index.d.ts',
          'dist/schema.d.ts',
        ]),
      );
      expect(
        files.filter((f) => !f.startsWith('dist/') && f !== 'package.json' && f !== 'README.md'),
      ).toEqual([]);

      const manifest = JSON.parse(readFileSync(join(staging, 'package.json'), 'utf8')) as {
        exports: { '.': { types: string; import: string } };
      };
      expect(existsSync(join(staging, manifest.exports['.'].types))).toBe(true);
      const entry = (await import(pathToFileURL(join(staging, manifest.exports['.'].import)).href)) as Record<
        string,
        unknown
      >;
      expect(Object.keys(entry)).toEqual(
        expect.arrayContaining([
          'MarqueeClient',
          'Webhook',
          'TicketVerifier',
          'ConflictError',
          'TicketTokenError',
        ]),
      );
    },
  );
});
