import { existsSync, readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';

/**
 * The first-run screen: a static page the main process serves on loopback before any store exists
 * (the React UI needs a venue server, which is exactly what is not decided yet). Plain DOM, no
 * framework, and no innerHTML: venue names arrive over mDNS from anyone on the network.
 */

export const firstRunHtml = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Marquee: set up this till</title>
<link rel="stylesheet" href="first-run.css">
<script src="first-run.js" defer></script>
</head>
<body>
<main>
  <h1>Set up this till</h1>
  <p class="lead">Each venue has one store. Host it on this machine, or join the venue already running on another till.</p>

  <section aria-labelledby="join-title">
    <h2 id="join-title">Join a venue on this network</h2>
    <p id="search-state" class="muted" role="status">Looking for venues…</p>
    <ul id="venues" class="venues"></ul>
    <p><button type="button" id="search-again" class="button">Search again</button></p>
    <details id="manual">
      <summary>Enter the address by hand</summary>
      <label>Server address <input id="manual-url" placeholder="https://192.168.1.20:4380" autocomplete="off"></label>
      <label>Certificate fingerprint <input id="manual-fp" placeholder="AB:CD:… (shown under the pairing QR)" autocomplete="off"></label>
    </details>
    <form id="join-form" hidden>
      <p id="join-to" class="join-to"></p>
      <label>Pairing code
        <textarea id="code" rows="3" required placeholder="marquee://pair?… or pair_…"></textarea>
      </label>
      <p class="muted small">On the host: Settings → "Pair a door device or till" → "Another till" → Show pairing QR. Paste the text under the QR here; it works once, for 5 minutes.</p>
      <label>This till's name <input id="till-name" maxlength="100" autocomplete="off"></label>
      <p id="join-error" class="error" role="alert" hidden></p>
      <p><button type="submit" id="join-button" class="button primary">Join</button> <button type="button" id="join-cancel" class="button">Cancel</button></p>
    </form>
  </section>

  <section aria-labelledby="host-title">
    <h2 id="host-title">Host this venue here</h2>
    <p class="muted">This machine keeps the venue's store: events, sales and tickets. Other tills and door devices pair with it.</p>
    <p><button type="button" id="host" class="button primary">Host this venue here</button></p>
  </section>

  <p id="done" class="done" role="status" hidden></p>
</main>
</body>
</html>
`;

export const firstRunCss = `
:root { color-scheme: dark; font-family: system-ui, sans-serif; background: #111318; color: #e8eaf0; }
main { max-width: 44rem; margin: 2.5rem auto; padding: 0 1.5rem; }
h1 { font-size: 1.8rem; margin-bottom: .25rem; }
h2 { font-size: 1.2rem; margin-top: 0; }
section { background: #1b1e26; border: 1px solid #2c3140; border-radius: 10px; padding: 1.25rem 1.5rem; margin: 1.25rem 0; }
.lead { color: #b8bdcc; }
.muted { color: #98a0b3; }
.small { font-size: .85rem; }
.venues { list-style: none; padding: 0; margin: .5rem 0; }
.venues li { display: flex; align-items: center; justify-content: space-between; gap: 1rem; padding: .6rem 0; border-top: 1px solid #2c3140; }
.venues .where { color: #98a0b3; font-size: .85rem; }
label { display: block; margin: .75rem 0; }
input, textarea { display: block; width: 100%; box-sizing: border-box; margin-top: .3rem; padding: .5rem .6rem; font: inherit; color: inherit; background: #111318; border: 1px solid #3a4152; border-radius: 6px; }
.button { font: inherit; padding: .5rem 1rem; border-radius: 6px; border: 1px solid #3a4152; background: #262b37; color: inherit; cursor: pointer; }
.button.primary { background: #3b6cf6; border-color: #3b6cf6; color: #fff; font-weight: 600; }
.button:disabled { opacity: .5; cursor: default; }
.button:focus-visible, input:focus-visible, textarea:focus-visible { outline: 2px solid #8fb0ff; outline-offset: 2px; }
.error { color: #ff8a8a; font-weight: 600; }
.join-to { font-weight: 600; }
.done { font-size: 1.2rem; font-weight: 600; color: #7fe0a0; }
`;

/**
 * The page's script: a module of its own (src/first-run/first-run-app.ts), so tsc checks it against
 * the browser's globals and eslint reads it, bundled by esbuild into one classic script. Bundled
 * rather than served as written because the browser cannot run TypeScript; served from a file
 * rather than inlined into this module because a build step that rewrote this module would not
 * run under tsx, vitest or Playwright, which import it from source. So: the desktop build writes
 * it beside its bundle (out/main, electron.vite.config.ts), and from the source tree it is bundled
 * here, once per screen (about 0.1 s), so it can never be stale.
 */
export async function firstRunJs(): Promise<string> {
  const built = fileURLToPath(new URL('./first-run-app.js', import.meta.url));
  if (existsSync(built)) return readFileSync(built, 'utf8');
  const bundler = fileURLToPath(new URL('../../scripts/first-run-bundle.mjs', import.meta.url));
  const { bundleFirstRunScript } = (await import(pathToFileURL(bundler).href)) as {
    bundleFirstRunScript(): Promise<string>;
  };
  return bundleFirstRunScript();
}
