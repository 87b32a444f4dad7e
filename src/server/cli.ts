/**
 * Headless venue server: `npm run server`. Honours every MARQUEE_* setting (CONTRACT.md
 * "Running it"), prints `listening on <url>`, and on SIGTERM/SIGINT lets in-flight requests
 * finish and closes the store cleanly before exiting, within 9 s whatever the state (shutdown.ts).
 */
import { optionsFromEnv, type ServerOptions } from './config.js';
import { savedAdminKeyFile } from './domain/first-admin-key.js';
import { stdoutLogLoss, tolerateClosedStdio } from './logging/log-destination.js';
import { stopOnSignals } from './shutdown.js';
import { startBanner } from './start-banner.js';
import { stdoutKept } from './stdout-kept.js';
import { startRefusal } from './start-refusal.js';
import { startServer, type RunningServer } from './start.js';

async function main(): Promise<void> {
  // Before anything is printed: `npm run server | head -c 100` must not kill the server.
  tolerateClosedStdio();
  let running: RunningServer;
  let options: ServerOptions;
  try {
    // Inside the try: a bad MARQUEE_* value is a configuration error (exit 2), not a crash; so
    // are a damaged store or signing key, a full disk, a taken port (start-refusal.ts).
    options = optionsFromEnv();
    running = await startServer(options);
  } catch (err) {
    const refusal = startRefusal(err);
    if (refusal !== null) {
      console.error(`marquee: ${refusal}`);
      process.exit(2);
    }
    throw err;
  }
  // Before the banner: whoever reads `listening on` may send SIGTERM at once, and until a handler
  // is installed that signal kills the process outright (no drain, marquee.pid left behind).
  stopOnSignals(running, {
    exit: (code) => {
      const loss = stdoutLogLoss();
      // stderr is a pipe of its own: a stalled stdout does not hold this line (nor the exit).
      if (loss) process.stderr.write(`${loss}\n`);
      process.exit(code);
    },
  });
  const first = running.app.firstAdminKey ?? null;
  const banner = startBanner({
    url: running.url,
    publicUrl: running.publicUrl ?? null,
    firstKey: first,
    savedKeyFile: first?.generated ? null : savedAdminKeyFile(options.dataDir),
    outputKept: stdoutKept(),
  });
  for (const line of banner) console.log(line);
}

main().catch((err: unknown) => {
  console.error('marquee: failed to start:', err instanceof Error ? err.message : err);
  process.exit(1);
});
