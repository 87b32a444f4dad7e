/**
 * The browser door's queue of offline scans in its key-value storage (localStorage), for
 * StoredDeviceState. Each scan is a key of its own (`queue.<seq>`), written once when it is
 * recorded, so recording a scan costs the same with 5 or 5,000 queued; rewriting the whole queue
 * on every scan made the 5,000th scan ~600 times slower than the first (bench/door-page-queue.ts).
 *
 * Layout, under the state's prefix:
 * - `queue.<seq>`: one queued scan, with `admitted` (who is inside after it) while `known` does
 *   not yet say so: a reload replays those over `known` (newer than its `through`).
 * - `queue.index`: `{first, next}`: the lowest seq kept as a key and the next seq to give. Written
 *   when scans leave the queue, not per scan: a reload reads on past `next` while keys follow.
 * - `queue`: the whole queue as one value, as a page before this layout kept it. Read as it is and
 *   left in place (no copy that a full storage could refuse mid-update), rewritten only as its
 *   scans are synced, removed once empty. New scans never go there.
 * Browser-safe.
 */
import type { QueuedScan } from './device-state.js';
import type { AdmissionState } from './types.js';

/** Reads and writes one part of the state; `write` answers false when the storage refused it. */
export interface QueueParts {
  read<T>(part: string, fallback: T): T;
  write(part: string, value: unknown): boolean;
  exists(part: string): boolean;
}

interface LegacyQueue {
  nextSeq: number;
  items: QueuedScan[];
}
interface QueueIndex {
  first: number;
  next: number;
}
type StoredScan = QueuedScan & { admitted?: AdmissionState };

const entry = (seq: number): string => `queue.${seq}`;

export class StoredQueue {
  /** Oldest first (seq order), held scans included. */
  private items: QueuedScan[] = [];
  private nextSeq = 1;
  /** Scans from an older page's single `queue` value have seqs below this (0: none left). */
  private legacyNext = 0;
  /**
   * `next` as `queue.index` in storage has it. A reload reads every seq below it, then on only
   * while keys follow: a scan's key at or past it may go only once a newer index is saved, or
   * the scans after it would be cut off from the reload.
   */
  private indexedNext = 1;
  /**
   * Seqs up to this one are in storage; later ones live in this page only (the storage refused
   * them: full). They are written in seq order and a later one waits for an earlier one, so that
   * is all it takes.
   */
  private savedThroughSeq = 0;
  /** Who is inside after each queued scan, for scans newer than what `known` holds. */
  private readonly admittedBy = new Map<number, AdmissionState>();

  constructor(private readonly parts: QueueParts | null) {}

  /**
   * Reads the queue, and hands each admission newer than `knownThrough` (the seq `known` was
   * written at) to `replay`, oldest first.
   */
  load(knownThrough: number, replay: (ticketId: string, state: AdmissionState) => void): void {
    if (!this.parts) return;
    const legacy = this.parts.read<LegacyQueue | null>('queue', null);
    const index = this.parts.read<QueueIndex | null>('queue.index', null);
    this.items = Array.isArray(legacy?.items) ? [...legacy.items] : [];
    this.legacyNext = this.items.length > 0 ? legacy!.nextSeq : 0;
    const next = Math.max(index?.next ?? 1, legacy?.nextSeq ?? 1);
    this.indexedNext = index?.next ?? 1;
    // Bounded by the keys in storage: past `next` only while scans follow one another.
    for (let seq = index?.first ?? legacy?.nextSeq ?? 1; seq < next || this.parts.exists(entry(seq)); seq++) {
      const stored = this.parts.read<StoredScan | null>(entry(seq), null);
      if (!stored || stored.seq !== seq) continue;
      const { admitted, ...scan } = stored;
      this.items.push(scan);
      if (admitted && seq > knownThrough && scan.ticketId) {
        this.admittedBy.set(seq, admitted);
        replay(scan.ticketId, admitted);
      }
    }
    const last = this.items[this.items.length - 1];
    this.nextSeq = Math.max(next, (last?.seq ?? 0) + 1);
    this.savedThroughSeq = this.nextSeq - 1;
  }

  all(): readonly QueuedScan[] {
    return this.items;
  }

  lastSeq(): number {
    return this.nextSeq - 1;
  }

  /** Appends a scan and writes it alone (after any this page still holds unsaved). */
  add(scan: Omit<QueuedScan, 'seq'>, admitted: AdmissionState | null): number {
    const seq = this.nextSeq++;
    this.items.push({ ...scan, seq });
    // The first scan of an empty queue past the index (after unpairing: no index) moves it, so a
    // reload finds this scan; one small write, only when the queue was empty.
    if (this.items.length === 1 && seq > this.indexedNext) this.writeIndex();
    if (admitted) this.admittedBy.set(seq, { ...admitted });
    this.saveUnsaved();
    return seq;
  }

  /** `known` now holds every admission so far: the scans' own copies are no longer needed. */
  knownWritten(): void {
    this.admittedBy.clear();
  }

  /** Whether the admissions of scans about to leave must first be written to `known`. */
  carriesAdmissions(): boolean {
    return this.admittedBy.size > 0;
  }

  /** Drops these scans (synced or set aside). False if a write was refused. */
  remove(seqs: readonly number[]): boolean {
    const gone = new Set(seqs);
    const leaving = this.items.filter((scan) => gone.has(scan.seq));
    if (leaving.length === 0) return true;
    this.items = this.items.filter((scan) => !gone.has(scan.seq));
    for (const scan of leaving) this.admittedBy.delete(scan.seq);
    let ok = leaving.some((scan) => scan.seq < this.legacyNext) ? this.writeLegacy() : true;
    const keyed = leaving.filter((scan) => scan.seq >= this.legacyNext);
    const drop = (scans: QueuedScan[]) => {
      for (const scan of scans) this.parts?.write(entry(scan.seq), null);
    };
    const covered = this.indexedNext;
    if (this.writeIndex()) drop(keyed);
    else {
      // A full storage: the keys a reload reads anyway make room first, then the index again.
      drop(keyed.filter((scan) => scan.seq < covered));
      if (this.writeIndex()) drop(keyed.filter((scan) => scan.seq >= covered));
      // Else they stay: a reload uploads them again, and the server counts a scan once.
      else ok = false;
    }
    // Room again, perhaps: what only this page held goes to storage now.
    return this.saveUnsaved() && ok;
  }

  /** Marks every scan held (true) or releases them all (false), in storage too. */
  setHeld(held: boolean): void {
    this.items = this.items.map(({ held: _held, ...scan }) => (held ? { ...scan, held: true } : scan));
    if (this.items.some((scan) => scan.seq < this.legacyNext)) this.writeLegacy();
    for (const scan of this.items)
      if (scan.seq >= this.legacyNext && scan.seq <= this.savedThroughSeq) this.writeScan(scan);
  }

  /** Scans this page holds that storage does not. */
  unsaved(): number {
    return this.items.length - this.firstUnsaved();
  }

  /** Removes every key of the queue; seqs go on from where they were. */
  clear(): void {
    for (const scan of this.items) if (scan.seq >= this.legacyNext) this.parts?.write(entry(scan.seq), null);
    this.parts?.write('queue', null);
    this.parts?.write('queue.index', null);
    this.items = [];
    this.legacyNext = 0;
    this.indexedNext = 1;
    this.admittedBy.clear();
    this.savedThroughSeq = this.nextSeq - 1;
  }

  /** Writes the scans past savedThroughSeq in order, stopping at the first refused. */
  private saveUnsaved(): boolean {
    for (let i = this.firstUnsaved(); i < this.items.length; i++) {
      const scan = this.items[i]!;
      if (!this.writeScan(scan)) return false;
      this.savedThroughSeq = scan.seq;
    }
    this.savedThroughSeq = this.nextSeq - 1;
    return true;
  }

  /** Where the unsaved scans start in `items`: they are its tail, so found from the end. */
  private firstUnsaved(): number {
    let i = this.items.length;
    while (i > 0 && this.items[i - 1]!.seq > this.savedThroughSeq) i--;
    return i;
  }

  private writeScan(scan: QueuedScan): boolean {
    const admitted = this.admittedBy.get(scan.seq);
    return this.parts?.write(entry(scan.seq), admitted ? { ...scan, admitted } : scan) ?? true;
  }

  private writeIndex(): boolean {
    const first = this.items.find((scan) => scan.seq >= this.legacyNext)?.seq ?? this.nextSeq;
    const saved =
      this.parts?.write('queue.index', { first, next: this.nextSeq } satisfies QueueIndex) ?? true;
    if (saved) this.indexedNext = this.nextSeq;
    return saved;
  }

  /** An older page's queue value, with only its scans still queued (a smaller value: it fits). */
  private writeLegacy(): boolean {
    const left = this.items.filter((scan) => scan.seq < this.legacyNext);
    if (left.length > 0) return this.parts?.write('queue', { nextSeq: this.legacyNext, items: left }) ?? true;
    this.legacyNext = 0;
    return this.parts?.write('queue', null) ?? true;
  }
}
