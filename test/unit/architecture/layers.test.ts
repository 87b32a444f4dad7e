import { ESLint } from 'eslint';
import madge from 'madge';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const eslint = new ESLint({ cwd: root });

/** The layer messages ESLint gives a file at `filePath` holding `code` (the file need not exist). */
async function layerErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: join(root, filePath) });
  return (result?.messages ?? [])
    .filter((message) => message.ruleId === 'no-restricted-imports')
    .map((message) => message.message);
}

describe('the layers lint (eslint.config.js, docs/architecture.md)', () => {
  it('fails a domain module that imports the webhook adapter or the composition root', async () => {
    const errors = await layerErrors(
      'src/server/domain/wrong-way.ts',
      [
        "import type { WebhookFanOut } from '../webhooks/fan-out.js';",
        "import type { AppContext } from '../context.js';",
        'export type Both = [WebhookFanOut, AppContext];',
      ].join('\n'),
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('src/server/domain must not import webhooks');
    expect(errors[1]).toContain('src/server/domain must not import context');
  });

  it('lets the domain use the store and its own ports', async () => {
    const errors = await layerErrors(
      'src/server/domain/right-way.ts',
      [
        "import type { Db } from '../store/db.js';",
        "import type { MailDrop } from './mail-port.js';",
        'export type Both = [Db, MailDrop];',
      ].join('\n'),
    );
    expect(errors).toEqual([]);
  });

  it('fails the store importing the domain, routes importing the store, the renderer importing the server', async () => {
    expect(
      await layerErrors('src/server/store/x.ts', "export { SettingsService } from '../domain/settings.js';"),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'src/server/routes/x.ts',
        "export { SettingsRepo } from '../store/settings-repo.js';",
      ),
    ).toHaveLength(1);
    expect(
      await layerErrors(
        'src/renderer/src/lib/x.ts',
        "export { startServer } from '../../../server/start.js';",
      ),
    ).toHaveLength(1);
  });

  it('keeps the first-run page script (a browser page) from importing the shell or the server', async () => {
    const errors = await layerErrors(
      'src/first-run/x.ts',
      "export { joinTarget } from '../main/first-run.js';\nexport { startServer } from '../server/start.js';",
    );
    expect(errors).toHaveLength(2);
    expect(errors[0]).toContain('src/first-run must not import main');
  });

  it('lets the desktop shell reach the server only through its facade', async () => {
    expect(
      await layerErrors(
        'src/main/x.ts',
        "export type { DesktopFacade } from '../server/desktop-facade.js';\nexport { startServer } from '../server/start.js';",
      ),
    ).toEqual([]);
    const errors = await layerErrors(
      'src/main/x.ts',
      "export { ApiKeys } from '../server/domain/api-keys.js';",
    );
    expect(errors).toHaveLength(1);
    expect(errors[0]).toContain('desktop-facade.ts');
  });
});

describe('the cycle check (npm run lint:cycles)', () => {
  const dir = mkdtempSync(join(tmpdir(), 'marquee-cycle-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('finds a cycle between two modules, as it would in src/', async () => {
    writeFileSync(join(dir, 'a.ts'), "import { b } from './b.js';\nexport const a = () => b;\n");
    writeFileSync(
      join(dir, 'b.ts'),
      "import type { a } from './a.js';\nexport const b: typeof a | null = null;\n",
    );
    writeFileSync(join(dir, 'c.ts'), "import { a } from './a.js';\nexport const c = a;\n");
    const graph = await madge(dir, {
      fileExtensions: ['ts'],
      tsConfig: join(root, 'tsconfig.node.json'),
    });
    expect(graph.circular()).toEqual([['a.ts', 'b.ts']]);
  });
});
