/**
 * `npm run gen:api`: writes the OpenAPI document of the real app to src/shared/api/openapi.json and
 * the TypeScript types generated from it (openapi-typescript) beside it, to
 * src/shared/api/schema.d.ts. The renderer and the door SDK (src/scanner) both take their API
 * types from there and never write them by hand, so neither can drift from the route schemas;
 * test/unit/api-schema-fresh.test.ts fails when these files are stale. The same types go into the
 * node client package (clients/node/src/schema.ts), which is published on its own and so carries
 * its own copy, as a .ts file so that its build emits the declarations with it.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import openapiTS, { astToString, COMMENT_HEADER, type OpenAPI3 } from 'openapi-typescript';
import { format, resolveConfig } from 'prettier';
import { buildApp } from '../src/server/app.js';
import { embeddedServerOptions } from '../src/server/app-options.js';

const root = fileURLToPath(new URL('..', import.meta.url));

export const apiFiles = {
  openapi: join(root, 'src/shared/api/openapi.json'),
  types: join(root, 'src/shared/api/schema.d.ts'),
  clientTypes: join(root, 'clients/node/src/schema.ts'),
};

/** Builds the app exactly as the server does (on a throwaway store) and asks it for its document. */
export async function exportOpenApiDocument(): Promise<string> {
  const dataDir = mkdtempSync(join(tmpdir(), 'marquee-openapi-'));
  try {
    const app = await buildApp(embeddedServerOptions(dataDir));
    try {
      return `${JSON.stringify(app.swagger(), null, 2)}\n`;
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
}

export async function typesFromDocument(documentJson: string): Promise<string> {
  const ast = await openapiTS(JSON.parse(documentJson) as OpenAPI3, { silent: true });
  return `${COMMENT_HEADER}${astToString(ast)}`;
}

export interface ApiFileContents {
  openapi: string;
  types: string;
  clientTypes: string;
}

/**
 * Formatted like the rest of the tree, so `prettier --check .` passes without ignoring them. The
 * config is resolved for the files' home in the repository wherever they are written.
 */
async function formatted(text: string, filepath: string): Promise<string> {
  const config = (await resolveConfig(filepath)) ?? {};
  return format(text, { ...config, filepath });
}

export async function generateApiFiles(): Promise<ApiFileContents> {
  const openapi = await formatted(await exportOpenApiDocument(), apiFiles.openapi);
  const types = await typesFromDocument(openapi);
  return {
    openapi,
    types: await formatted(types, apiFiles.types),
    clientTypes: await formatted(types, apiFiles.clientTypes),
  };
}

export function writeApiFiles(contents: ApiFileContents, paths = apiFiles): void {
  for (const [file, text] of [
    [paths.openapi, contents.openapi],
    [paths.types, contents.types],
    [paths.clientTypes, contents.clientTypes],
  ] as const) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, text);
  }
}

const invokedDirectly = process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href;
if (invokedDirectly) {
  const contents = await generateApiFiles();
  writeApiFiles(contents);
  console.log(`wrote ${apiFiles.openapi}, ${apiFiles.types} and ${apiFiles.clientTypes}`);
}
