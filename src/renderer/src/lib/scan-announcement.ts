import type { ScanView } from '../api/scan-types.js';
import { describeScan } from './scan-reasons.js';

type AnnouncedScan = Pick<ScanView, 'result' | 'reason' | 'direction' | 'conflict' | 'credential'>;

/** A scan's verdict in one word, as the monitor's log shows it beside its colour. */
export function scanVerdictWord(scan: AnnouncedScan): { tone: 'good' | 'bad' | 'muted'; word: string } {
  if (scan.conflict) return { tone: 'bad', word: 'Conflict' };
  if (scan.result === 'rejected') return { tone: 'bad', word: 'Rejected' };
  return scan.direction === 'out' ? { tone: 'muted', word: 'Exit' } : { tone: 'good', word: 'Admitted' };
}

/**
 * What a screen reader says for a new scan on the monitor: the verdict, the door, and why when
 * the why says more than the verdict ("Rejected at North gate: Already used: this ticket is
 * inside."), so a steward who cannot see the colours hears who was turned away and where.
 */
export function scanAnnouncement(scan: AnnouncedScan, door: string): string {
  const { word } = scanVerdictWord(scan);
  const why = describeScan(scan);
  const said = why === word || why === 'Exit recorded' ? '' : `: ${why}`;
  return `${word} at ${door}${said}.`;
}

/**
 * Which scan to announce, if any: the newest, once it is newer than the newest the monitor had
 * when its log first finished loading (`baseline`; undefined until then). The log read at opening
 * is history, not news.
 */
export function scanToAnnounce<T extends { id: string }>(
  newest: T | undefined,
  baseline: string | null | undefined,
): T | null {
  if (baseline === undefined || !newest || newest.id === baseline) return null;
  return newest;
}
