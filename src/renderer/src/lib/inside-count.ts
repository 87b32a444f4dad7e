import type { ScanView } from '../api/scan-types.js';

type Movement = Pick<ScanView, 'ticket_id' | 'result' | 'direction'>;

/**
 * Who is inside, replayed from the scan log: an admitted entry puts its ticket inside, an admitted
 * exit takes it out. A set rather than a counter, because the server answers `admitted` to an
 * exit of someone who was not inside (and changes nothing): counting it would go below the truth.
 */
export class InsideTracker {
  private readonly inside = new Set<string>();

  get count(): number {
    return this.inside.size;
  }

  /** Applies one scan (oldest first); answers the change to the count: +1, -1 or 0. */
  apply(scan: Movement): number {
    if (scan.result !== 'admitted' || scan.ticket_id === null) return 0;
    if (scan.direction === 'out') return this.inside.delete(scan.ticket_id) ? -1 : 0;
    if (this.inside.has(scan.ticket_id)) return 0;
    this.inside.add(scan.ticket_id);
    return 1;
  }

  has(ticketId: string): boolean {
    return this.inside.has(ticketId);
  }

  clear(): void {
    this.inside.clear();
  }
}
