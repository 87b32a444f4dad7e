import { spawn } from 'node:child_process';
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

/**
 * Runs the door CLI as its own process (`node --import tsx src/scanner/cli.ts`), as a door that
 * was switched off and on again between two commands: nothing carries over but the state file.
 * Asynchronous, so a venue server in this test process keeps answering meanwhile.
 */
export function runCliProcess(state: string, argv: string[], env: NodeJS.ProcessEnv = {}): Promise<CliRun> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'src/scanner/cli.ts', ...argv], {
      env: { ...process.env, MARQUEE_SCANNER_STATE: state, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
      timeout: 60_000,
    });
    let stdout = '';
    let stderr = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    child.on('close', (code, signal) => {
      if (code === null) reject(new Error(`scanner ${argv[0]} ended by ${signal}: ${stderr}`));
      else resolve({ code, out: lines(stdout), err: lines(stderr) });
    });
  });
}

const lines = (text: string): string[] => text.split('\n').filter((line) => line !== '');
