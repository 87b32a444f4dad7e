// Looks for credentials in logs: every string shaped like one of Marquee's secrets, plus any
// exact secrets given. Exits 1 (and names file, line and kind, never the secret) when it finds
// one, 0 when the logs are clean, 2 on bad usage.
//
//   node scripts/grep-secrets.mjs [--secret VALUE]... [--secrets-file FILE] PATH...
//
// PATH may be a file or a folder (searched recursively). The e2e run writes its servers' logs to
// test-results/server-logs/, `npm run simulate` its server's log to <out>/server.log.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { parseArgs } from 'node:util';

/** Shapes of Marquee's secrets; the server's log scrub (src/server/logging/mask-secrets.ts) covers each. */
export const secretPatterns = [
  { kind: 'API key', pattern: /\bsk_(?:live|test)_[A-Za-z0-9_]{16,}/g },
  { kind: 'webhook secret', pattern: /\bwhsec_[A-Za-z0-9+/]{20,}={0,2}/g },
  { kind: 'wallet secret', pattern: /\/w\/[A-Za-z0-9]{30,}/g },
  { kind: 'stream token', pattern: /\bst_[A-Za-z0-9_-]{30,}/g },
  { kind: 'pairing token', pattern: /\bpair_[A-Za-z0-9_-]{24,}/g },
  { kind: 'ticket code (JWS)', pattern: /\beyJ[\w-]{10,}\.eyJ[\w-]{10,}\.[\w-]{20,}/g },
];

/**
 * Enough of a secret to find it again, not enough to use it, and not its prefix (so this output
 * never looks like a leak itself): its length and last four characters, as the API's `last4`.
 * @param {string} secret
 */
const preview = (secret) => `(${secret.length} chars, ending ${secret.slice(-4)})`;

/**
 * Every secret in `text`: by shape, and each of `known` (exact strings) wherever it appears.
 * @param {string} text
 * @param {readonly string[]} [known]
 * @returns {{ line: number, kind: string, preview: string }[]}
 */
export function findSecrets(text, known = []) {
  /** @type {{ line: number, kind: string, preview: string }[]} */
  const found = [];
  const lines = text.split('\n');
  const exact = known.filter((secret) => secret.length >= 8);
  lines.forEach((content, index) => {
    for (const { kind, pattern } of secretPatterns) {
      for (const match of content.matchAll(pattern))
        found.push({ line: index + 1, kind, preview: preview(match[0]) });
    }
    for (const secret of exact) {
      if (content.includes(secret))
        found.push({ line: index + 1, kind: 'issued secret', preview: preview(secret) });
    }
  });
  return found;
}

/**
 * @param {string} path
 * @returns {string[]}
 */
function filesUnder(path) {
  if (!statSync(path).isDirectory()) return [path];
  return readdirSync(path, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() || entry.isFile() ? filesUnder(join(path, entry.name)) : [],
  );
}

/**
 * @param {string[]} args
 * @returns {number} the exit code
 */
export function main(args) {
  let parsed;
  try {
    parsed = parseArgs({
      args,
      allowPositionals: true,
      options: { secret: { type: 'string', multiple: true }, 'secrets-file': { type: 'string' } },
    });
  } catch (err) {
    console.error(`grep-secrets: ${err instanceof Error ? err.message : String(err)}`);
    return 2;
  }
  const { values, positionals } = parsed;
  if (positionals.length === 0) {
    console.error('usage: node scripts/grep-secrets.mjs [--secret VALUE]... [--secrets-file FILE] PATH...');
    return 2;
  }
  const known = [
    ...(values.secret ?? []),
    ...(values['secrets-file']
      ? readFileSync(values['secrets-file'], 'utf8')
          .split('\n')
          .map((line) => line.trim())
          .filter(Boolean)
      : []),
  ];
  let files = 0;
  let hits = 0;
  for (const path of positionals) {
    for (const file of filesUnder(path)) {
      files += 1;
      for (const hit of findSecrets(readFileSync(file, 'utf8'), known)) {
        hits += 1;
        console.log(`${file}:${hit.line}: ${hit.kind} ${hit.preview}`);
      }
    }
  }
  console.log(
    `grep-secrets: ${hits} secret(s) in ${files} file(s)${known.length ? `, ${known.length} known secret(s) looked for` : ''}`,
  );
  return hits === 0 ? 0 : 1;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href)
  process.exitCode = main(process.argv.slice(2));
