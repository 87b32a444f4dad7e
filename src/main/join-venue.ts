import { isScannerError } from '../scanner/errors.js';
import { displayFingerprint } from '../scanner/fingerprint.js';
import { PinnedTransport } from '../scanner/pinned-transport.js';
import type { TransportResponse } from '../scanner/transport.js';
import { FirstRunError, type JoinTarget } from './first-run.js';
import type { TerminalConfig } from './terminal-config.js';

const timeoutMs = 10_000;

interface PairedAnswer {
  device: { id: string };
  api_key: { id: string; scope: string; secret: string };
}

function apiMessage(answer: TransportResponse): string {
  const error = (answer.body as { error?: { message?: unknown } } | null)?.error;
  return typeof error?.message === 'string' ? error.message : `the server answered ${answer.status}`;
}

function isPaired(body: unknown): body is PairedAnswer {
  const b = body as Partial<PairedAnswer> | null;
  return (
    typeof b?.device?.id === 'string' &&
    typeof b.api_key?.secret === 'string' &&
    typeof b.api_key.id === 'string' &&
    typeof b.api_key.scope === 'string'
  );
}

/**
 * Pairs this till with the venue server as a `box_office` device and proves the new key works.
 * Every request goes through the pinned transport, so the one-time token is never sent to a
 * server whose certificate is not the pinned one (the check runs before the request is written).
 */
export async function joinVenue(target: JoinTarget, now: () => number = Date.now): Promise<TerminalConfig> {
  let transport: PinnedTransport;
  try {
    transport = new PinnedTransport(target.url, { fingerprint: target.fingerprint });
  } catch (err) {
    throw new FirstRunError(isScannerError(err) ? err.message : String(err));
  }
  try {
    const paired = await transport.request({
      method: 'POST',
      path: '/v2/devices/pair',
      body: { pairing_token: target.token, name: target.name },
      timeoutMs,
    });
    if (paired.status !== 200) throw new FirstRunError(`Pairing was refused: ${apiMessage(paired)}`);
    if (!isPaired(paired.body))
      throw new FirstRunError('The venue server sent an unexpected pairing answer.');
    const { device, api_key: key } = paired.body;
    if (key.scope !== 'box_office')
      throw new FirstRunError(
        `That code pairs a ${key.scope === 'scanner' ? 'door scanner' : key.scope} (now listed as ` +
          `"${target.name}" on the host; revoke it there). On the host choose "Another till" and try again.`,
      );
    // The venue name doubles as proof that the new key is accepted.
    const settings = await transport.request({
      method: 'GET',
      path: '/v2/settings',
      headers: { authorization: `Bearer ${key.secret}` },
      timeoutMs,
    });
    if (settings.status !== 200)
      throw new FirstRunError(`The venue server does not accept the new key: ${apiMessage(settings)}`);
    const venueName = (settings.body as { venue_name?: unknown } | null)?.venue_name;
    return {
      version: 1,
      baseUrl: transport.baseUrl,
      fingerprint: target.fingerprint,
      apiKey: key.secret,
      apiKeyId: key.id,
      deviceId: device.id,
      venue: typeof venueName === 'string' ? venueName : target.venue,
      pairedAt: new Date(now()).toISOString(),
    };
  } catch (err) {
    if (err instanceof FirstRunError) throw err;
    if (isScannerError(err, 'pin_mismatch'))
      throw new FirstRunError(
        `The server at ${target.url} did not show the expected certificate ` +
          `(${displayFingerprint(target.fingerprint ?? '')}), so nothing was sent to it. Check the address and ` +
          'the code on the host.',
      );
    if (isScannerError(err)) throw new FirstRunError(`Could not reach the venue server: ${err.message}`);
    throw err;
  } finally {
    transport.close();
  }
}
