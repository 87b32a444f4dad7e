import type { ApiKeyRecord } from './api-keys.js';
import type { DeviceRow, DevicesRepo } from '../store/devices-repo.js';
import type { Lifecycle } from '../lifecycle.js';
import type { StorageHealth } from '../store/storage-health.js';

/** What a request needs to know about the device behind its key, without a query. */
export interface KnownDevice {
  id: string;
  event_id: string | null;
}

/**
 * Which key belongs to which device, and when each device was last heard from. Last-seen times
 * live in memory and are flushed every few seconds (and on shutdown), so a busy door costs no
 * extra write per scan.
 */
export class DevicePresence {
  private readonly byKey = new Map<string, KnownDevice>();
  private readonly seen = new Map<string, number>();
  private readonly dirty = new Map<string, number>();

  constructor(
    private readonly repo: DevicesRepo,
    private readonly now: () => number,
    lifecycle: Lifecycle,
    storage: StorageHealth,
    flushEveryMs = 5_000,
  ) {
    for (const row of repo.all()) {
      if (row.api_key_id && row.revoked_at === null) this.register(row);
    }
    // A throw in a timer would end the process; a full disk must only delay the write.
    const timer = setInterval(
      () => storage.background('device last-seen flush', () => this.flush()),
      flushEveryMs,
    );
    timer.unref();
    lifecycle.onStop('device presence', () => {
      clearInterval(timer);
      this.flush();
    });
  }

  register(row: Pick<DeviceRow, 'id' | 'event_id' | 'api_key_id'>): void {
    if (row.api_key_id) this.byKey.set(row.api_key_id, { id: row.id, event_id: row.event_id });
  }

  forget(apiKeyId: string): void {
    this.byKey.delete(apiKeyId);
  }

  deviceFor(key: ApiKeyRecord | null): KnownDevice | undefined {
    return key ? this.byKey.get(key.id) : undefined;
  }

  /** Marks the caller's device as alive; a key that is no device's is ignored. */
  touch(key: ApiKeyRecord | null): void {
    const device = this.deviceFor(key);
    if (!device) return;
    const at = this.now();
    this.seen.set(device.id, at);
    this.dirty.set(device.id, at);
  }

  lastSeen(row: DeviceRow): number | null {
    return this.seen.get(row.id) ?? row.last_seen_at;
  }

  flush(): void {
    if (this.dirty.size === 0) return;
    const batch = new Map(this.dirty);
    this.dirty.clear();
    try {
      this.repo.saveLastSeen(batch);
    } catch (err) {
      // Not written: kept for the next flush, unless the device was heard from again since.
      for (const [id, at] of batch) if (!this.dirty.has(id)) this.dirty.set(id, at);
      throw err;
    }
  }
}
