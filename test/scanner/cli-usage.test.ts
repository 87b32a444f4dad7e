import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'marquee-cli-usage-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The CLI as its own process (the process entry, cli.ts), with a state file no one paired. */
function run(...argv: string[]): Promise<{ code: number | null; stderr: string[] }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      ['--import', 'tsx', 'src/scanner/cli.ts', ...argv],
      { env: { ...process.env, MARQUEE_SCANNER_STATE: join(dir, 'door.db') }, timeout: 60_000 },
      (error, _stdout, stderr) =>
        resolve({
          code: error ? (typeof error.code === 'number' ? error.code : null) : 0,
          stderr: stderr.split('\n').filter((l) => l !== ''),
        }),
    );
  });
}

const usageOf = {
  any: 'usage: npm run scanner -- <command> [options]; commands: discover, pair, move, pull, scan, sync, watch, status',
  pair: 'usage: npm run scanner -- pair <qr-or-token> [--url U] [--fingerprint F] [--name N]',
  scan: 'usage: npm run scanner -- scan <token> [--offline] [--out] [--deadline ms]',
  status: 'usage: npm run scanner -- status',
  discover: 'usage: npm run scanner -- discover [--timeout ms]',
};

describe('the scanner CLI’s usage errors', () => {
  it('exit 64 with one line naming the usage, for every kind; a runtime failure keeps exit 1', async () => {
    const token = 'pair_abcdefghijklmnopqrstuv';
    const cases: [string[], string][] = [
      [[], `scanner: no command given; ${usageOf.any}`],
      [['frobnicate'], `scanner: unknown command 'frobnicate'; ${usageOf.any}`],
      [['status', '--frob'], `scanner: unknown option '--frob'; ${usageOf.status}`],
      [['status', '--offline'], `scanner: --offline is not an option of status; ${usageOf.status}`],
      [['status', 'extra'], `scanner: unexpected argument 'extra'; ${usageOf.status}`],
      [['scan'], `scanner: scan needs the ticket token; ${usageOf.scan}`],
      [
        ['scan', 'tok', '--deadline'],
        `scanner: Option '--deadline <value>' argument missing; ${usageOf.scan}`,
      ],
      [['scan', 'tok', '--deadline', 'soon'], `scanner: --deadline must be 50–60000 ms; ${usageOf.scan}`],
      [['discover', '--timeout', '5s'], `scanner: --timeout must be 100–60000 ms; ${usageOf.discover}`],
      [['pair', token, '--url', 'not a url'], `scanner: --url is not a URL: not a url; ${usageOf.pair}`],
      ...['localhost:47704', 'mailto:x@y', 'ftp://x'].map((url): [string[], string] => [
        ['pair', token, '--url', url],
        `scanner: --url must be an http:// or https:// address: ${url}; ${usageOf.pair}`,
      ]),
      [['status', '--state='], `scanner: --state needs a file; ${usageOf.status}`],
      [['status', '--state', ''], `scanner: --state needs a file; ${usageOf.status}`],
      [
        ['pair', 'https://example.test/x'],
        `scanner: not a Marquee pairing link: https://example.test; ${usageOf.pair}`,
      ],
    ];
    const results = await Promise.all(cases.map(([argv]) => run(...argv)));
    results.forEach((result, i) => {
      expect({ argv: cases[i]![0], ...result }).toEqual({
        argv: cases[i]![0],
        code: 64,
        stderr: [cases[i]![1]],
      });
    });

    // Not paired is a failure at run time, not a usage error.
    expect(await run('sync')).toEqual({
      code: 1,
      stderr: ['scanner: this device is not paired: run `pair` first'],
    });
  }, 120_000);
});
