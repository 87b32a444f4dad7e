import type { ScanView } from '../../src/renderer/src/api/scan-types.js';

/**
 * The monitor's scans as the feed and the log hand them over, for the renderer's monitor tests:
 * each call a new admitted phone scan at a door, `ago` seconds before `now`, with `over` on top.
 */
export function scanViews(now: number): (over?: Partial<ScanView> & { ago?: number }) => ScanView {
  let n = 0;
  return (over = {}) => {
    const { ago = 0, ...rest } = over;
    const at = new Date(now - ago * 1000).toISOString();
    n++;
    return {
      id: `scn_${n}`,
      event_id: 'evt_1',
      ticket_id: `tik_${n}`,
      device_id: 'dev_a',
      result: 'admitted',
      reason: null,
      direction: 'in',
      scanned_at: at,
      created_at: at,
      source: 'online',
      conflict: false,
      credential: 'rotating',
      note: null,
      actor: { api_key_id: null, device_id: 'dev_a', staff_id: null },
      ...rest,
    };
  };
}
