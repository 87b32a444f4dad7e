import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import {
  defaultTillName,
  FirstRunError,
  joinTarget,
  type JoinRequest,
  type VenueChoice,
} from './first-run.js';
import { firstRunCss, firstRunHtml, firstRunJs } from './first-run-page.js';
import { joinVenue } from './join-venue.js';
import { writeTerminalConfig, type TerminalConfig } from './terminal-config.js';
import { searchVenues, type VenueSearch } from './venue-discovery.js';

export type FirstRunChoice = { kind: 'host' } | { kind: 'terminal'; config: TerminalConfig };

export interface FirstRunOptions {
  /** Look for venues over mDNS (never in tests outside a network namespace). */
  browse: boolean;
  /** Where terminal.json is saved when this till joins a venue. */
  userDataDir: string;
  hostname: string;
  searchMs?: number;
}

export interface FirstRunScreen {
  /** The page to show, `http://127.0.0.1:<port>/<secret>/`. */
  readonly url: string;
  /** Settles once staff chose: host here, or joined (terminal.json already saved). */
  readonly choice: Promise<FirstRunChoice>;
  close(): Promise<void>;
}

interface StateView extends VenueSearch {
  browse: boolean;
  searching: boolean;
  defaultName: string;
}

const maxBodyBytes = 16 * 1024;
const contentSecurityPolicy =
  "default-src 'none'; script-src 'self'; style-src 'self'; connect-src 'self'; base-uri 'none'; " +
  "form-action 'none'; frame-ancestors 'none'";

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function send(res: ServerResponse, status: number, type: string, body: string): void {
  res.writeHead(status, {
    'content-type': type,
    'content-length': Buffer.byteLength(body),
    'cache-control': 'no-store',
    'content-security-policy': contentSecurityPolicy,
    'x-content-type-options': 'nosniff',
    'referrer-policy': 'no-referrer',
  });
  res.end(body);
}

const sendJson = (res: ServerResponse, status: number, body: unknown): void =>
  send(res, status, 'application/json; charset=utf-8', JSON.stringify(body));

async function readJson(req: IncomingMessage): Promise<Record<string, unknown>> {
  // JSON only: a cross-site form post cannot set this type without a preflight we never allow.
  if (!/^application\/json\b/i.test(req.headers['content-type'] ?? ''))
    throw new HttpError(415, 'Send JSON.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > maxBodyBytes) throw new HttpError(413, 'Too much data.');
    chunks.push(chunk);
  }
  let value: unknown;
  try {
    value = JSON.parse(Buffer.concat(chunks).toString('utf8') || '{}');
  } catch {
    throw new HttpError(400, 'Not JSON.');
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw new HttpError(400, 'Send a JSON object.');
  return value as Record<string, unknown>;
}

const optionalText = (value: unknown): string | undefined => (typeof value === 'string' ? value : undefined);

function joinRequestOf(body: Record<string, unknown>): JoinRequest {
  return {
    code: optionalText(body.code) ?? '',
    venueUrl: optionalText(body.venueUrl),
    url: optionalText(body.url),
    fingerprint: optionalText(body.fingerprint),
    name: optionalText(body.name),
  };
}

/**
 * Serves the first-run screen on loopback and carries out what staff choose there. The main
 * process shows it in a hardened window; tests drive it over real HTTP. Only this machine can
 * reach it, every path sits under a random secret (another local page cannot guess it), and the
 * Host header must be the loopback address (no DNS rebinding).
 */
export async function startFirstRunScreen(options: FirstRunOptions): Promise<FirstRunScreen> {
  const secret = randomBytes(18).toString('base64url');
  const prefix = `/${secret}/`;
  const script = await firstRunJs();
  let choices: VenueChoice[] = [];
  let lastSearch: VenueSearch = { choices: [], error: null };
  let searching: Promise<VenueSearch> | null = null;
  let joining = false;
  let decided = false;
  let settle!: (choice: FirstRunChoice) => void;
  const choice = new Promise<FirstRunChoice>((resolve) => (settle = resolve));

  const state = (): StateView => ({
    ...lastSearch,
    browse: options.browse,
    searching: searching !== null,
    defaultName: defaultTillName(options.hostname),
  });

  const search = async (): Promise<VenueSearch> => {
    if (!options.browse) return lastSearch;
    searching ??= searchVenues(options.searchMs).then((found) => {
      lastSearch = found;
      choices = found.choices;
      searching = null;
      return found;
    });
    return searching;
  };

  const decide = (made: FirstRunChoice): void => {
    decided = true;
    settle(made);
  };

  async function route(req: IncomingMessage, res: ServerResponse, expectedHost: string): Promise<void> {
    if (req.headers.host !== expectedHost) throw new HttpError(421, 'Wrong host.');
    const path = (req.url ?? '').split('?')[0] ?? '';
    if (!path.startsWith(prefix)) throw new HttpError(404, 'Not found.');
    const name = path.slice(prefix.length);
    if (req.method === 'GET') {
      if (name === '') return send(res, 200, 'text/html; charset=utf-8', firstRunHtml);
      if (name === 'first-run.js') return send(res, 200, 'text/javascript; charset=utf-8', script);
      if (name === 'first-run.css') return send(res, 200, 'text/css; charset=utf-8', firstRunCss);
      if (name === 'state') return sendJson(res, 200, state());
      throw new HttpError(404, 'Not found.');
    }
    if (req.method !== 'POST') throw new HttpError(405, 'Not allowed.');
    const body = await readJson(req);
    if (name === 'search') {
      await search();
      return sendJson(res, 200, state());
    }
    if (decided) throw new HttpError(409, 'This till is already set up.');
    if (name === 'host') {
      decide({ kind: 'host' });
      return sendJson(res, 200, { kind: 'host' });
    }
    if (name === 'join') {
      if (joining) throw new HttpError(409, 'Already joining; wait a moment.');
      joining = true;
      try {
        const target = joinTarget(joinRequestOf(body), choices, options.hostname);
        const config = await joinVenue(target);
        writeTerminalConfig(options.userDataDir, config);
        decide({ kind: 'terminal', config });
        return sendJson(res, 200, { kind: 'terminal', venue: config.venue, baseUrl: config.baseUrl });
      } catch (err) {
        if (err instanceof FirstRunError) throw new HttpError(400, err.message);
        throw err;
      } finally {
        joining = false;
      }
    }
    throw new HttpError(404, 'Not found.');
  }

  let expectedHost = '';
  const server = createServer((req, res) => {
    route(req, res, expectedHost).catch((err: unknown) => {
      const status = err instanceof HttpError ? err.status : 500;
      const message = err instanceof HttpError ? err.message : 'Something went wrong on this till.';
      if (!(err instanceof HttpError)) console.error('first-run screen:', err);
      if (!res.headersSent) sendJson(res, status, { error: { message } });
      else res.destroy();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ host: '127.0.0.1', port: 0 }, () => resolve());
  });
  const { port } = server.address() as AddressInfo;
  expectedHost = `127.0.0.1:${port}`;
  return {
    url: `http://${expectedHost}${prefix}`,
    choice,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
