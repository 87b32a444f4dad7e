import { paperPassWords, scanReasonWords } from '../../../shared/scan-reasons.js';
import type { ScanView } from '../api/scan-types.js';

/** One line for a scan in the log: why it was turned away, or what it did. */
export function describeScan(
  scan: Pick<ScanView, 'result' | 'reason' | 'direction' | 'conflict'> & { credential?: string | null },
): string {
  if (scan.conflict) {
    return 'Double admission: this door let the ticket in offline while another door’s entry of it counts';
  }
  if (scan.result === 'admitted') return scan.direction === 'out' ? 'Exit recorded' : 'Admitted';
  const paper = scan.reason && scan.credential === 'paper' ? paperPassWords[scan.reason] : undefined;
  if (paper) return paper.log;
  return scan.reason ? scanReasonWords[scan.reason].log : 'Turned away (the door gave no reason)';
}
