import { Type, type Static } from 'typebox';
import { FilledOneLineText, Nullable, OneLineText, Timestamp, pinPattern } from './common.js';

// One line: it heads receipts and tickets, names the mail's sender and the venue on the network.
const venueName = FilledOneLineText({
  minLength: 1,
  maxLength: 100,
  description:
    "The venue's name, shown on receipts and in the box office: one line, without control characters or text-direction overrides",
});

const staffIdleMinutes = Type.Integer({
  minimum: 1,
  maximum: 240,
  description:
    'Minutes without a touch or key after which a till signs its staff member out (the PIN keypad comes back)',
});

/** Where mail goes out, as MARQUEE_SMTP_URL names it; never its user name or password. */
export const MailServer = Type.Object(
  {
    host: Type.String({ description: 'The SMTP server mail is handed to' }),
    port: Type.Integer({
      description: 'Its port (587 for smtp://, 465 for smtps:// when the URL names none)',
    }),
    secure: Type.Boolean({
      description:
        'TLS from the first byte (smtps://); false for smtp://, which upgrades with STARTTLS when offered',
    }),
    login: Type.Boolean({
      description: 'Whether the URL carries a user name to log in with (never answered)',
    }),
  },
  { description: 'Where mail goes out, as MARQUEE_SMTP_URL names it (never its user name or password)' },
);
export type MailServerView = Static<typeof MailServer>;

const venueTimezone = Type.String({
  minLength: 1,
  maxLength: 64,
  description:
    "The venue's clock, an IANA time zone such as Europe/London (unknown names are 400 `invalid_field`): new events default to it, and the takings, payouts, X/Z reports and shift CSV date money by it. CSV exports keep each row's own event's zone (an event made before events had zones: this one). Until set: the zone of the first event made with one (an event in another zone added later does not move it), else the server's own",
});

const autoBackup = Type.Boolean({
  description:
    'Save a backup on its own after every till shift closes (its Z report), in `backup_folder`, once the close has answered; the newest 14 are kept. On until turned off',
});

/** How the last automatic backup went, kept in the store so a restart still shows a failure. */
export const AutoBackupResult = Type.Object(
  {
    at: Timestamp,
    ok: Type.Boolean({ description: 'Whether it was saved' }),
    folder: Type.String({ description: 'The backup folder it went to (or could not go to)' }),
    path: Nullable(
      Type.String({
        description: 'The backup saved, on the computer running the venue server; null when it failed',
      }),
    ),
    error: Nullable(
      Type.String({
        description:
          'Why it failed, in words (a full disk, a folder the server may not write to); null when saved',
      }),
    ),
  },
  { description: 'The last automatic backup (after a shift closed)' },
);
export type AutoBackupResultView = Static<typeof AutoBackupResult>;

/** The backup the store was last restored from (restored-backup.ts), kept so Settings can say so. */
export const RestoredFrom = Type.Object(
  {
    backup: Type.String({ description: "The backup folder's name, e.g. marquee-backup-20261129T203000Z" }),
    at: Timestamp,
    orders: Type.Integer({ minimum: 0, description: 'Orders the backup held' }),
    tickets: Type.Integer({ minimum: 0, description: 'Tickets the backup held' }),
    newest_order_at: Nullable(
      Type.String({
        format: 'date-time',
        description: 'Its newest sale: anything sold later is not in the store',
      }),
    ),
  },
  {
    description:
      "The backup this venue's data was last restored from, and when the server first started on it",
  },
);
export type RestoredFromView = Static<typeof RestoredFrom>;

export const Settings = Type.Object(
  {
    venue_name: venueName,
    kiosk_attendant_pin_set: Type.Boolean({
      description: 'Whether kiosks can take card payments: the attendant PIN that approves them is set',
    }),
    staff_idle_minutes: staffIdleMinutes,
    venue_timezone: venueTimezone,
    server_timezone: Type.String({
      description:
        "The venue server's own IANA time zone (read-only): what the machine running it is set to; `venue_timezone` takes it until one is set",
    }),
    backup_folder: Type.String({
      description:
        'Where POST /v2/backups saves backups on the computer running the venue server: the folder set here, else `marquee-backups` beside the data folder',
    }),
    auto_backup: autoBackup,
    last_auto_backup: Type.Union([AutoBackupResult, Type.Null()], {
      description:
        'How the last automatic backup went (read-only): when, and its folder or why it failed; null until one has been tried',
    }),
    restored_from: Type.Union([RestoredFrom, Type.Null()], {
      description:
        'The backup the store was last restored from (read-only): sales after its newest are not here; null when it never was',
    }),
    mail_server: Type.Union([MailServer, Type.Null()], {
      description:
        'The mail server MARQUEE_SMTP_URL names (read-only; changed by restarting the server with another); null when none is set up and mail waits in the outbox',
    }),
  },
  {
    $id: 'Settings',
    description: 'Venue-wide settings; until one is set it falls back to MARQUEE_VENUE_NAME',
  },
);
export type SettingsView = Static<typeof Settings>;

export const SettingsPatchBody = Type.Object(
  {
    venue_name: Type.Optional(venueName),
    staff_idle_minutes: Type.Optional(staffIdleMinutes),
    venue_timezone: Type.Optional(venueTimezone),
    backup_folder: Type.Optional(
      Nullable(
        OneLineText({
          minLength: 1,
          maxLength: 1000,
          description:
            'A full path to save backups in: outside the data folder (a link leading into it counts as inside), writable by the venue server (made if missing), one line without control characters or text-direction overrides; null goes back to the default',
        }),
      ),
    ),
    auto_backup: Type.Optional(autoBackup),
    kiosk_attendant_pin: Type.Optional(
      Nullable(
        Type.String({
          pattern: pinPattern,
          description:
            'The PIN an attendant types on a kiosk to approve a card payment: 4–8 digits, stored hashed, never answered; null removes it',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type SettingsPatchInput = Static<typeof SettingsPatchBody>;
