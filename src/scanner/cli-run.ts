/**
 * The door CLI's commands (`npm run scanner -- <command>`), as a function of argv and output
 * streams so tests can run it in-process. cli.ts is the thin process entry.
 */
import { homedir } from 'node:os';
import { join } from 'node:path';
import { discoverServers, type DiscoveredServer, type DiscoverOptions } from './discovery.js';
import { deadlineRangeMs, isDeadlineMs } from './deadline.js';
import { clockIsOff, howFarOff } from './door-clock.js';
import { doubleAdmissionText } from './double-admission.js';
import { revokedWords, type ScanOutcome } from './door-device.js';
import { isScannerError, ScannerError } from './errors.js';
import { displayFingerprint, normalizeFingerprint } from './fingerprint.js';
import { parseCommandLine, UsageError, usageText } from './cli-usage.js';
import { openDoor, pairDoor, type NodeDoor } from './node-door.js';
import {
  assertCodeFitsServer,
  codeFitsFingerprint,
  parsePairingCode,
  wrongServer,
  type PairingCode,
} from './pairing-code.js';

export interface CliIo {
  out: (line: string) => void;
  err: (line: string) => void;
  env: NodeJS.ProcessEnv;
  /** Ends `watch`; the process entry wires it to SIGINT/SIGTERM. */
  stop?: AbortSignal;
  /** What mDNS answers (default discovery.ts); tests hand in the servers a LAN would advertise. */
  discover?: (options: DiscoverOptions) => Promise<DiscoveredServer[]>;
}

/** Exit codes: 0 done (or admitted), 1 failure, 2 scan rejected, 64 usage. */
export const exitCodes = { ok: 0, failed: 1, rejected: 2, usage: 64 } as const;

export function defaultStateFile(env: NodeJS.ProcessEnv): string {
  return join(env.XDG_DATA_HOME ?? join(homedir(), '.local', 'share'), 'marquee', 'scanner.db');
}

const ago = (ms: number | null, now: number): string => {
  if (ms === null) return 'never';
  const s = Math.max(0, Math.round((now - ms) / 1000));
  if (s < 120) return `${s} s ago`;
  if (s < 7200) return `${Math.round(s / 60)} min ago`;
  return `${Math.round(s / 3600)} h ago`;
};

function describeScan(outcome: ScanOutcome): string {
  const verdict =
    outcome.result === 'admitted'
      ? outcome.direction === 'out'
        ? 'EXIT OK'
        : 'ADMITTED'
      : `REJECTED ${outcome.reason}`;
  const how =
    outcome.mode === 'online'
      ? `online, ${Math.round(outcome.ms)} ms`
      : `offline${outcome.fallback && outcome.fallback !== 'offline_mode' ? ` (${outcome.fallback})` : ''}, ${Math.round(outcome.ms)} ms, queued for sync`;
  const who = outcome.attendee?.name ? ` ${outcome.attendee.name}` : '';
  // A steward holding an old print says "this was replaced at 19:30" (this device's time zone).
  const replaced =
    outcome.replacedAt === undefined
      ? ''
      : ` (replaced at ${new Date(outcome.replacedAt).toLocaleTimeString('en-GB', { hour: '2-digit', minute: '2-digit' })})`;
  return `${verdict} ${outcome.ticketId ?? '-'}${who}${replaced} [${how}]`;
}

/** The pairing code given on the command line; one that does not parse is a usage error. */
function pairingArgument(text: string): PairingCode {
  try {
    return parsePairingCode(text);
  } catch (err) {
    if (isScannerError(err, 'bad_pairing_code')) throw new UsageError(err.message, 'pair');
    throw err;
  }
}

function urlOrigin(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    throw new UsageError(`--url is not a URL: ${url}`, 'pair');
  }
  // `localhost:47704` parses with the scheme "localhost:", and mailto:/ftp: have no origin the door can call.
  if ((parsed.protocol !== 'http:' && parsed.protocol !== 'https:') || parsed.hostname === '')
    throw new UsageError(`--url must be an http:// or https:// address: ${url}`, 'pair');
  return parsed.origin;
}

/**
 * Fills in what a bare token or a QR without fingerprint lacks from mDNS, or says what is missing.
 * Anyone on the LAN can answer mDNS, so a code taken that way must carry its check letters, and
 * only a server whose advertised certificate fits them is chosen (DoorDevice.pair checks again).
 */
async function completeCode(
  code: PairingCode,
  url: string | undefined,
  fingerprint: string | undefined,
  io: CliIo,
): Promise<PairingCode> {
  const pinned = fingerprint ? normalizeFingerprint(fingerprint) : code.fingerprint;
  if (fingerprint && !pinned)
    throw new UsageError(`--fingerprint is not a SHA-256 fingerprint: ${fingerprint}`, 'pair');
  let target = url ? urlOrigin(url) : code.url;
  if (target && (pinned || target.startsWith('http:'))) return { ...code, url: target, fingerprint: pinned };
  // A fingerprint a person gave (or the QR's) is the check itself: mDNS only supplies the address.
  if (code.check === undefined && !pinned)
    throw new ScannerError(
      'bad_pairing_code',
      'a bare pairing token cannot tell the box office from another device answering on the network: ' +
        'type the whole code with the six check letters after the dot (pair_….K7QM9T), scan the QR, ' +
        'or pass --url and --fingerprint',
    );
  io.err('looking for the server on the LAN (mDNS)…');
  const discover = io.discover ?? discoverServers;
  const servers = (await discover({ timeoutMs: 4_000 })).filter((s) => s.version === '2' && s.baseUrl);
  const candidates = servers.filter(
    (s) =>
      (!target || s.baseUrl === target || s.addresses.some((a) => target === `https://${a}:${s.port}`)) &&
      (!pinned || s.fingerprint === pinned),
  );
  if (candidates.length === 0) {
    throw new ScannerError(
      'not_found',
      target
        ? `no fingerprint for ${target}: scan the full pairing QR or pass --fingerprint`
        : pinned
          ? `no Marquee server with certificate ${displayFingerprint(pinned)} found on the LAN; pass --url too, or scan the full QR`
          : 'no Marquee server found on the LAN; pass --url and --fingerprint, or scan the full QR',
    );
  }
  const match: DiscoveredServer | undefined = candidates.find((s) =>
    codeFitsFingerprint(code, s.fingerprint),
  );
  if (!match) {
    const [only] = candidates;
    if (candidates.length === 1 && only) assertCodeFitsServer(code, only.baseUrl!, only.fingerprint);
    throw wrongServer(`None of the ${candidates.length} servers that answered on this network is`);
  }
  target ??= match.baseUrl;
  return { ...code, url: target, fingerprint: match.fingerprint };
}

async function withDoor<T>(
  file: string,
  work: (door: NodeDoor) => Promise<T>,
  deadlineMs?: number,
): Promise<T> {
  const door = openDoor(file, { deadlineMs });
  try {
    return await work(door);
  } finally {
    await door.close();
  }
}

export async function runCli(argv: readonly string[], io: CliIo): Promise<number> {
  let line;
  try {
    line = parseCommandLine(argv);
  } catch (err) {
    if (!(err instanceof UsageError)) throw err;
    io.err(err.line);
    return exitCodes.usage;
  }
  const { command, argument, values } = line;
  if (line.help || !command) {
    io.out(usageText);
    return exitCodes.ok;
  }
  const stateFile = values.state ?? io.env.MARQUEE_SCANNER_STATE ?? defaultStateFile(io.env);
  const print = (text: string, data: unknown): void => io.out(values.json ? JSON.stringify(data) : text);

  try {
    switch (command) {
      case 'discover': {
        const timeoutMs = values.timeout === undefined ? 3_000 : Number(values.timeout);
        if (!Number.isInteger(timeoutMs) || timeoutMs < 100 || timeoutMs > 60_000)
          throw new UsageError('--timeout must be 100–60000 ms', command);
        const servers = await (io.discover ?? discoverServers)({ timeoutMs });
        if (values.json) io.out(JSON.stringify(servers));
        else if (servers.length === 0) io.out('no Marquee servers found');
        else
          for (const s of servers)
            io.out(
              `${s.venue ?? s.name}  ${s.baseUrl ?? `(no fingerprint advertised) ${s.addresses[0] ?? s.host}:${s.port}`}  v${s.version ?? '?'}` +
                (s.fingerprint ? `  fp ${displayFingerprint(s.fingerprint)}` : ''),
            );
        return exitCodes.ok;
      }
      case 'pair': {
        const code = await completeCode(pairingArgument(argument!), values.url, values.fingerprint, io);
        const door = await pairDoor(stateFile, code, values.name ?? 'Door');
        try {
          const pairing = door.device.pairing!;
          const pulled = pairing.eventId ? await door.device.pull() : null;
          print(
            `paired as ${pairing.deviceId} (${pairing.deviceName}) with ${pairing.baseUrl}` +
              (pairing.fingerprint ? `, certificate ${displayFingerprint(pairing.fingerprint)}` : '') +
              (pulled
                ? `; door pack for ${pairing.eventId} pulled`
                : '; no event on the pairing: run `pull` after choosing one'),
            {
              device_id: pairing.deviceId,
              base_url: pairing.baseUrl,
              fingerprint: pairing.fingerprint,
              event_id: pairing.eventId,
              pulled,
            },
          );
        } finally {
          await door.close();
        }
        return exitCodes.ok;
      }
      case 'move':
        return await withDoor(stateFile, async (door) => {
          const from = door.device.pairing?.baseUrl;
          const moved = await door.device.moveTo(argument!);
          const pulled = moved.eventId ? await door.device.pull({ full: true }) : null;
          print(
            `moved ${moved.deviceId} (${moved.deviceName}) from ${from} to ${moved.baseUrl}; ` +
              `${door.device.status().queued} queued scans upload at the next sync` +
              (pulled ? `; door pack for ${moved.eventId} pulled` : ''),
            { device_id: moved.deviceId, from, base_url: moved.baseUrl, pulled },
          );
          return exitCodes.ok;
        });
      case 'pull':
        return await withDoor(stateFile, async (door) => {
          const pulled = await door.device.pull({ full: values.full });
          print(
            `${pulled.full ? 'full' : 'delta'} door pack: ${pulled.revoked} revoked, ${pulled.scanned} inside, ${pulled.exited} exited (cursor ${pulled.cursor ?? '-'})`,
            pulled,
          );
          return exitCodes.ok;
        });
      case 'scan': {
        const token = argument!;
        const deadlineMs = values.deadline === undefined ? undefined : Number(values.deadline);
        if (deadlineMs !== undefined && !isDeadlineMs(deadlineMs))
          throw new UsageError(
            `--deadline must be ${deadlineRangeMs.min}–${deadlineRangeMs.max} ms`,
            command,
          );
        return await withDoor(
          stateFile,
          async (door) => {
            const outcome = await door.device.scan(token, {
              offline: values.offline,
              direction: values.out ? 'out' : 'in',
            });
            print(describeScan(outcome), outcome);
            return outcome.result === 'admitted' ? exitCodes.ok : exitCodes.rejected;
          },
          deadlineMs,
        );
      }
      case 'sync':
        return await withDoor(stateFile, async (door) => {
          const report = await door.device.sync({ includeHeld: values['include-held'] });
          const held = door.device.status().held;
          print(
            `synced ${report.uploaded} scans: ${report.admitted} admitted, ${report.rejected} rejected, ${report.conflicts} conflicts` +
              (report.disagreements.length
                ? `, ${report.disagreements.length} decided differently by the server`
                : '') +
              (report.setAside > 0
                ? `; ${report.setAside} scans set aside (the server refused their time: older than 7 days, or this device's clock was ahead)`
                : ''),
            { ...report, held },
          );
          for (const d of values.json ? [] : report.disagreements)
            io.out(
              `  ${d.conflict ? 'CONFLICT' : 'differs'} ${d.ticketId ?? '-'}: door ${d.localResult}, server ${d.serverResult}${d.serverReason ? ` (${d.serverReason})` : ''}` +
                (d.doubleAdmission ? `; ${doubleAdmissionText(d.doubleAdmission)}` : ''),
            );
          if (held > 0 && !values.json) io.out(heldWords(held));
          return exitCodes.ok;
        });
      case 'watch':
        return await withDoor(stateFile, async (door) => {
          const controller = new AbortController();
          io.stop?.addEventListener('abort', () => controller.abort(), { once: true });
          await door.device.follow({
            signal: controller.signal,
            onStatus: (status, error) =>
              io.err(
                status === 'connected'
                  ? 'live'
                  : `disconnected${error instanceof Error ? `: ${error.message}` : ''}; reconnecting`,
              ),
            onScan: (scan) =>
              print(
                `${scan.scanned_at} ${scan.result === 'admitted' ? (scan.direction === 'out' ? 'EXIT' : 'ADMITTED') : `REJECTED ${scan.reason}`} ${scan.ticket_id ?? '-'} by ${scan.device_id ?? '-'}${scan.conflict ? ' CONFLICT' : ''}`,
                { type: 'scan', ...scan },
              ),
            // This door's entry counted and another door let the same ticket in: said on its own line.
            onDoubleAdmission: (record) =>
              print(
                `DOUBLE ADMISSION ${record.ticketId ?? '-'}: ${record.doubleAdmission ? doubleAdmissionText(record.doubleAdmission) : 'let in here and at another door'}`,
                { type: 'double_admission', ...record },
              ),
            onTicket: (change) =>
              print(`ticket ${change.ticket_id ?? '-'} ${change.change ?? ''}`, {
                type: 'ticket',
                ...change,
              }),
          });
          return exitCodes.ok;
        });
      case 'status':
        return await withDoor(stateFile, async (door) => {
          const s = door.device.status();
          const now = Date.now();
          const clockOffset = door.state.clockOffsetMs();
          if (values.json) {
            io.out(JSON.stringify({ state_file: stateFile, ...s, clock_offset_ms: clockOffset }));
            return exitCodes.ok;
          }
          io.out(`state: ${stateFile}`);
          io.out(
            s.pairing
              ? `paired: ${s.pairing.deviceId} (${s.pairing.deviceName}) with ${s.pairing.baseUrl}, event ${s.pairing.eventId ?? '-'}${s.pairing.revokedAt !== undefined ? ' (REVOKED: the server no longer accepts this door; pair it again)' : ''}`
              : 'paired: no',
          );
          io.out(
            `door pack: ${s.packGeneratedAt ? `generated ${s.packGeneratedAt}, pulled ${ago(s.packPulledAt, now)}${s.eventTitle ? ` (${s.eventTitle})` : ''}` : 'none'}`,
          );
          io.out(`known: ${s.admissions} admitted tickets, ${s.revoked} revoked`);
          io.out(
            `queued scans: ${s.queued}; last sync: ${ago(s.lastSyncAt, now)}; conflicts: ${s.conflicts}`,
          );
          if (s.held > 0) io.out(heldWords(s.held));
          if (s.setAside > 0)
            io.out(
              `set aside: ${s.setAside} scans the server refused by time (older than 7 days, or this device's clock was ahead)`,
            );
          io.out(`clock: ${clockWords(clockOffset)}`);
          return exitCodes.ok;
        });
    }
  } catch (err) {
    if (err instanceof UsageError) {
      io.err(err.line);
      return exitCodes.usage;
    }
    // The key refused (revoked at the box office): said as the scan says it, not as a raw 401.
    const revoked =
      isScannerError(err, 'http_error') && err.status === 401 && err.apiCode === 'invalid_api_key';
    io.err(`scanner: ${revoked ? revokedWords : err instanceof Error ? err.message : String(err)}`);
    return exitCodes.failed;
  }
}

/** Scans recorded under a revoked pairing wait for a person's decision (device-state.ts `held`). */
const heldWords = (held: number): string =>
  `held back: ${held} scans recorded before this door was revoked are held back, not uploaded; \`sync --include-held\` uploads them under this pairing`;

/** What `status` says of this device's clock against the venue server's (door-clock.ts). */
function clockWords(offsetMs: number | null): string {
  if (offsetMs === null) return 'not compared with the venue server yet';
  if (!clockIsOff(offsetMs)) return 'agrees with the venue server';
  const side = offsetMs > 0 ? 'behind' : 'ahead of';
  return `${howFarOff(offsetMs)} ${side} the venue server; scanning on the server's time meanwhile (set this device's clock)`;
}
