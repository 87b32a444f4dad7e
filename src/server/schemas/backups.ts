import { Type, type Static } from 'typebox';
import { ListQuery, Nullable, Timestamp } from './common.js';

export const Backup = Type.Object(
  {
    object: Type.Literal('backup'),
    name: Type.String({
      description:
        "The backup's folder name, `marquee-backup-<UTC time>`, with `-auto` after it for one taken on its own after a shift closed",
    }),
    path: Type.String({ description: 'Where the copy is, on the computer running the venue server' }),
    folder: Type.String({ description: 'The backup folder it is in (Settings `backup_folder`)' }),
    created_at: Timestamp,
    automatic: Type.Boolean({
      description:
        'Taken on its own after a till shift closed (Settings `auto_backup`); the newest 14 of these are kept, manual ones never deleted by them',
    }),
    size_bytes: Type.Integer({ description: 'Bytes the copy takes on disk (store, keys, certificate)' }),
    orders: Nullable(
      Type.Integer({
        description: 'Orders the copy holds, read back from it; null in the list (not re-read)',
      }),
    ),
    tickets: Nullable(Type.Integer({ description: 'Tickets the copy holds; null in the list' })),
  },
  {
    $id: 'Backup',
    description:
      'A consistent copy of the data folder (the store at one committed moment, signing keys, LAN certificate), ' +
      'the same as `npm run backup` makes; restore it as docs/api.md "Starting a spare laptop" says',
  },
);
export type BackupView = Static<typeof Backup>;

export const BackupBody = Type.Object(
  {
    keep: Type.Optional(
      Type.Integer({
        minimum: 1,
        maximum: 1000,
        description:
          'Keep this many backups in the folder, deleting older ones; without it every backup is kept (as `npm run backup` without --keep)',
      }),
    ),
  },
  { additionalProperties: false },
);

export const BackupListQuery = Type.Object({ ...ListQuery }, { additionalProperties: false });
