import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { benchFileNames } from '../../../bench/bench-modules.js';

const benchDir = join(import.meta.dirname, '../../../bench');
/** A script that starts its work at import: `main()`, `await main()` or `void main()` on a line of its own. */
const startsOnImport = /^(await |void )?main\(/m;

describe('bench modules', () => {
  it('never lists a script that starts its work when imported (run-all imports each one to find its run)', () => {
    const starting = benchFileNames().filter((name) =>
      startsOnImport.test(readFileSync(join(benchDir, `${name}.ts`), 'utf8')),
    );
    expect(starting).toEqual([]);
  });

  it('still lists the benches', () => {
    expect(benchFileNames().slice(0, 3)).toEqual(['foundation', 'checkout', 'credentials']);
  });
});
