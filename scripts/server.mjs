// `npm run server`: the headless venue server. Rebuilds the bundle only when a server source file
// changed since the last build, then runs it in this process (so signals reach it directly).
import { pathToFileURL } from 'node:url';
import { buildServerBundle, bundleIsStale, bundlePath } from './server-bundle.mjs';

if (bundleIsStale()) await buildServerBundle();
await import(pathToFileURL(bundlePath).href);
