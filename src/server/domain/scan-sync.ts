import { responseJson } from '../schemas/response-json.js';
import { SyncAnswer, type ScanReason, type SyncInput, type SyncResultView } from '../schemas/scans.js';
import { invalidField, missingField } from '../errors.js';
import type { ScanRow, ScansRepo } from '../store/scans-repo.js';
import type { TicketTokens } from '../tokens/ticket-tokens.js';
import type { ActionContext } from './action-context.js';
import type { ActionRunner, Answer } from './action-runner.js';
import type { ApiKeyRecord } from './api-keys.js';
import type { DevicesService } from './devices.js';
import type { ScanAttempts } from './scan-attempts.js';
import type { DoubleAdmissions } from './double-admissions.js';
import type { ScanFeed } from './scan-feed.js';
import { scanTime, type ScanningService } from './scanning.js';
import { scanIsItsOwnRecord } from './audit-entry.js';
import { refuseOtherEventsDoor } from './door-rules.js';
import { manualSyncKey, syncKey } from './sync-key.js';

/**
 * A door can sit offline through a long weekend; older uploads are refused as clock trouble
 * (400 naming the item, which a door then sets aside: DoorDevice's sync).
 */
export const syncScanMaxAgeMs = 7 * 24 * 60 * 60 * 1000;

const syncJson = responseJson(SyncAnswer);

export interface ScanSyncDeps {
  actions: ActionRunner;
  attempts: ScanAttempts;
  scans: ScansRepo;
  scanning: ScanningService;
  devices: DevicesService;
  tokens: TicketTokens;
  feed: ScanFeed;
  doubles: DoubleAdmissions;
  now: () => number;
}

type PresentedItem =
  { kind: 'code'; token: string; note: string | null } | { kind: 'manual'; ticketId: string; note: string };

/**
 * What an uploaded item presented: a token, or (kind manual) a ticket and the steward's reason.
 * The schema keeps both shapes in one object, so the rule for which fields go together is here.
 */
function presentedItem(scan: SyncInput['scans'][number], index: number): PresentedItem {
  if ((scan.kind ?? 'code') === 'code') {
    if (scan.token === undefined) throw missingField(`scans[${index}].token`);
    if (scan.ticket_id !== undefined)
      throw invalidField(
        `scans[${index}].ticket_id`,
        `scans[${index}] is a scanned code: ticket_id belongs to kind 'manual' items.`,
      );
    // A code may carry a note too: the steward's reason to admit past capacity.
    return { kind: 'code', token: scan.token, note: scan.note ?? null };
  }
  if (scan.token !== undefined)
    throw invalidField(
      `scans[${index}].token`,
      `scans[${index}] is a manual check-in: it names ticket_id, not a token.`,
    );
  if (scan.ticket_id === undefined) throw missingField(`scans[${index}].ticket_id`);
  if (scan.note === undefined) throw missingField(`scans[${index}].note`);
  return { kind: 'manual', ticketId: scan.ticket_id, note: scan.note };
}

/** One item's answer; a conflict names the entry that counted and this one (both doors). */
function resultOf(row: Omit<ScanRow, 'seq'>, doubles: DoubleAdmissions): SyncResultView {
  const result: SyncResultView = {
    ticket_id: row.ticket_id,
    result: row.result,
    reason: row.reason as ScanReason | null,
    conflict: row.conflict === 1,
    scan_id: row.id,
    credential: row.credential,
  };
  const pair = doubles.of(row);
  return pair ? { ...result, double_admission: pair } : result;
}

/**
 * Uploads of scans a door made offline. They are applied in scanned_at order, each through the
 * same checks as an online scan; the server's first admission wins, so a ticket admitted by two
 * offline doors counts once and the later upload is marked `conflict`.
 */
export class ScanSyncService {
  constructor(private readonly deps: ScanSyncDeps) {}

  async sync(
    action: ActionContext,
    input: SyncInput,
    caller: ApiKeyRecord | null,
  ): Promise<Answer<{ results: SyncResultView[] }>> {
    const { attempts, scans, devices, tokens, now } = this.deps;
    const device = devices.resolve(caller, input.device_id);
    // device_id is required by the schema, so resolve always finds one.
    if (!device) throw missingField('device_id');
    if (input.event_id !== undefined) {
      this.deps.scanning.requireEvent(input.event_id, 'event_id');
      refuseOtherEventsDoor(caller, device, input.event_id);
    }
    const doorEventId = input.event_id ?? device.event_id;
    const at = now();
    const times = input.scans.map((scan, index) =>
      scanTime(scan.scanned_at, at, syncScanMaxAgeMs, `scans[${index}].scanned_at`),
    );
    // Signatures are checked on the thread pool, all at once, before the write lock is taken.
    const presented = input.scans.map(presentedItem);
    const checks = await Promise.all(
      presented.map((item, index) =>
        item.kind === 'code' ? tokens.verifyAsync(item.token, times[index]) : Promise.resolve(null),
      ),
    );
    const items = input.scans.map((scan, index) => {
      const item = presented[index]!;
      return {
        index,
        scan,
        item,
        scannedAt: times[index]!,
        key:
          item.kind === 'code'
            ? syncKey(device.id, item.token, times[index]!)
            : manualSyncKey(device.id, item.ticketId, item.note, times[index]!),
        check: checks[index]!,
      };
    });
    const ordered = [...items].sort((a, b) => a.scannedAt - b.scannedAt || a.index - b.index);
    const answer = await this.deps.actions.run(
      action,
      syncJson,
      () => {
        const results: SyncResultView[] = new Array<SyncResultView>(items.length);
        for (const item of ordered) {
          const earlier = scans.bySyncKey(item.key);
          if (earlier) {
            results[item.index] = resultOf(earlier, this.deps.doubles);
            continue;
          }
          const outcome = attempts.record({
            check: item.check,
            ...(item.item.kind === 'manual' ? { ticketId: item.item.ticketId } : {}),
            note: item.item.note,
            apiKeyId: action.actor.apiKeyId,
            staffId: action.actor.staffId,
            doorEventId,
            deviceId: device.id,
            direction: item.scan.direction ?? 'in',
            scannedAt: item.scannedAt,
            source: 'sync',
            claim: { result: item.scan.result, reason: item.scan.reason ?? null },
            syncKey: item.key,
          });
          results[item.index] = resultOf(outcome.row, this.deps.doubles);
        }
        return { results };
      },
      { lane: 'door', unaudited: scanIsItsOwnRecord },
    );
    this.deps.feed.notify();
    return answer;
  }
}
