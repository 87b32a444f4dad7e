// `npm run lint:api`: lints the generated OpenAPI document (src/shared/api/openapi.json) with
// Redocly's recommended rules, warnings treated as errors (redocly.yaml extends
// `recommended-strict`), so one warning fails `npm run lint` and CI.
//
// Offline by design: Redocly CLI sends usage telemetry and checks the npm registry for a newer
// version unless told not to. redocly.yaml turns telemetry off; the environment below turns off
// both again for this run, whatever config a developer's machine has.
import { spawnSync } from 'node:child_process';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const require = createRequire(import.meta.url);
const cli = join(dirname(require.resolve('@redocly/cli/package.json')), 'bin/cli.js');

const result = spawnSync(
  process.execPath,
  [cli, 'lint', '--config', join(root, 'redocly.yaml'), join(root, 'src/shared/api/openapi.json')],
  {
    cwd: root,
    stdio: 'inherit',
    env: {
      ...process.env,
      REDOCLY_TELEMETRY: 'off',
      REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true',
      REDOCLY_SUPPRESS_NOTIFICATIONS: 'true',
    },
  },
);
process.exit(result.status ?? 1);
