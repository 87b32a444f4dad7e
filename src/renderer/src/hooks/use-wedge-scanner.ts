import { useEffect, useRef } from 'react';
import { WedgeDetector } from '../lib/wedge-scanner.js';
import { isTypingTarget } from '../shortcuts.js';

/**
 * Receives keyboard-wedge barcode scans anywhere on the page, with no field focused first.
 * Keys typed into a text field stay that field's (the ticket-code field submits a scan on its own
 * Enter); everywhere else the keys of a scan are kept from buttons and shortcuts, and the Enter
 * that ends it hands the code to `onScan`.
 */
export function useWedgeScanner(onScan: (code: string) => void, enabled = true): void {
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  }, [onScan]);

  useEffect(() => {
    if (!enabled) return;
    const detector = new WedgeDetector(() => performance.now());
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isTypingTarget(event.target)) {
        detector.reset();
        return;
      }
      const code = detector.key(event.key);
      if (code !== null) {
        // The Enter would otherwise press whatever button has the focus.
        event.preventDefault();
        event.stopPropagation();
        handler.current(code);
      } else if (event.key.length === 1 && detector.scanning()) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // Capture: seen before the page's own key handlers (shortcuts, dialogs).
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled]);
}
