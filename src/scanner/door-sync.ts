/**
 * Sync of offline scans: the queue goes up in batches; the server's verdicts settle it, its
 * disagreements are kept for the staff, and a scan whose time it refuses is set aside rather than
 * left to block every upload after it.
 */
import type { SyncAnswer } from './api-types.js';
import type { ConflictRecord, Pairing, QueuedScan, StateChanges } from './device-state.js';
import { iso, type DoorApi } from './door-api.js';
import type { DoorKnowledge } from './door-knowledge.js';
import type { SyncReport } from './door-outcomes.js';
import { doubleAdmissionOf } from './double-admission.js';
import { isScannerError, ScannerError } from './errors.js';

/** The server takes up to 1000 scans per sync call. */
const syncBatch = 500;

export interface SyncContext {
  api: DoorApi;
  pairing: Pairing;
  /** The event this door scans for, asked again for every batch (a pull may name it meanwhile). */
  eventId: () => string | null;
  knowledge: DoorKnowledge;
  /** Queued scans whose online request may still be answered: the server may be recording them. */
  awaitingAnswer: ReadonlySet<number>;
}

/**
 * Uploads every queued scan but those awaiting a late online answer, a batch at a time, and
 * settles each batch by the server's verdicts: disagreements kept, what it says learnt.
 */
export async function uploadQueue(context: SyncContext): Promise<SyncReport> {
  const { knowledge, awaitingAnswer } = context;
  const report: SyncReport = {
    uploaded: 0,
    admitted: 0,
    rejected: 0,
    conflicts: 0,
    disagreements: [],
    setAside: 0,
  };
  for (;;) {
    const batch = knowledge.state
      .queued(syncBatch + awaitingAnswer.size)
      .filter((scan) => !awaitingAnswer.has(scan.seq))
      .slice(0, syncBatch);
    if (batch.length === 0) break;
    const answer = await uploadOrSetAside(context, batch, report);
    if (answer === null) continue;
    if (answer.results.length !== batch.length) {
      throw new ScannerError(
        'bad_response',
        `sync answered ${answer.results.length} results for ${batch.length} scans`,
      );
    }
    const at = knowledge.now();
    const disagreements: ConflictRecord[] = [];
    const changes: StateChanges = { revoked: [], admissions: [] };
    batch.forEach((scan, i) => {
      const result = answer.results[i]!;
      report.uploaded++;
      if (result.result === 'admitted') report.admitted++;
      else report.rejected++;
      if (result.conflict) report.conflicts++;
      if (result.conflict || result.result !== scan.result) {
        disagreements.push({
          ticketId: result.ticket_id,
          scannedAt: scan.scannedAt,
          localResult: scan.result,
          serverResult: result.result,
          serverReason: result.reason,
          conflict: result.conflict,
          recordedAt: at,
          ...withDoubleAdmission(result.double_admission),
        });
      }
      if (scan.ticketId) knowledge.markPending(scan.ticketId, -1);
    });
    // Pending marks drop first, so the server's verdicts below are not ignored as stale.
    batch.forEach((scan, i) => {
      const result = answer.results[i]!;
      const learnt = knowledge.learnFromServer(
        result.ticket_id,
        result.result,
        result.reason,
        scan.direction,
        null,
      );
      if (learnt) {
        changes.revoked.push(...learnt.revoked);
        changes.admissions.push(...learnt.admissions);
      }
    });
    knowledge.state.settle(
      batch.map((scan) => scan.seq),
      disagreements,
      at,
    );
    knowledge.state.saveChanges(changes);
    report.disagreements.push(...disagreements);
  }
  return report;
}

/**
 * Uploads one batch. A scan whose time the server refuses (400 naming `scans[i].scanned_at`:
 * more than 7 days old, or ahead of its clock) is set aside, and null answered so the caller
 * reads the queue again: judged by the server's clock, never this device's, which may be the
 * very thing that is wrong.
 */
async function uploadOrSetAside(
  { api, pairing, eventId, knowledge }: SyncContext,
  batch: QueuedScan[],
  report: SyncReport,
): Promise<SyncAnswer | null> {
  const event = eventId();
  try {
    return await api.sync({
      device_id: pairing.deviceId,
      ...(event ? { event_id: event } : {}),
      scans: batch.map((scan) =>
        (scan.kind ?? (scan.token === '' ? 'manual' : 'code')) === 'manual'
          ? {
              kind: 'manual' as const,
              ticket_id: scan.ticketId ?? '',
              note: scan.note ?? 'Manual check-in',
              scanned_at: iso(scan.scannedAt),
              result: scan.result,
              direction: scan.direction,
            }
          : {
              token: scan.token,
              scanned_at: iso(scan.scannedAt),
              result: scan.result,
              direction: scan.direction,
              reason: scan.reason,
              ...(scan.note ? { note: scan.note } : {}),
            },
      ),
    });
  } catch (err) {
    const index = refusedTimeIndex(err);
    const refused = index === null ? undefined : batch[index];
    if (!refused) throw err;
    if (refused.ticketId) knowledge.markPending(refused.ticketId, -1);
    knowledge.state.setAside([refused.seq], knowledge.now());
    report.setAside++;
    return null;
  }
}

/** A sync result's pair of doors, as a ConflictRecord's optional field. */
function withDoubleAdmission(
  wire: SyncAnswer['results'][number]['double_admission'],
): Pick<ConflictRecord, 'doubleAdmission'> {
  const pair = doubleAdmissionOf(wire);
  return pair ? { doubleAdmission: pair } : {};
}

/** The item of an upload whose `scanned_at` the server refused (400 `invalid_field`), if that was it. */
function refusedTimeIndex(err: unknown): number | null {
  if (!isScannerError(err, 'http_error') || err.status !== 400 || err.apiCode !== 'invalid_field')
    return null;
  const match = /^scans\[(\d+)\]\.scanned_at$/.exec(err.param ?? '');
  return match ? Number(match[1]) : null;
}
