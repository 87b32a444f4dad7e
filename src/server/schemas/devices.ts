import { Type, type Static } from 'typebox';
import { FilledText, Nullable, Timestamp, ref } from './common.js';

const deviceScope = Type.Enum(['scanner', 'box_office', 'kiosk'], {
  description: 'scanner: a door; box_office: another till; kiosk: a customer self-service screen',
});

export const Device = Type.Object(
  {
    id: Type.String({ description: 'dev_ id' }),
    name: Type.String(),
    scope: deviceScope,
    event_id: Nullable(Type.String()),
    api_key_id: Nullable(Type.String()),
    created_at: Timestamp,
    last_seen_at: Nullable(Timestamp),
    revoked_at: Nullable(Timestamp),
    online: Type.Boolean({
      description: 'Heard from (validate, sync, door pack, scan feed) in the last 2 minutes',
    }),
  },
  { $id: 'Device', description: 'A paired door device or till' },
);
export type DeviceView = Static<typeof Device>;

export const PairingBody = Type.Object(
  {
    event_id: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 80,
          description:
            "Pin the device to this event's door. Omitted, a door (scope scanner) is pinned to the current event: the published one whose doors open nearest to now, from 12 h ago to 24 h ahead (none: any event). null: any event.",
        }),
      ),
    ),
    scope: Type.Optional(deviceScope),
  },
  { additionalProperties: false },
);
export type PairingInput = Static<typeof PairingBody>;

export const Pairing = Type.Object({
  pairing_token: Type.String({ description: 'One-time; lives 5 minutes; only its hash is stored' }),
  expires_at: Timestamp,
  scope: deviceScope,
  event_id: Nullable(Type.String()),
  server_url: Type.String({ description: 'Base URL the device should call' }),
  cert_fingerprint: Nullable(
    Type.String({
      description: 'SHA-256 of the server certificate (colon hex), to pin; null over plain HTTP',
    }),
  ),
  qr: Type.String({
    description: 'marquee://pair?url=<server_url>&fp=<cert_fingerprint or empty>&token=<pairing_token>',
  }),
  qr_svg: Type.String({ description: 'The qr string as an SVG QR code' }),
});
export type PairingView = Static<typeof Pairing>;

export const PairBody = Type.Object(
  {
    pairing_token: Type.String({ minLength: 1, maxLength: 200 }),
    name: FilledText({ minLength: 1, maxLength: 100 }),
    scope: Type.Optional(
      Type.Enum(['scanner', 'box_office', 'kiosk'], {
        description:
          'The kind of device the caller is. A code made for another kind is refused (400 pairing_scope_mismatch) before anything is created, and stays usable on the right device; without it, the code pairs whatever it was made for.',
      }),
    ),
  },
  { additionalProperties: false },
);
export type PairInput = Static<typeof PairBody>;

export const Paired = Type.Object({
  device: ref(Device),
  api_key: Type.Object({
    id: Type.String(),
    name: Type.String(),
    scope: deviceScope,
    last4: Type.String(),
    created_at: Timestamp,
    revoked_at: Nullable(Timestamp),
    secret: Type.String({ description: 'Shown once, here' }),
  }),
});
export type PairedView = Static<typeof Paired>;
