/**
 * DeviceState held in memory, optionally written through to a key-value storage adapter:
 * - `new StoredDeviceState(localStorage)`: the browser door page, so a reload (or a browser that
 *   was killed) loses neither the pairing nor a queued offline scan;
 * - `new MemoryDeviceState()` (memory-device-state.ts): no storage, for tests and measurements.
 * A Node door keeps its state in SQLite instead (device-store.ts: one transaction per scan).
 * Each part is its own key, and each queued scan too (stored-queue.ts), so the frequent write (an
 * offline scan) stays one small value however long the queue. A write that fails (storage full, private mode) is reported, never thrown into a scan.
 * A write the storage refuses first makes room by dropping what the server gives back at the next
 * pull (the guest list's names: `makeRoom`), never the queue, who is inside, the pack or the pairing.
 * Browser-safe.
 */
import type {
  ConflictRecord,
  DeviceState,
  DeviceStatus,
  PackInfo,
  Pairing,
  QueuedScan,
  StateChanges,
} from './device-state.js';
import { StoredQueue } from './stored-queue.js';
import type { AdmissionState, Holder, OfflineDecision, RevokedStatus } from './types.js';

/** The part of the Web Storage API this needs (localStorage; tests pass a Map-backed one). */
export interface KeyValueStorage {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
  removeItem(key: string): void;
}

interface Known {
  /** A transferred ticket's third element is when it was replaced (absent from an older SDK). */
  revoked: [string, RevokedStatus, string?][];
  admitted: [string, AdmissionState][];
  /** The last queued seq whose admission this includes (absent from an older SDK: none). */
  through?: number;
}
interface Meta {
  cursor: string | null;
  lastSyncAt: number | null;
  conflicts: ConflictRecord[];
  /** Absent in a state kept by an older SDK: none then. */
  setAside?: number;
  /**
   * The guest list's names were dropped from storage to make room (makeRoom); the next pull is
   * whole, to have them again. Absent: the names in storage are the pack's.
   */
  namesDropped?: true;
}

/** Keeps at most this many conflicts, newest last: the log is for staff, not an archive. */
const conflictLimit = 200;

export class StoredDeviceState implements DeviceState {
  private pairing: Pairing | null;
  private pack: PackInfo | null;
  private readonly revoked: Map<string, RevokedStatus>;
  /** When each transferred ticket was replaced (ISO), kept so a reload offline still says so. */
  private readonly replacedAt: Map<string, string>;
  private readonly admitted: Map<string, AdmissionState>;
  /** The pack's guest list (names, never emails), for lookup and manual check-in offline. */
  private readonly names: Map<string, Holder>;
  private readonly queue: StoredQueue;
  private meta: Meta;
  /** The last write that failed (storage full, private mode); null while every write works. */
  private failedWrite: { part: string; error: string } | null = null;

  constructor(
    /** Where each write goes too; null keeps everything in memory only. */
    private readonly storage: KeyValueStorage | null,
    private readonly prefix = 'marquee.door.',
  ) {
    this.pairing = this.read<Pairing | null>('pairing', null);
    this.pack = this.read<PackInfo | null>('pack', null);
    const known = this.read<Known>('known', { revoked: [], admitted: [] });
    this.revoked = new Map(known.revoked.map(([ticketId, status]) => [ticketId, status]));
    this.replacedAt = new Map(
      known.revoked.flatMap(([ticketId, , at]) => (at ? [[ticketId, at] as [string, string]] : [])),
    );
    this.admitted = new Map(known.admitted);
    this.names = new Map(this.read<Holder[]>('names', []).map((h) => [h.ticketId, h]));
    this.queue = new StoredQueue(
      storage && {
        read: (part, fallback) => this.read(part, fallback),
        write: (part, value) => this.write(part, value),
        exists: (part) => storage.getItem(this.prefix + part) !== null,
      },
    );
    // Scans recorded since `known` was last written carry who they let in.
    this.queue.load(known.through ?? 0, (ticketId, state) => this.admitted.set(ticketId, state));
    this.meta = this.read<Meta>('meta', { cursor: null, lastSyncAt: null, conflicts: [] });
  }

  loadPairing(): Pairing | null {
    return this.pairing;
  }

  savePairing(pairing: Pairing): void {
    if (this.pairing?.baseUrl !== pairing.baseUrl || this.pairing?.eventId !== pairing.eventId) {
      // Another server or event: the old pack and what it taught mean nothing there. The queue
      // stays: those scans still belong to the server that issued the tickets.
      this.pack = null;
      this.meta = { ...this.meta, cursor: null };
      this.revoked.clear();
      this.replacedAt.clear();
      this.admitted.clear();
      this.names.clear();
      this.write('names', null);
      this.write('pack', null);
      this.writeKnown();
      this.write('meta', this.meta);
    }
    // Scans recorded under a pairing the manager revoked are not uploaded under the new one
    // unless someone decides to (releaseHeld); device-store.ts does the same.
    if (this.pairing?.revokedAt !== undefined && this.pairing.deviceId !== pairing.deviceId) {
      this.queue.setHeld(true);
      this.queueWritten(true);
    }
    this.pairing = pairing;
    this.write('pairing', pairing);
  }

  loadPack(): PackInfo | null {
    return this.pack;
  }

  savePack(info: PackInfo, changes: StateChanges): void {
    this.pack = info;
    this.write('pack', info);
    this.saveChanges(changes);
  }

  admissions(): Iterable<[string, AdmissionState]> {
    return [...this.admitted];
  }

  revocations(): Iterable<[string, RevokedStatus, string?]> {
    return [...this.revoked].map(([ticketId, status]) => {
      const at = this.replacedAt.get(ticketId);
      return at === undefined ? [ticketId, status] : [ticketId, status, at];
    });
  }

  holders(): Iterable<Holder> {
    return [...this.names.values()];
  }

  saveChanges(changes: StateChanges): void {
    if (changes.holdersReplaced || (changes.holders?.length ?? 0) > 0) {
      if (changes.holdersReplaced) this.names.clear();
      for (const holder of changes.holders ?? []) this.names.set(holder.ticketId, holder);
      // Dropped names come back only whole (a reload has none to add a pack's changes to).
      if (changes.holdersReplaced || !this.meta.namesDropped) this.saveNames();
    }
    if (changes.revoked.length === 0 && changes.admissions.length === 0) return;
    for (const entry of changes.revoked) {
      this.revoked.set(entry.ticket_id, entry.status);
      if (entry.transferred_at) this.replacedAt.set(entry.ticket_id, entry.transferred_at);
    }
    for (const [ticketId, state] of changes.admissions) this.admitted.set(ticketId, { ...state });
    this.writeKnown();
  }

  recordOfflineScan(
    token: string,
    decision: OfflineDecision,
    admission: AdmissionState | null,
    note: string | null = null,
  ): number {
    const admits = admission && decision.ticketId ? admission : null;
    // One write: the scan with who it let in (`known` catches up when scans leave the queue).
    const seq = this.queue.add(
      {
        // A steward's check-in by name syncs as kind 'manual', with the reason they gave.
        kind: decision.credential === 'manual' ? 'manual' : 'code',
        token,
        note,
        ticketId: decision.ticketId,
        scannedAt: decision.scannedAt,
        result: decision.result,
        reason: decision.reason,
        direction: decision.direction,
      },
      admits,
    );
    this.queueWritten(this.queue.unsaved() === 0);
    if (admits) this.admitted.set(decision.ticketId!, { ...admits });
    return seq;
  }

  queued(limit: number): QueuedScan[] {
    const queued: QueuedScan[] = [];
    for (const scan of this.queue.all()) {
      if (queued.length >= limit) break;
      if (!scan.held) queued.push(scan);
    }
    return queued;
  }

  releaseHeld(): QueuedScan[] {
    const held = this.queue
      .all()
      .filter((scan) => scan.held)
      .map(({ held: _held, ...scan }) => scan);
    if (held.length === 0) return [];
    this.queue.setHeld(false);
    this.queueWritten(true);
    return held;
  }

  settle(seqs: readonly number[], conflicts: readonly ConflictRecord[], syncedAt: number | null): void {
    this.leaveQueue(seqs);
    this.meta = {
      ...this.meta,
      conflicts: [...this.meta.conflicts, ...conflicts].slice(-conflictLimit),
      lastSyncAt: syncedAt ?? this.meta.lastSyncAt,
    };
    this.write('meta', this.meta);
  }

  setAside(seqs: readonly number[], syncedAt: number): void {
    this.leaveQueue(seqs);
    this.meta = { ...this.meta, setAside: (this.meta.setAside ?? 0) + seqs.length, lastSyncAt: syncedAt };
    this.write('meta', this.meta);
  }

  conflicts(): ConflictRecord[] {
    return [...this.meta.conflicts];
  }

  /** True while the guest list's names are not in storage: the next pull must be whole. */
  namesDropped(): boolean {
    return this.meta.namesDropped === true;
  }

  feedCursor(): string | null {
    return this.meta.cursor;
  }

  saveFeedCursor(cursor: string): void {
    this.meta = { ...this.meta, cursor };
    this.write('meta', this.meta);
  }

  status(): DeviceStatus {
    return {
      paired: this.pairing !== null,
      queued: this.queue.all().filter((scan) => !scan.held).length,
      held: this.queue.all().filter((scan) => scan.held).length,
      conflicts: this.meta.conflicts.length,
      admissions: this.admitted.size,
      revoked: this.revoked.size,
      lastSyncAt: this.meta.lastSyncAt,
      setAside: this.meta.setAside ?? 0,
      unsaved: this.unsavedScans(),
      packPulledAt: this.pack?.pulledAt ?? null,
      packGeneratedAt: this.pack?.generatedAt ?? null,
      feedCursor: this.meta.cursor,
    };
  }

  close(): void {}

  /**
   * Offline scans this page holds that its storage does not (it refused them: full). They sync
   * while the page stays open; a reload, a closed tab or a crashed browser loses them, and with
   * them the door's memory that those guests are inside.
   */
  unsavedScans(): number {
    return this.queue.unsaved();
  }

  /**
   * The door's words for a write that failed, for its status line; null while every write works.
   * Scans kept in this page only come first and say what to do: the door keeps admitting (a
   * steward cannot stop a queue of guests for a full browser storage), but must not be reloaded.
   */
  get writeError(): string | null {
    if (!this.failedWrite) return null;
    const unsaved = this.unsavedScans();
    const because = `(${this.failedWrite.error})`;
    if (unsaved > 0)
      return `This device's storage is full: the last ${unsaved} offline scan${unsaved === 1 ? ' is' : 's are'} kept only while this page stays open. Do not reload or close it; sync as soon as the network is back, then the storage has room again ${because}`;
    return `Could not save the door's ${this.failedWrite.part} on this device ${because}`;
  }

  /**
   * What the door let go of to keep the offline scans (makeRoom), for its status line; null when
   * nothing was. The names stay in this page until it is reloaded.
   */
  get roomNote(): string | null {
    if (!this.meta.namesDropped) return null;
    return "Storage was full: the guest list's names were dropped from this device to keep your offline scans. Finding a guest by name works until the page is reloaded; the names come back at the next sync.";
  }

  /**
   * Unpairs: forgets the server, its key and everything learnt. Refused while scans wait for
   * sync, because they would be lost with it, unless `dropQueued` (a revoked door, whose key can
   * never upload them).
   */
  forget(dropQueued = false): boolean {
    if (this.queue.all().length > 0 && !dropQueued) return false;
    this.queue.clear();
    for (const part of ['pairing', 'pack', 'known', 'names', 'meta'])
      this.storage?.removeItem(this.prefix + part);
    this.pairing = null;
    this.pack = null;
    this.revoked.clear();
    this.replacedAt.clear();
    this.admitted.clear();
    this.names.clear();
    this.meta = { cursor: null, lastSyncAt: null, conflicts: [] };
    return true;
  }

  /** False when the storage refused it. */
  private writeKnown(): boolean {
    const through = this.queue.lastSeq();
    const known: Known = { revoked: [...this.revocations()], admitted: [...this.admitted], through };
    if (!this.write('known', known)) return false;
    this.queue.knownWritten();
    return true;
  }

  /**
   * Synced or set-aside scans leave the queue. Who they let in goes to `known` first (their own
   * keys carried it); if the storage is too full for that, once their keys have made room.
   */
  private leaveQueue(seqs: readonly number[]): void {
    const knownFirst = !this.queue.carriesAdmissions() || this.writeKnown();
    const ok = this.queue.remove(seqs);
    if (!knownFirst) this.writeKnown();
    this.queueWritten(ok && this.queue.unsaved() === 0);
  }

  /** Every queued scan is in storage again: a failure that cost scans is over. */
  private queueWritten(whole: boolean): void {
    if (whole && this.failedWrite?.part === 'queue') this.failedWrite = null;
  }

  private read<T>(part: string, fallback: T): T {
    if (!this.storage) return fallback;
    try {
      const text = this.storage.getItem(this.prefix + part);
      return text === null ? fallback : (JSON.parse(text) as T);
    } catch {
      // A damaged entry is treated as absent; the pack is pulled again when the server answers.
      return fallback;
    }
  }

  /**
   * The whole guest list to storage. One the storage refuses is not left there stale: dropped,
   * as makeRoom does, and said by roomNote rather than as a failed write.
   */
  private saveNames(): void {
    if (this.write('names', [...this.names.values()], false)) {
      if (this.meta.namesDropped) {
        const { namesDropped: _dropped, ...meta } = this.meta;
        this.meta = meta;
        this.write('meta', this.meta);
      }
      return;
    }
    this.dropNames();
    if (this.failedWrite?.part === 'names') this.failedWrite = null;
  }

  /**
   * The storage is full: drops from it what the server gives back at the next pull, so that what
   * it cannot give back (a queued scan, who is inside) is kept. The guest list's names are the
   * only such part (≈ 110 characters a guest: 2.2 MB of the ~5 MB for 20,000 guests; docs/scanner.md
   * "State file"); the pack's keys and rules decide a scan and stay. This page keeps the names in
   * memory. False when there was nothing left to drop.
   */
  private makeRoom(): boolean {
    if (!this.storage || this.storage.getItem(this.prefix + 'names') === null) return false;
    this.dropNames();
    return true;
  }

  /** The names leave storage (not this page), and the next pull is whole to bring them back. */
  private dropNames(): void {
    this.storage?.removeItem(this.prefix + 'names');
    if (this.meta.namesDropped) return;
    this.meta = { ...this.meta, namesDropped: true };
    this.write('meta', this.meta, false);
  }

  /**
   * False when the storage refused it (the failure is kept for writeError). A refused write first
   * makes room (makeRoom) and is tried once more, unless `roomFirst` is false.
   */
  private write(part: string, value: unknown, roomFirst = true): boolean {
    if (!this.storage) return true;
    try {
      if (value === null) this.storage.removeItem(this.prefix + part);
      else {
        const text = JSON.stringify(value);
        try {
          this.storage.setItem(this.prefix + part, text);
        } catch (err) {
          if (!roomFirst || !this.makeRoom()) throw err;
          this.storage.setItem(this.prefix + part, text);
        }
      }
      // A part saved again is whole again; the queue says so itself (queueWritten), as one of
      // its scans saved does not make every scan saved.
      if (this.failedWrite?.part === part && !part.startsWith('queue')) this.failedWrite = null;
      return true;
    } catch (err) {
      // Every part of the queue (a scan, its index) is the queue to the steward.
      this.failedWrite = {
        part: part.startsWith('queue') ? 'queue' : part,
        error: err instanceof Error ? err.message : String(err),
      };
      return false;
    }
  }
}
