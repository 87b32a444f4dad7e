import type { DoubleAdmissionView, ScanView } from '../schemas/scans.js';
import type { DevicesRepo } from '../store/devices-repo.js';
import type { ScanRow, ScansRepo } from '../store/scans-repo.js';
import { toIso } from '../time.js';
import { viewScan } from './scan-views.js';

type RecordedScan = Omit<ScanRow, 'seq' | 'sync_key'>;

/**
 * Names both doors of a double admission (a ticket let in offline at two doors): the entry the
 * server counts and the conflicting one, each with its door's name and moment. A conflict flag
 * alone told the second door only "another door", and the first door nothing; a steward needs
 * to know where and when to go and look. Read when a conflict is shown, never stored: conflicts
 * are rare, and only they cost the look-ups.
 */
export class DoubleAdmissions {
  constructor(
    private readonly scans: ScansRepo,
    private readonly devices: DevicesRepo,
  ) {}

  /** The pair a conflicting scan belongs to; undefined for any other scan. */
  of(row: RecordedScan): DoubleAdmissionView | undefined {
    if (row.conflict !== 1 || row.ticket_id === null) return undefined;
    // By the doors' clocks first (the entry that had the holder inside then), else the entry
    // that reached the server first.
    const inside = this.scans.entryInsideAt(row.ticket_id, row.scanned_at);
    const counted =
      inside !== undefined && inside.device_id !== row.device_id
        ? inside
        : this.scans.entryByOtherBefore(row.ticket_id, row.id, row.device_id);
    if (counted === undefined) return undefined;
    return { counted: this.entry(counted), conflicting: this.entry(row) };
  }

  /** The scan record, with its double admission when it is a conflict. */
  view(row: RecordedScan): ScanView {
    const pair = this.of(row);
    return pair ? { ...viewScan(row), double_admission: pair } : viewScan(row);
  }

  private entry(row: RecordedScan): DoubleAdmissionView['counted'] {
    return {
      scan_id: row.id,
      device_id: row.device_id,
      device_name: row.device_id === null ? null : (this.devices.find(row.device_id)?.name ?? null),
      scanned_at: toIso(row.scanned_at),
    };
  }
}
