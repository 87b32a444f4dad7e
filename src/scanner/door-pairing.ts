/**
 * Pairing a door: a code traded for a device key, a revoked old pairing found out, a move to the
 * venue server's new address checked, and the words a door says when its key is refused.
 */
import type { Pairing } from './device-state.js';
import { DoorApi } from './door-api.js';
import type { DoorDeviceOptions } from './door-outcomes.js';
import { isScannerError, ScannerError } from './errors.js';
import { assertCodeFitsServer, type PairingCode } from './pairing-code.js';
import type { Transport } from './transport.js';

/** Pairing again asks with the old key whether it was revoked; a server this slow is taken as no answer. */
const revocationCheckTimeoutMs = 3_000;

/**
 * Trades a pairing code for a device key, makes sure an old pairing revoked while the door was away
 * holds its queued scans back, and saves the new pairing. Answers the pairing and the transport
 * that reached the server, for the door to go on with.
 */
export async function pairWithCode(
  code: PairingCode,
  name: string,
  options: DoorDeviceOptions,
): Promise<{ pairing: Pairing; transport: Transport }> {
  if (!code.url) throw new ScannerError('bad_pairing_code', 'no server URL: scan the full QR, or pass --url');
  // The certificate about to be pinned must be the one the typed code was made behind. Without a
  // fingerprint there is nothing to pin: the browser's door page trusts the origin it loaded
  // from, and plain HTTP is allowed only on this machine.
  if (code.fingerprint !== null) assertCodeFitsServer(code, code.url, code.fingerprint);
  const provisional: Pairing = {
    baseUrl: code.url,
    fingerprint: code.fingerprint,
    apiKey: '',
    deviceId: '',
    deviceName: name,
    eventId: null,
    pairedAt: 0,
  };
  const transport = options.transport(provisional);
  // A till's or kiosk's code is refused by the server before it makes a device or a key, so a
  // wrong code leaves nothing behind; the check below covers a server from before that rule.
  let answer;
  try {
    answer = await new DoorApi(transport, null).pair(code.token, name, 'scanner');
  } catch (err) {
    if (isScannerError(err, 'http_error') && err.apiCode === 'pairing_scope_mismatch')
      throw new ScannerError('bad_pairing_code', err.message.replace(/^.*?: /, ''));
    throw err;
  }
  if (answer.device.scope !== 'scanner')
    throw new ScannerError(
      'bad_pairing_code',
      `This pairing code is for another till (${answer.device.scope}), not a door scanner. Ask for a door scanner code (Settings › Pairing › Door scanner).`,
    );
  const pairing: Pairing = {
    ...provisional,
    baseUrl: transport.baseUrl,
    apiKey: answer.api_key.secret,
    deviceId: answer.device.id,
    eventId: answer.device.event_id,
    pairedAt: (options.now ?? Date.now)(),
  };
  await learnWhetherRevoked(options);
  options.state.savePairing(pairing);
  return { pairing, transport };
}

/**
 * A door revoked while it was away (switched off, out of Wi-Fi) never heard of it, and pairing
 * again would upload its queue under the new pairing as if nothing had happened. With scans
 * still queued, its old key asks the server once first: refused, the old pairing is marked
 * revoked, so savePairing holds those scans back for a manager to decide (sync --include-held).
 * No answer (another venue's server, no network) leaves things as they were.
 */
async function learnWhetherRevoked(options: DoorDeviceOptions): Promise<void> {
  const old = options.state.loadPairing();
  if (!old || old.revokedAt !== undefined || !old.apiKey || options.state.status().queued === 0) return;
  const now = options.now ?? Date.now;
  const api = new DoorApi(options.transport(old), old.apiKey, () =>
    options.state.savePairing({ ...old, revokedAt: now() }),
  );
  try {
    await api.occupancy(old.eventId, { timeoutMs: revocationCheckTimeoutMs });
  } catch {
    // Refused: told through the callback above. Anything else: not known, nothing to change.
  }
}

/**
 * Answers once the server behind `transport` (the venue server at another address) accepts this
 * door's key; refuses in words when it does not: another venue server, or this door revoked there.
 */
export async function confirmKeyAccepted(transport: Transport, current: Pairing): Promise<void> {
  let keyRefused = false;
  // Not this door's revocation callback: a server that does not know the key may be another one.
  const api = new DoorApi(transport, current.apiKey, () => (keyRefused = true));
  try {
    await api.occupancy(current.eventId);
  } catch (err) {
    if (!keyRefused) throw err;
    throw new ScannerError(
      'device_revoked',
      `the server at ${transport.baseUrl} does not accept this door's key: it is another venue server, or this door was revoked there. Nothing was changed; pair this door with it instead`,
    );
  }
}

/** The words a door says when the server refuses its key, wherever that is found out. */
export const revokedWords =
  'The venue server no longer accepts this door’s key (the device was revoked). Pair it again.';

export const revokedError = (status = 401, apiCode: string | undefined = 'invalid_api_key'): ScannerError =>
  new ScannerError('device_revoked', revokedWords, status, apiCode);
