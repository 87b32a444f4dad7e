/**
 * DeviceState held in memory, for the renderer's door page (which keeps nothing across page
 * loads by design: it pulls a fresh pack on open) and for measurements. Browser-safe.
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
import type { AdmissionState, Holder, OfflineDecision, RevokedStatus } from './types.js';

export class MemoryDeviceState implements DeviceState {
  private pairing: Pairing | null = null;
  private pack: PackInfo | null = null;
  private readonly revoked = new Map<string, RevokedStatus>();
  private readonly admitted = new Map<string, AdmissionState>();
  private readonly queue: QueuedScan[] = [];
  private readonly names = new Map<string, Holder>();
  private readonly conflictLog: ConflictRecord[] = [];
  private nextSeq = 1;
  private cursor: string | null = null;
  private lastSyncAt: number | null = null;

  loadPairing(): Pairing | null {
    return this.pairing;
  }

  savePairing(pairing: Pairing): void {
    if (this.pairing?.baseUrl !== pairing.baseUrl || this.pairing?.eventId !== pairing.eventId) {
      this.pack = null;
      this.cursor = null;
      this.revoked.clear();
      this.admitted.clear();
      this.names.clear();
    }
    this.pairing = pairing;
  }

  loadPack(): PackInfo | null {
    return this.pack;
  }

  savePack(info: PackInfo, changes: StateChanges): void {
    this.pack = info;
    this.saveChanges(changes);
  }

  admissions(): Iterable<[string, AdmissionState]> {
    return [...this.admitted];
  }

  revocations(): Iterable<[string, RevokedStatus]> {
    return [...this.revoked];
  }

  holders(): Iterable<Holder> {
    return [...this.names.values()];
  }

  saveChanges(changes: StateChanges): void {
    if (changes.holdersReplaced) this.names.clear();
    for (const holder of changes.holders ?? []) this.names.set(holder.ticketId, holder);
    for (const entry of changes.revoked) this.revoked.set(entry.ticket_id, entry.status);
    for (const [ticketId, state] of changes.admissions) this.admitted.set(ticketId, { ...state });
  }

  recordOfflineScan(
    token: string,
    decision: OfflineDecision,
    admission: AdmissionState | null,
    note: string | null = null,
  ): number {
    if (admission && decision.ticketId) this.admitted.set(decision.ticketId, { ...admission });
    const seq = this.nextSeq++;
    this.queue.push({
      seq,
      kind: decision.credential === 'manual' ? 'manual' : 'code',
      token,
      note,
      ticketId: decision.ticketId,
      scannedAt: decision.scannedAt,
      result: decision.result,
      reason: decision.reason,
      direction: decision.direction,
    });
    return seq;
  }

  queued(limit: number): QueuedScan[] {
    return this.queue.slice(0, limit);
  }

  settle(seqs: readonly number[], conflicts: readonly ConflictRecord[], syncedAt: number | null): void {
    const done = new Set(seqs);
    for (let i = this.queue.length - 1; i >= 0; i--)
      if (done.has(this.queue[i]!.seq)) this.queue.splice(i, 1);
    this.conflictLog.push(...conflicts);
    if (syncedAt !== null) this.lastSyncAt = syncedAt;
  }

  conflicts(): ConflictRecord[] {
    return [...this.conflictLog];
  }

  feedCursor(): string | null {
    return this.cursor;
  }

  saveFeedCursor(cursor: string): void {
    this.cursor = cursor;
  }

  status(): DeviceStatus {
    return {
      paired: this.pairing !== null,
      queued: this.queue.length,
      conflicts: this.conflictLog.length,
      admissions: this.admitted.size,
      revoked: this.revoked.size,
      lastSyncAt: this.lastSyncAt,
      packPulledAt: this.pack?.pulledAt ?? null,
      packGeneratedAt: this.pack?.generatedAt ?? null,
      feedCursor: this.cursor,
    };
  }

  close(): void {}
}
