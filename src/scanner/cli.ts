/** `npm run scanner -- <command>`: the door device CLI. See cli-run.ts for the commands. */
import { runCli } from './cli-run.js';

const controller = new AbortController();
for (const signal of ['SIGINT', 'SIGTERM'] as const) process.on(signal, () => controller.abort());

runCli(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  env: process.env,
  stop: controller.signal,
}).then(
  (code) => process.exit(code),
  (err: unknown) => {
    console.error(`scanner: ${err instanceof Error ? err.message : String(err)}`);
    process.exit(1);
  },
);
