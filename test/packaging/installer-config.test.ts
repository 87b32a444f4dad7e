import { Packager, type Configuration } from 'electron-builder';
import { describe, expect, it } from 'vitest';
import { repoRoot } from '../support/packaging-project.js';

/**
 * electron-builder's own configuration check, as its build runs it before packaging anything:
 * electron-builder.yml read from the project, `extra` merged over it, then its schema applied.
 */
async function validated(extra: Record<string, unknown> = {}): Promise<Configuration> {
  const packager = new Packager({ projectDir: repoRoot, config: extra as Configuration });
  await packager.validateConfig();
  return packager.config;
}

describe('electron-builder.yml', () => {
  it("passes electron-builder's configuration check", async () => {
    await expect(validated()).resolves.toMatchObject({ productName: 'Marquee' });
  });

  it('fails the same check with a key electron-builder does not know, or a value of the wrong type', async () => {
    await expect(validated({ asarUnpacked: ['**/*.node'] })).rejects.toThrow(
      /unknown property 'asarUnpacked'/,
    );
    await expect(validated({ nsis: { oneClik: false } })).rejects.toThrow(/configuration.nsis should be/);
    await expect(validated({ npmRebuild: 'no' })).rejects.toThrow(/npmRebuild should be a boolean/);
  });

  it('as electron-builder reads it: AppImage and deb, NSIS, dmg; icons from resources/; no native rebuild', async () => {
    const config = await validated();
    expect(config.linux?.target).toEqual(['AppImage', 'deb']);
    expect(config.win?.target).toBe('nsis');
    expect(config.mac?.target).toBe('dmg');
    expect(config.directories).toMatchObject({ output: 'dist', buildResources: 'resources' });
    expect(config.npmRebuild).toBe(false);
  });
});
