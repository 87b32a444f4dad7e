import { useEffect, useRef } from 'react';
import { WedgeDetector } from '../lib/wedge-scanner.js';
import { isTypingTarget } from '../shortcuts.js';

/**
 * A field that takes scans as its own input (the door's ticket-code box, the orders search): a
 * scan typed into it stays there and its own Enter submits it. Mark it with this attribute.
 */
export const scanTargetAttribute = 'data-scan-target';

type EditableField = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isScanTarget = (target: EventTarget | null): boolean =>
  target instanceof HTMLElement && target.closest(`[${scanTargetAttribute}]`) !== null;

const isEditableField = (target: EventTarget | null): target is EditableField =>
  target instanceof HTMLInputElement ||
  target instanceof HTMLTextAreaElement ||
  target instanceof HTMLSelectElement;

/**
 * Puts a field back as it was before a scan's characters landed in it, through the element's own
 * value setter and an input event, so React's state follows (a plain assignment would be undone).
 */
function restoreField(field: EditableField, value: string): void {
  if (field.value === value) return;
  const setter = Object.getOwnPropertyDescriptor(Object.getPrototypeOf(field), 'value')?.set;
  setter?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
  field.dispatchEvent(new Event('change', { bubbles: true }));
}

/**
 * Receives keyboard-wedge barcode scans anywhere on the page, with no field focused first.
 * Outside text fields the keys of a scan are kept from buttons, keypads and shortcuts, and the
 * Enter that ends it hands the code to `onScan`.
 * In a text field a person may type fast, so its keys land as typed; but the Enter that ends a
 * scan burst is not the field's: it would submit a reason, a refund note or a quantity made of a
 * ticket code. That field is put back as it was before the burst and the code goes to `onScan`.
 * Only a field marked `data-scan-target` keeps a scan as its own input.
 */
export function useWedgeScanner(
  onScan: (code: string) => void,
  options: {
    enabled?: boolean;
    /**
     * The page's keys are typing of its own (the PIN keypad listens to the window): they land as
     * typed, however fast, and only the Enter that ends a scan burst is taken.
     */
    keysLand?: boolean;
  } = {},
): void {
  const { enabled = true, keysLand = false } = options;
  const handler = useRef(onScan);
  useEffect(() => {
    handler.current = onScan;
  }, [onScan]);

  useEffect(() => {
    if (!enabled) return;
    const detector = new WedgeDetector(() => performance.now());
    // Where a person may be typing (a field, the PIN keypad) a scan must look like no typing at
    // all: a long burst at scanner speed. A fast typist's "Wrong day" + Enter (9 keys, 30-60 ms
    // apart) or an 8-digit PIN is theirs; a ticket code is hundreds of keys a few ms apart.
    const typingDetector = new WedgeDetector(() => performance.now(), { maxGapMs: 25, minLength: 20 });
    // The focused field's value before the current burst began, to put it back.
    let before: { field: EditableField; value: string } | null = null;
    const onKey = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || isScanTarget(event.target)) {
        detector.reset();
        typingDetector.reset();
        before = null;
        return;
      }
      const typing = keysLand || isTypingTarget(event.target);
      if (
        typing &&
        isEditableField(event.target) &&
        !detector.inBurst(event.timeStamp) &&
        event.key !== 'Enter'
      ) {
        before = { field: event.target, value: event.target.value };
      }
      const loose = detector.key(event.key, event.timeStamp);
      const strict = typingDetector.key(event.key, event.timeStamp);
      const code = typing ? strict : loose;
      if (code !== null) {
        // The Enter would otherwise press whatever button has the focus, or submit the field's form.
        event.preventDefault();
        event.stopPropagation();
        if (typing && before && before.field === event.target) restoreField(before.field, before.value);
        before = null;
        handler.current(code);
      } else if (!typing && event.key.length === 1 && detector.scanning(event.timeStamp)) {
        event.preventDefault();
        event.stopPropagation();
      }
    };
    // Capture: seen before the page's own key handlers (shortcuts, dialogs, forms).
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [enabled, keysLand]);
}
