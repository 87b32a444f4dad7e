import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import { backupName } from '../domain/backups.js';
import { invalidField } from '../errors.js';
import { bodyDefaultsToEmpty } from '../http/optional-body.js';
import { Backup, BackupBody, BackupListQuery } from '../schemas/backups.js';
import { ListOf, errorResponses, ref } from '../schemas/common.js';
import { Type } from 'typebox';

/**
 * Backups of the data folder from the box office, for a manager without a terminal (admin only,
 * the default access: a staff member signed in with the admin key must be a manager, as for
 * every admin-only write). Saved on the computer running the venue server, in Settings'
 * `backup_folder`.
 */
export async function backupRoutes(app: FastifyInstance): Promise<void> {
  const api = app.withTypeProvider<TypeBoxTypeProvider>();
  const { backups } = app.ctx;
  const tags = ['settings'];

  api.post(
    '/backups',
    {
      preValidation: bodyDefaultsToEmpty,
      schema: {
        operationId: 'createBackup',
        tags,
        summary: 'Save a consistent backup of the data folder now, while sales go on (admin)',
        description:
          'The same copy as `npm run backup`: the store at one committed moment (checked to read back whole), ' +
          'signing keys and LAN certificate, in `<backup_folder>/marquee-backup-<UTC time>/`. 400 invalid_field ' +
          '(param backup_folder) when the folder cannot take it; 507 insufficient_storage when its disk is full; ' +
          '409 backup_in_progress while another is being saved; 409 backup_failed for any other write failure. ' +
          'Nothing half-made is left. The store is read in a thread of its own: sales go on meanwhile.',
        body: BackupBody,
        response: {
          200: ref(Backup),
          ...errorResponses,
          507: Type.Ref('Error'),
        },
      },
    },
    async (request) => {
      const { deleted, ...made } = await backups.take(request.body.keep ?? 0);
      // Where and how big, never the key that asked (request logs redact it already).
      request.log.info(
        { backup: made.path, size_bytes: made.size_bytes, deleted: deleted.length },
        'backup saved',
      );
      return made;
    },
  );

  api.get(
    '/backups',
    {
      schema: {
        operationId: 'listBackups',
        tags,
        summary: "List this store's backups in the backup folder, oldest first (admin)",
        description:
          'A backup folder may be shared (the default one beside two data folders, one USB stick for two venues): ' +
          "another store's backups there are left out. A backup's store is the first ticket-signing key id in its " +
          'own `marquee.db`, so backups made before this was checked are told apart too; one whose copy cannot be ' +
          'read is left out as well.',
        querystring: BackupListQuery,
        response: { 200: ListOf(ref(Backup)), ...errorResponses },
      },
    },
    async (request) => {
      const { limit = 20, cursor } = request.query;
      const all = backups.list();
      let start = 0;
      if (cursor !== undefined) {
        const at = all.findIndex((backup) => backup.name === cursor);
        if (at < 0 && !backupName.test(cursor))
          throw invalidField('cursor', 'cursor is not one this list gave.');
        // A backup deleted since (by keep) still marks a place in time: continue after its name.
        start = at >= 0 ? at + 1 : all.findIndex((backup) => backup.name > cursor);
        if (start < 0) start = all.length;
      }
      const data = all.slice(start, start + limit);
      const hasMore = start + limit < all.length;
      return {
        object: 'list' as const,
        data,
        has_more: hasMore,
        next_cursor: hasMore ? data.at(-1)!.name : null,
      };
    },
  );
}
