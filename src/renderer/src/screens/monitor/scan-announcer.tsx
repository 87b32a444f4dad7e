import { useEffect, useRef, useState } from 'react';
import type { ScanView } from '../../api/scan-types.js';
import { scanAnnouncement, scanToAnnounce } from '../../lib/scan-announcement.js';

/**
 * Says each new scan to a screen reader ("Rejected at North gate: …"): the log's table is not a
 * live region, and a steward listening rather than looking would otherwise hear nothing. Off
 * screen, and present from the start: a live region inserted together with its text is often not
 * announced.
 */
export function ScanAnnouncer({
  scans,
  historyReady,
  doorName,
}: {
  /** Newest first. */
  scans: readonly ScanView[];
  historyReady: boolean;
  doorName: (deviceId: string | null) => string;
}) {
  const [words, setWords] = useState('');
  const baseline = useRef<string | null | undefined>(undefined);
  const newest = scans[0];
  useEffect(() => {
    if (!historyReady) return;
    if (baseline.current === undefined) {
      baseline.current = newest?.id ?? null;
      return;
    }
    const scan = scanToAnnounce(newest, baseline.current);
    if (!scan) return;
    baseline.current = scan.id;
    setWords(scanAnnouncement(scan, doorName(scan.device_id)));
  }, [historyReady, newest, doorName]);
  return (
    <p className="visually-hidden" role="status" data-testid="scan-announcer">
      {words}
    </p>
  );
}
