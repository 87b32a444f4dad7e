import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { findSecrets } from '../../scripts/grep-secrets.mjs';
import { adminKey, serverLogDir } from './support/venue-server.js';

/**
 * After every e2e test: no server log of the run holds a secret (the admin key the tests use, or
 * anything shaped like an API key, webhook secret, wallet link, stream or pairing token or ticket
 * code). Fails the run, naming file and line, if one does.
 */
export default function globalTeardown(): void {
  if (!existsSync(serverLogDir)) return;
  const hits = readdirSync(serverLogDir).flatMap((name) =>
    findSecrets(readFileSync(join(serverLogDir, name), 'utf8'), [adminKey]).map(
      (hit) => `${name}:${hit.line}: ${hit.kind} ${hit.preview}`,
    ),
  );
  if (hits.length > 0) throw new Error(`secrets in the e2e servers' logs:\n${hits.join('\n')}`);
}
