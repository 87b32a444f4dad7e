import { createHash, randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import { ApiError, invalidField, notFound } from '../errors.js';
import { newId } from '../ids.js';
import {
  Device,
  Paired,
  Pairing,
  type DeviceView,
  type PairedView,
  type PairInput,
  type PairingInput,
  type PairingView,
} from '../schemas/devices.js';
import { responseJson } from '../schemas/response-json.js';
import type { DeviceRow, DevicesRepo } from '../store/devices-repo.js';
import type { EventsRepo } from '../store/events-repo.js';
import { ListCursor, toPage, type Page } from '../store/pagination.js';
import { isoOrNull, toIso } from '../time.js';
import { serverAction, type ActionContext } from './action-context.js';
import type { ActionRunner, Answer } from './action-runner.js';
import { newSecret, viewApiKey, type ApiKeyRecord, type ApiKeys } from './api-keys.js';
import type { DevicePresence, KnownDevice } from './device-presence.js';
import type { PublicUrls } from './public-urls.js';
import { pairingLifetimeMs } from '../../shared/pairing-lifetime.js';

/** "The current event" a door is paired to by default: doors opening within this window of now. */
export const currentEventWindow = { beforeMs: 12 * 60 * 60 * 1000, afterMs: 24 * 60 * 60 * 1000 };

const scopeWords: Record<PairInput['scope'] & string, string> = {
  scanner: 'door scanner',
  box_office: 'box office till',
  kiosk: 'kiosk',
};
/** A device heard from within this window is shown online. */
export const onlineWindowMs = 2 * 60 * 1000;

const deviceJson = responseJson(Device);
const pairingJson = responseJson(Pairing);
const pairedJson = responseJson(Paired);

export interface DevicesDeps {
  actions: ActionRunner;
  repo: DevicesRepo;
  events: EventsRepo;
  keys: ApiKeys;
  presence: DevicePresence;
  urls: PublicUrls;
  /** SHA-256 of the TLS certificate, null when serving plain HTTP. */
  certFingerprint: () => string | null;
  /** Ends whatever the key still holds open (scan feed streams) once it is revoked. */
  onKeyRevoked: (apiKeyId: string) => void;
  now: () => number;
}

const hashToken = (token: string): string => createHash('sha256').update(token).digest('hex');

const invalidPairingToken = (message: string): ApiError =>
  new ApiError(400, 'invalid_pairing_token', message, 'pairing_token');

/** The pairing link a door app reads from the QR code; documented in docs/api.md "Scanning". */
export function pairingUri(serverUrl: string, fingerprint: string | null, token: string): string {
  const query = new URLSearchParams({
    url: serverUrl,
    fp: fingerprint ?? '',
    token,
  });
  return `marquee://pair?${query.toString()}`;
}

/** Door devices and tills: one-time pairing, their keys, whether they are online, revocation. */
export class DevicesService {
  constructor(private readonly deps: DevicesDeps) {}

  require(id: string, param = 'id'): DeviceRow {
    const row = this.deps.repo.find(id);
    if (!row) throw notFound('device', id, param);
    return row;
  }

  /** When the device was retired: revoked itself, or its key revoked through /v2/api_keys. */
  private revokedAt(row: DeviceRow): number | null {
    const key = row.api_key_id ? this.findKey(row.api_key_id) : undefined;
    return row.revoked_at ?? key?.revokedAt ?? null;
  }

  view(row: DeviceRow): DeviceView {
    const lastSeen = this.deps.presence.lastSeen(row);
    const revokedAt = this.revokedAt(row);
    return {
      id: row.id,
      name: row.name,
      scope: row.scope,
      event_id: row.event_id,
      api_key_id: row.api_key_id,
      created_at: toIso(row.created_at),
      last_seen_at: isoOrNull(lastSeen),
      revoked_at: isoOrNull(revokedAt),
      online: revokedAt === null && lastSeen !== null && this.deps.now() - lastSeen < onlineWindowMs,
    };
  }

  get(id: string): DeviceView {
    return this.view(this.require(id));
  }

  list(limit: number, cursor: string | undefined): Page<DeviceView> {
    const list = new ListCursor('devices');
    const rows = this.deps.repo.page(list.decode(cursor), limit + 1);
    return toPage(rows, limit, (row) => this.view(row), list);
  }

  async startPairing(action: ActionContext, input: PairingInput): Promise<Answer<PairingView>> {
    const { repo, events, urls, now } = this.deps;
    const scope = input.scope ?? 'scanner';
    // A door is for tonight's show unless told otherwise (null: any event).
    const eventId =
      input.event_id === undefined
        ? scope === 'scanner'
          ? (events.current(now(), currentEventWindow)?.id ?? null)
          : null
        : input.event_id;
    if (eventId !== null && !events.find(eventId)) throw notFound('event', eventId, 'event_id');
    const token = `pair_${randomBytes(24).toString('base64url')}`;
    const fingerprint = this.deps.certFingerprint();
    const qr = pairingUri(urls.base, fingerprint, token);
    // Drawn before the transaction, which must not wait on anything.
    const qrSvg = await QRCode.toString(qr, {
      type: 'svg',
      errorCorrectionLevel: 'M',
      margin: 2,
    });
    return this.deps.actions.run(action, pairingJson, (tx) => {
      const at = now();
      const expiresAt = at + pairingLifetimeMs;
      repo.purgePairingTokens(at - 24 * 60 * 60 * 1000);
      repo.insertPairingToken({
        token_hash: hashToken(token),
        scope,
        event_id: eventId,
        created_at: at,
        expires_at: expiresAt,
      });
      // The token is the credential: the trail says a pairing was offered, never the token.
      tx.audit({
        action: 'device.pairing_started',
        objectType: 'device_pairing',
        objectId: eventId ?? scope,
        data: { scope, event_id: eventId, expires_at: toIso(expiresAt) },
      });
      return {
        pairing_token: token,
        expires_at: toIso(expiresAt),
        scope,
        event_id: eventId,
        server_url: urls.base,
        cert_fingerprint: fingerprint,
        qr,
        qr_svg: qrSvg,
      };
    });
  }

  /**
   * Trades a pairing token, once and within 5 minutes, for a device and its own API key. A
   * caller that says what it is (`scope`) is refused a code made for another kind of device
   * before anything is written: no device, no key, and the code still pairs the right device.
   */
  pair(action: ActionContext, input: PairInput): Promise<Answer<PairedView>> {
    const { repo, keys, presence, now } = this.deps;
    const { pairing_token: token, name } = input;
    const hash = hashToken(token);
    return this.deps.actions.run(action, pairedJson, (tx) => {
      const at = now();
      const pairing = repo.pairingToken(hash);
      if (!pairing)
        throw invalidPairingToken(
          'This pairing token is not one this server issued. Ask for a new pairing code.',
        );
      if (pairing.used_at !== null)
        throw invalidPairingToken(
          'This pairing token has already been used; each one pairs a single device.',
        );
      if (pairing.expires_at <= at)
        throw invalidPairingToken(
          'This pairing token has expired (they live 5 minutes). Ask for a new pairing code.',
        );
      if (input.scope !== undefined && input.scope !== pairing.scope)
        throw new ApiError(
          400,
          'pairing_scope_mismatch',
          `This pairing code is for another till (${scopeWords[pairing.scope]}), not a ${scopeWords[input.scope]}; it was not used. Make a ${scopeWords[input.scope]} pairing code instead.`,
          'scope',
        );
      const deviceId = newId('device');
      if (!repo.claimPairingToken(hash, deviceId, at))
        throw invalidPairingToken(
          'This pairing token has already been used; each one pairs a single device.',
        );
      repo.insert({
        id: deviceId,
        name,
        scope: pairing.scope,
        event_id: pairing.event_id,
        api_key_id: null,
        created_at: at,
      });
      // The key and the device start to work in memory only once all of this has committed.
      const { key, secret } = keys.create(`device: ${name}`, pairing.scope, newSecret(), tx);
      repo.setApiKey(deviceId, key.id);
      tx.audit({
        action: 'device.paired',
        objectType: 'device',
        objectId: deviceId,
        data: { name, scope: pairing.scope, event_id: pairing.event_id, api_key_id: key.id },
      });
      const row = this.require(deviceId);
      tx.afterCommit(() => presence.register(row));
      return {
        device: this.view(row),
        api_key: { ...viewApiKey(key), scope: pairing.scope, secret },
      };
    });
  }

  /** Revoking twice is harmless; the device's key stops working at once. */
  revoke(action: ActionContext, id: string): Promise<Answer<DeviceView>> {
    const { repo, keys, presence, now } = this.deps;
    return this.deps.actions.run(action, deviceJson, (tx) => {
      const current = this.require(id);
      const keyId = current.api_key_id;
      if (keyId && this.findKey(keyId)) keys.revoke(keyId, tx);
      if (current.revoked_at === null) {
        tx.audit({
          action: 'device.revoked',
          objectType: 'device',
          objectId: id,
          data: { name: current.name },
        });
      } else tx.unchanged();
      repo.revoke(id, now());
      if (keyId) {
        tx.afterCommit(() => {
          presence.forget(keyId);
          this.deps.onKeyRevoked(keyId);
        });
      }
      return this.view(this.require(id));
    });
  }

  /**
   * Records, as the server's own action, that this start made a new LAN certificate where devices
   * may have pinned the old one (app.ts warns in the log too). Answers how many devices are still
   * paired: the new fingerprint matches none of their pins, so each must pair again.
   */
  async certificateReplaced(fingerprint: string, reason: string): Promise<number> {
    const done = await this.deps.actions.run(serverAction(), String, (tx) => {
      const paired = this.deps.repo.all().filter((row) => this.view(row).revoked_at === null).length;
      tx.audit({
        action: 'certificate.replaced',
        objectType: 'certificate',
        objectId: fingerprint,
        data: { reason, paired_devices: paired },
      });
      return paired;
    });
    return done.value;
  }

  /**
   * The device a scan is made by. A device's own key always scans as that device; naming another
   * one is refused rather than silently misfiling its scans.
   */
  resolve(caller: ApiKeyRecord | null, deviceId: string | undefined): KnownDevice | null {
    const own = this.deps.presence.deviceFor(caller);
    if (own) {
      if (deviceId !== undefined && deviceId !== own.id)
        throw invalidField(
          'device_id',
          `This key belongs to device ${own.id}; a device reports scans as itself.`,
        );
      return own;
    }
    if (deviceId === undefined) return null;
    const row = this.require(deviceId, 'device_id');
    // A revoked door is gone from the venue: no other key may record its scans for it either.
    const revokedAt = this.revokedAt(row);
    if (revokedAt !== null) {
      throw new ApiError(
        409,
        'device_revoked',
        `Device ${row.id} was revoked at ${toIso(revokedAt)}: scans are not taken for it. Pair the door again, or scan without device_id.`,
        'device_id',
      );
    }
    return { id: row.id, event_id: row.event_id };
  }

  private findKey(id: string): ApiKeyRecord | undefined {
    try {
      return this.deps.keys.get(id);
    } catch {
      return undefined;
    }
  }
}
