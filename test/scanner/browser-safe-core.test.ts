import { existsSync, readFileSync } from 'node:fs';
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
  'stored-device-state.ts',
  'pairing-code.ts',
  'sse-parser.ts',
  'deadline.ts',
  'fetch-transport.ts',
];
// Pure JavaScript: ticket signatures (ed25519, SHA-512) and typed pairing check letters (HMAC).
const browserPackages = new Set(['@noble/ed25519', '@noble/hashes/sha2.js', '@noble/hashes/hmac.js']);
const root = join(process.cwd(), 'src', 'scanner');

interface ImportOf {
  spec: string;
  /** `import type` / `export type`: erased by the compiler, so nothing of it reaches a bundle. */
  typeOnly: boolean;
}

function importsOf(file: string): ImportOf[] {
  const text = readFileSync(file, 'utf8');
  return [...text.matchAll(/^\s*(?:import|export)\s+(type\s)?[^'"]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => ({
    spec: m[2]!,
    typeOnly: m[1] !== undefined,
  }));
}

/** The source behind a `.js` specifier: its `.ts`, or a generated `.d.ts` (the API types). */
function sourceOf(file: string, spec: string): string {
  const base = normalize(join(dirname(file), spec.replace(/\.js$/, '')));
  return existsSync(`${base}.ts`) ? `${base}.ts` : `${base}.d.ts`;
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
      for (const { spec, typeOnly } of importsOf(file)) {
        if (!spec.startsWith('.')) {
          if (!browserPackages.has(spec)) offending.push(`${file}: imports ${spec}`);
          continue;
        }
        const source = sourceOf(file, spec);
        // A declaration file has no JavaScript behind it: only a type import of it is safe.
        if (source.endsWith('.d.ts') && !typeOnly) offending.push(`${file}: imports ${spec} as a value`);
        visit(source);
      }
    };
    for (const file of core) visit(join(root, file));
    expect(offending).toEqual([]);
    expect(seen.size).toBeGreaterThanOrEqual(core.length);
  });
});
