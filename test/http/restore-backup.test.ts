import Database from 'better-sqlite3';
import type { components } from '../../src/shared/api/schema.js';
import { cpSync, existsSync, mkdtempSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { backUpDataFolder } from '../../src/server/store/data-folder-backup.js';
import { restoredBackupFileName } from '../../src/server/restored-backup.js';
import {
  api,
  httpSaleEvent,
  killedAfterEach,
  okJson,
  removeServerBundle,
  spawnServer,
} from '../support/spawned-server.js';
import { SseClient } from '../support/sse-client.js';
import { adminSecret } from '../support/test-app.js';

// A manager restores last night's backup the way docs/api.md says a spare is started: the backup
// folder's files copied into the data folder. On the laptop whose server crashed, that folder
// still holds the dead store's marquee.db-wal: SQLite would apply it to the restored store.

const run = killedAfterEach();
afterAll(removeServerBundle);

type Order = components['schemas']['Order'];

interface DoorPack {
  full: boolean;
  cursor: string;
  scanned: string[];
  holders: [string, ...unknown[]][];
}

async function sell(base: string, eventId: string, tierId: string, count: number): Promise<Order[]> {
  const orders: Order[] = [];
  for (let i = 0; i < count; i++)
    orders.push(
      await okJson<Order>(
        api(base, '/v2/orders', 'POST', {
          event_id: eventId,
          items: [{ tier_id: tierId, quantity: 2 }],
          payment_method: 'cash',
        }),
      ),
    );
  return orders;
}

function quickCheck(dataDir: string): string {
  const store = new Database(join(dataDir, 'marquee.db'), { readonly: true, fileMustExist: true });
  try {
    return store.pragma('quick_check', { simple: true }) as string;
  } finally {
    store.close();
  }
}

describe('restoring a backup over the data folder of a server that crashed', () => {
  it('starts on the backup as it was, the old -wal set aside, says what is not in it, and doors and feeds go on from the restored store', async () => {
    const root = (run.dataDir = mkdtempSync(join(tmpdir(), 'marquee-restore-')));
    const dataDir = join(root, 'venue-data');
    const stick = join(root, 'stick');

    let server = (run.server = await spawnServer(dataDir, {}, { bundled: true }));
    let base = server.url;
    const { eventId, tierId } = await httpSaleEvent(base, 100);
    const before = await sell(base, eventId, tierId, 2);
    const scan = (order: Order) =>
      okJson<{ result: string; reason: string | null }>(
        api(base, '/v2/scan/validate', 'POST', { token: order.tickets[0]!.paper_pass }),
      );
    await scan(before[0]!);
    const backup = backUpDataFolder({ dataDir, destination: stick });
    expect(existsSync(join(backup.folder, restoredBackupFileName))).toBe(true);
    const after = await sell(base, eventId, tierId, 3);
    await scan(after[0]!);
    const doorsPack = await okJson<DoorPack>(api(base, `/v2/scan/door_pack?event_id=${eventId}`));
    expect(doorsPack.scanned).toHaveLength(2);
    await server.kill9();
    expect(existsSync(join(dataDir, 'marquee.db-wal'))).toBe(true);

    // `cp -a <backup>/. <data folder>/`
    cpSync(backup.folder, dataDir, { recursive: true, preserveTimestamps: true });
    server = run.server = await spawnServer(dataDir, {}, { bundled: true });
    base = server.url;

    const listed = await okJson<{ data: { id: string }[] }>(api(base, '/v2/orders?limit=100'));
    expect(listed.data.map((o) => o.id).sort()).toEqual(before.map((o) => o.id).sort());
    expect(server.output()).toContain(`started on the restored backup ${basename(backup.folder)}`);
    expect(server.output()).toContain('2 orders, 4 tickets');
    const aside = readdirSync(dataDir).filter((name) => name.startsWith('before-restore-'));
    expect(aside).toHaveLength(1);
    expect(readdirSync(join(dataDir, aside[0]!))).toContain('marquee.db-wal');
    expect(existsSync(join(dataDir, restoredBackupFileName))).toBe(false);
    // Settings › Backup says it too, for a manager who never reads the log.
    const settings = await okJson<{ restored_from: unknown }>(api(base, '/v2/settings'));
    expect(settings.restored_from).toMatchObject({
      backup: basename(backup.folder),
      orders: 2,
      tickets: 4,
      newest_order_at: backup.newestOrderAt,
    });

    // A door that pulled its pack after the backup asks for what changed since its cursor, which
    // the restored store never reached: it gets the whole pack, without the guests it lost.
    const pulled = await okJson<DoorPack>(
      api(base, `/v2/scan/door_pack?event_id=${eventId}&since=${doorsPack.cursor}`),
    );
    expect(pulled.full).toBe(true);
    expect(pulled.scanned).toEqual([before[0]!.tickets[0]!.id]);
    expect(pulled.holders.map(([ticketId]) => ticketId).sort()).toEqual(
      before.flatMap((order) => order.tickets.map((ticket) => ticket.id)).sort(),
    );
    // The box office's live scan list reconnects with the last id it saw: it hears the scans
    // made now, not only once the restored feed has caught up with that id.
    const feed = await SseClient.open(`${base}/v2/scans/stream`, {
      authorization: `Bearer ${adminSecret}`,
      'last-event-id': doorsPack.cursor,
    });
    try {
      // A ticket sold after the backup, shown at the door, is one the store does not know.
      expect(await scan(after[1]!)).toMatchObject({ result: 'rejected', reason: 'unknown_ticket' });
      await feed.waitFor(() => feed.ofType('scan').length === 1);
    } finally {
      feed.close();
    }
    // Selling goes on, and the next start is an ordinary one.
    await sell(base, eventId, tierId, 1);
    await server.stop();
    expect(quickCheck(dataDir)).toBe('ok');
    server = run.server = await spawnServer(dataDir, {}, { bundled: true });
    expect(server.output()).not.toContain('restored backup');
    const again = await okJson<{ data: unknown[] }>(api(server.url, '/v2/orders?limit=100'));
    expect(again.data).toHaveLength(3);
  });
});
