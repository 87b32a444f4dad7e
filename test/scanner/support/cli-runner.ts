import { runCli } from '../../../src/scanner/cli-run.js';

/** What one `npm run scanner -- …` printed, line by line, and its exit code. */
export interface CliRun {
  code: number;
  out: string[];
  err: string[];
}

/** Runs the door CLI in process, as `npm run scanner -- <argv>` with its state file at `state`. */
export async function runCliOn(state: string, argv: string[]): Promise<CliRun> {
  const out: string[] = [];
  const err: string[] = [];
  const code = await runCli(argv, {
    out: (l) => out.push(l),
    err: (l) => err.push(l),
    env: { MARQUEE_SCANNER_STATE: state },
  });
  return { code, out, err };
}
