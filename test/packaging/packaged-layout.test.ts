import { extractFile, getRawHeader, statFile } from '@electron/asar';
import { existsSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { Arch, build, Platform } from 'electron-builder';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkStoreBinding, locateStoreBinding, prebuildTarget } from '../../src/main/store-binding.js';
import { notoFace, notoPackages } from '../../src/server/mail/ticket-fonts.js';
import { openStore, schemaVersion } from '../../src/server/store/db.js';
import { migrations } from '../../src/server/store/migrations/index.js';
import {
  lockedElectronVersion,
  makePackagingProject,
  type PackagingProject,
} from '../support/packaging-project.js';

/**
 * electron-builder run for real on electron-builder.yml — Linux, `dir` target (the app folder every
 * Linux installer is made from; no installer, nothing downloaded) — and the result read back.
 */

let project: PackagingProject;
let resources: string;
const asar = (): string => join(resources, 'app.asar');

interface HeaderNode {
  files?: Record<string, HeaderNode>;
  unpacked?: boolean;
}

/** Every file in the archive's header, with whether electron-builder unpacked it. */
function headerFiles(node: HeaderNode, prefix = ''): { path: string; unpacked: boolean }[] {
  return Object.entries(node.files ?? {}).flatMap(([name, child]) => {
    const path = prefix ? `${prefix}/${name}` : name;
    return child.files ? headerFiles(child, path) : [{ path, unpacked: child.unpacked === true }];
  });
}

beforeAll(async () => {
  project = makePackagingProject();
  const output = join(project.root, 'dist');
  const arch = process.arch === 'arm64' ? Arch.arm64 : Arch.x64;
  await build({
    projectDir: project.dir,
    targets: Platform.LINUX.createTarget('dir', arch),
    publish: 'never',
    config: {
      electronDist: project.electronDist,
      electronVersion: lockedElectronVersion(),
      directories: { output },
    },
  });
  resources = join(output, arch === Arch.x64 ? 'linux-unpacked' : 'linux-arm64-unpacked', 'resources');
}, 180_000);

afterAll(() => {
  if (project) rmSync(project.root, { recursive: true, force: true });
});

describe('the packaged app (electron-builder, Linux dir target)', () => {
  it('keeps every native module outside the asar, each in app.asar.unpacked at its own path', () => {
    const natives = headerFiles(getRawHeader(asar()).header as HeaderNode).filter((f) =>
      f.path.endsWith('.node'),
    );
    expect(natives.map((f) => f.path)).toContain(
      `node_modules/better-sqlite3/prebuilds/${prebuildTarget()}.node`,
    );
    for (const native of natives) {
      expect(native, native.path).toEqual({ path: native.path, unpacked: true });
      expect(existsSync(join(`${asar()}.unpacked`, native.path)), native.path).toBe(true);
    }
  });

  it("ships better-sqlite3's prebuild for this platform only, byte for byte, and its JavaScript", () => {
    const name = `node_modules/better-sqlite3/prebuilds/${prebuildTarget()}.node`;
    const shipped = readFileSync(join(`${asar()}.unpacked`, name));
    expect(shipped.equals(readFileSync(join(project.dir, name)))).toBe(true);
    const prebuilds = headerFiles(getRawHeader(asar()).header as HeaderNode).filter((f) =>
      f.path.startsWith('node_modules/better-sqlite3/prebuilds/'),
    );
    expect(prebuilds.map((f) => f.path)).toEqual([name]);
    // What Electron's require() resolves in the archive: the entry point and the loader it uses.
    for (const js of ['package.json', 'lib/index.js', 'lib/binding.js', 'lib/database.js']) {
      const entry = statFile(asar(), `node_modules/better-sqlite3/${js}`) as {
        size: number;
        unpacked?: boolean;
      };
      expect(entry.size, js).toBeGreaterThan(0);
      if (entry.unpacked)
        expect(existsSync(join(`${asar()}.unpacked`, 'node_modules/better-sqlite3', js))).toBe(true);
    }
  });

  it("holds the app's own code in the archive and leaves the electron package's installer helpers out", () => {
    const files = headerFiles(getRawHeader(asar()).header as HeaderNode).map((f) => f.path);
    expect(files).toEqual(
      expect.arrayContaining(['package.json', 'out/main/index.js', 'out/preload/index.cjs']),
    );
    expect(files.some((path) => path.startsWith('node_modules/@electron-internal/'))).toBe(false);
    expect(files.some((path) => path.startsWith('node_modules/electron/'))).toBe(false);
    expect(files.some((path) => path.startsWith('node_modules/vitest/'))).toBe(false);
    // Electron starts `main` and takes the Linux app_id from desktopName (extraMetadata adds it).
    const metadata = JSON.parse(extractFile(asar(), 'package.json').toString()) as Record<string, unknown>;
    expect(metadata).toMatchObject({ main: './out/main/index.js', desktopName: 'marquee.desktop' });
  });

  // Each font package the ticket PDF reads (src/server/mail/ticket-fonts.ts): the faces it embeds,
  // byte for byte, and the licence, but none of the package's other fonts.
  const fontPackages = [
    {
      dir: 'node_modules/dejavu-fonts-ttf',
      faces: ['ttf/DejaVuSans-Bold.ttf', 'ttf/DejaVuSans.ttf'],
      licence: 'LICENSE',
      fonts: /\.ttf$/,
    },
    ...notoPackages.map((noto) => ({
      dir: `node_modules/@expo-google-fonts/${noto[0]}`,
      faces: [notoFace(noto, 'regular'), notoFace(noto, 'bold')],
      licence: 'LICENSE_FONT',
      fonts: /\.(ttf|png)$/,
    })),
    {
      dir: 'node_modules/@embedpdf/fonts-sc',
      faces: ['fonts/NotoSansHans-Regular.otf'],
      licence: 'LICENSE',
      fonts: /\.otf$/,
    },
    {
      dir: 'node_modules/@embedpdf/fonts-kr',
      faces: ['fonts/NotoSansKR-Regular.otf'],
      licence: 'LICENSE',
      fonts: /\.otf$/,
    },
  ];

  it.each(fontPackages)(
    "ships the ticket PDF's faces of $dir byte for byte, with their licence, and no other",
    (pkg) => {
      const files = headerFiles(getRawHeader(asar()).header as HeaderNode)
        .map((f) => f.path)
        .filter((path) => path.startsWith(`${pkg.dir}/`));
      const faces = pkg.faces.map((face) => `${pkg.dir}/${face}`);
      expect(files.filter((path) => pkg.fonts.test(path)).sort()).toEqual(faces);
      expect(files).toEqual(expect.arrayContaining([`${pkg.dir}/${pkg.licence}`, `${pkg.dir}/package.json`]));
      expect(files.some((path) => path.endsWith('status.txt'))).toBe(false);
      for (const face of faces) {
        expect(extractFile(asar(), face).equals(readFileSync(join(project.dir, face))), face).toBe(true);
      }
    },
  );

  it("is where the desktop's own loading code finds the binding, and a real store opens with it", () => {
    const file = locateStoreBinding(join(asar(), 'node_modules', 'better-sqlite3'));
    expect(file).toBe(
      join(`${asar()}.unpacked`, 'node_modules', 'better-sqlite3', 'prebuilds', `${prebuildTarget()}.node`),
    );
    const binding = checkStoreBinding(file, { packaged: true });
    expect(binding).toEqual({ ok: true, file });
    if (!binding.ok) return;
    const db = openStore(join(project.root, 'store', 'marquee.db'), { nativeBinding: binding.file });
    expect(schemaVersion(db)).toBe(migrations.at(-1)!.version);
    db.close();
  });
});
