import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * The door page in the renderer imports the SDK's core. These files (and everything they
 * import) must not reach Node-only modules, or the browser bundle breaks.
 */
const core = [
  'offline-validator.ts',
  'door-device.ts',
  'door-api.ts',
  'memory-device-state.ts',
  'pairing-code.ts',
  'sse-parser.ts',
  'deadline.ts',
  'fetch-transport.ts',
];
const browserPackages = new Set(['@noble/ed25519', '@noble/hashes/sha2.js']);
const root = join(process.cwd(), 'src', 'scanner');

function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => m[1]!);
}

describe('browser-safe SDK core', () => {
  it('reaches no node: module, Node-only package or Node global', () => {
    const seen = new Set<string>();
    const offending: string[] = [];
    const visit = (file: string): void => {
      if (seen.has(file)) return;
      seen.add(file);
      const text = readFileSync(file, 'utf8');
      if (/\b(Buffer|process|require)\s*[.(]/.test(text)) offending.push(`${file}: uses a Node global`);
      for (const spec of importsOf(file)) {
        if (spec.startsWith('.')) visit(normalize(join(dirname(file), spec.replace(/\.js$/, '.ts'))));
        else if (!browserPackages.has(spec)) offending.push(`${file}: imports ${spec}`);
      }
    };
    for (const file of core) visit(join(root, file));
    expect(offending).toEqual([]);
    expect(seen.size).toBeGreaterThanOrEqual(core.length);
  });
});
