import { describe, expect, it } from 'vitest';
import { suites, verdict } from '../../clients/run-tests.mjs';

// clients/run-tests.mjs reads each runner's closing lines into counts, and its verdict fails a
// suite that skipped, ran nothing, or failed: outputs as the Debian runners print them.
const count = (name: string, output: string) => suites[name]!.count(output);

describe('client suite runner', () => {
  it('reads pytest', () => {
    expect(count('python', '28 passed in 16.34s\n')).toEqual({ passed: 28, failed: 0, skipped: 0 });
    expect(count('python', '=== 2 failed, 26 passed, 1 skipped, 1 error in 13.92s ===\n')).toEqual({
      passed: 26,
      failed: 3,
      skipped: 1,
    });
    expect(count('python', 'ImportError: no module named requests\n')).toBeNull();
  });

  it('reads minitest', () => {
    expect(count('ruby', '24 runs, 100 assertions, 0 failures, 0 errors, 0 skips\n')).toEqual({
      passed: 24,
      failed: 0,
      skipped: 0,
    });
    expect(count('ruby', '24 runs, 90 assertions, 1 failures, 2 errors, 3 skips\n')).toEqual({
      passed: 18,
      failed: 3,
      skipped: 3,
    });
  });

  it('reads PHPUnit', () => {
    expect(count('php', 'OK (24 tests, 67 assertions)\n')).toEqual({ passed: 24, failed: 0, skipped: 0 });
    expect(count('php', 'FAILURES!\nTests: 24, Assertions: 65, Failures: 1.\n')).toEqual({
      passed: 23,
      failed: 1,
      skipped: 0,
    });
    expect(
      count('php', 'OK, but incomplete, skipped, or risky tests!\nTests: 24, Assertions: 60, Skipped: 2.\n'),
    ).toEqual({
      passed: 22,
      failed: 0,
      skipped: 2,
    });
  });

  it('reads go test -v (top-level tests only)', () => {
    const output = [
      '=== RUN   TestA',
      '--- PASS: TestA (0.00s)',
      '--- FAIL: TestB (0.01s)',
      '    --- PASS: TestB/sub (0.00s)',
      '--- SKIP: TestC (0.00s)',
      'FAIL\tmarquee\t6.6s',
    ].join('\n');
    expect(count('go', output)).toEqual({ passed: 1, failed: 1, skipped: 1 });
    expect(count('go', '# marquee\n./client.go:1: syntax error\n')).toBeNull();
  });

  it('fails a suite that skipped, failed, exited non-zero or ran nothing', () => {
    expect(verdict(0, { passed: 5, failed: 0, skipped: 0 }).ok).toBe(true);
    expect(verdict(0, { passed: 5, failed: 0, skipped: 1 })).toEqual({
      ok: false,
      note: 'skipped tests fail the run',
    });
    expect(verdict(1, { passed: 5, failed: 1, skipped: 0 }).ok).toBe(false);
    expect(verdict(0, { passed: 5, failed: 1, skipped: 0 }).ok).toBe(false);
    expect(verdict(0, { passed: 0, failed: 0, skipped: 0 })).toEqual({ ok: false, note: 'no test ran' });
  });

  it('names the Debian packages of every suite', () => {
    expect(Object.keys(suites).sort()).toEqual(['go', 'php', 'python', 'ruby']);
    for (const suite of Object.values(suites)) expect(suite.packages.length).toBeGreaterThan(0);
  });
});
