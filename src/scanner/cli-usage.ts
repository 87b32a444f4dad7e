/**
 * The door CLI's command line: which commands there are, which options and arguments each takes,
 * and the one-line usage error (exit 64) for anything else. cli-run.ts runs what this parses.
 */
import { parseArgs } from 'node:util';

interface CommandSpec {
  usage: string;
  what: string;
  /** Its own options, beside the global --state, --json and --help. */
  options: readonly string[];
  /** What its one argument is, for "… needs …"; none when it takes no argument. */
  argument?: string;
}

const commands = {
  discover: {
    usage: 'discover [--timeout ms]',
    what: 'list Marquee servers on the LAN (mDNS)',
    options: ['timeout'],
  },
  pair: {
    usage: 'pair <qr-or-token> [--url U] [--fingerprint F] [--name N]',
    what: 'pair this door (a typed code finds the server over mDNS and checks it against its letters)',
    options: ['url', 'fingerprint', 'name'],
    argument: 'the pairing QR text or the typed code pair_….XXXXXX',
  },
  move: {
    usage: 'move <url>',
    what: 'follow the server to a new address (same certificate and store)',
    options: [],
    argument: "the server's new URL",
  },
  pull: {
    usage: 'pull [--full]',
    what: 'fetch the door pack (only changes after the first)',
    options: ['full'],
  },
  scan: {
    usage: 'scan <token> [--offline] [--out] [--deadline ms]',
    what: 'validate a ticket (online; offline after 300 ms)',
    options: ['offline', 'out', 'deadline'],
    argument: 'the ticket token',
  },
  sync: {
    usage: 'sync [--include-held]',
    what: 'upload scans made offline (held ones too: see status)',
    options: ['include-held'],
  },
  watch: { usage: 'watch', what: 'follow the live scan feed until Ctrl-C', options: [] },
  status: { usage: 'status', what: 'pairing, pack age, queued scans, last sync', options: [] },
} satisfies Record<string, CommandSpec>;

export type Command = keyof typeof commands;

const globalOptions = ['state', 'json', 'help'];

const optionConfig = {
  state: { type: 'string' },
  json: { type: 'boolean' },
  url: { type: 'string' },
  fingerprint: { type: 'string' },
  name: { type: 'string' },
  offline: { type: 'boolean' },
  out: { type: 'boolean' },
  full: { type: 'boolean' },
  'include-held': { type: 'boolean' },
  timeout: { type: 'string' },
  deadline: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

const column = 41;

export const usageText = [
  'usage: npm run scanner -- <command> [options]',
  ...Object.values(commands).map((c: CommandSpec) =>
    c.usage.length < column
      ? `  ${c.usage.padEnd(column)}${c.what}`
      : `  ${c.usage}\n${' '.repeat(column + 2)}${c.what}`,
  ),
  'options: --state FILE (or MARQUEE_SCANNER_STATE), --json',
].join('\n');

/** A command line the CLI cannot run: exit 64, and one line naming the command's usage. */
export class UsageError extends Error {
  constructor(
    message: string,
    readonly command: Command | null = null,
  ) {
    super(message);
  }

  /** The one line for stderr. */
  get line(): string {
    const usage = this.command
      ? `npm run scanner -- ${commands[this.command].usage}`
      : `npm run scanner -- <command> [options]; commands: ${Object.keys(commands).join(', ')}`;
    return `scanner: ${this.message}; usage: ${usage}`;
  }
}

const isCommand = (name: string | undefined): name is Command =>
  name !== undefined && Object.hasOwn(commands, name);

/** parseArgs' complaint, in one short line (its unknown-option advice runs on for two sentences). */
function parseProblem(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  const unknown = /^Unknown option '([^']+)'/.exec(message);
  if (unknown) return `unknown option '${unknown[1]}'`;
  return message.split(/\.\s|\n/)[0]!.replace(/\.$/, '');
}

const parse = (argv: readonly string[]) =>
  parseArgs({ args: [...argv], allowPositionals: true, options: optionConfig, strict: true });

export type CliValues = ReturnType<typeof parse>['values'];

export interface CommandLine {
  /** Null only with `help`. */
  command: Command | null;
  argument: string | undefined;
  values: CliValues;
  help: boolean;
}

/** Reads argv, or throws the UsageError that says what is wrong with it. */
export function parseCommandLine(argv: readonly string[]): CommandLine {
  let parsed;
  try {
    parsed = parse(argv);
  } catch (err) {
    // The command, if one can be made out, names the usage to show.
    let named: string | undefined;
    try {
      named = parseArgs({ args: [...argv], allowPositionals: true, options: optionConfig, strict: false })
        .positionals[0];
    } catch {
      named = undefined;
    }
    throw new UsageError(parseProblem(err), isCommand(named) ? named : null);
  }
  const { values, positionals } = parsed;
  const [name, ...rest] = positionals;
  const help = values.help === true;
  if (!isCommand(name)) {
    if (help && name === undefined) return { command: null, argument: undefined, values, help };
    throw new UsageError(name === undefined ? 'no command given' : `unknown command '${name}'`);
  }
  const spec: CommandSpec = commands[name];
  if (!help) {
    const foreign = Object.keys(values).find(
      (option) => !globalOptions.includes(option) && !spec.options.includes(option),
    );
    if (foreign) throw new UsageError(`--${foreign} is not an option of ${name}`, name);
    // `--state=` would open the file '' and fail with a raw ENOENT.
    if (values.state === '') throw new UsageError('--state needs a file', name);
    const expected = spec.argument ? 1 : 0;
    if (rest.length > expected) throw new UsageError(`unexpected argument '${rest[expected]}'`, name);
    if (spec.argument && rest.length === 0) throw new UsageError(`${name} needs ${spec.argument}`, name);
  }
  return { command: name, argument: rest[0], values, help };
}
