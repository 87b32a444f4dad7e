/**
 * The door verdict from the keyboard and for screen readers: which keys close it, and the words
 * its live region says.
 */

/** Where the focus is when a key comes: what Enter would otherwise do there. */
export type VerdictFocus =
  /** A field a person types in (guest search, reason, ticket code): its Enter is its own. */
  | 'text-field'
  /** A button on the verdict itself ("Admit the other N of this order"): Enter presses it. */
  | 'verdict-control'
  /** Anywhere else: the page, or a control under the verdict it covers. */
  | 'elsewhere';

export interface VerdictKey {
  key: string;
  /** Already taken: the wedge scanner prevents the Enter that ends a scan. */
  defaultPrevented: boolean;
  repeat: boolean;
  ctrlKey: boolean;
  altKey: boolean;
  metaKey: boolean;
}

/** What the door does with a key while a verdict is up, or just after a key closed one. */
export type VerdictKeyAction =
  /** Close the verdict, and keep the key from anything else. */
  | 'close'
  /** Keep the key from the page: it is not for the button or form the verdict covers. */
  | 'swallow'
  /** Not the verdict's key: a field's own Enter, a verdict button's, a scan's, a shortcut. */
  | 'pass';

/** The keys that press a focused button: under a verdict they would start the camera unseen. */
const pressKeys = new Set(['Enter', ' ']);

const leftAlone = (key: VerdictKey): boolean =>
  key.defaultPrevented || key.ctrlKey || key.altKey || key.metaKey;

/**
 * A key while a verdict is up. Esc closes it wherever the focus is, Enter outside text fields and
 * the verdict's own buttons. The Enter that ends a wedge scan is the scan's (a scan arriving during
 * a verdict is a scan, not "close"). Before the verdict takes taps (`settled`) nothing closes it: a
 * second press meant for the last verdict must not close the new one unread; nor does a held key's
 * repeat. Those presses are swallowed, not passed on: the verdict covers the page, so the button
 * under it (Start scanning) must not take them.
 */
export function verdictKeyAction(key: VerdictKey, focus: VerdictFocus, settled: boolean): VerdictKeyAction {
  if (leftAlone(key)) return 'pass';
  if (key.key === 'Escape') {
    if (settled && !key.repeat) return 'close';
    // Not yet closing: a field's Esc (leave the admit-by-hand form) is still the field's.
    return focus === 'elsewhere' ? 'swallow' : 'pass';
  }
  if (!pressKeys.has(key.key) || focus !== 'elsewhere') return 'pass';
  return key.key === 'Enter' && settled && !key.repeat ? 'close' : 'swallow';
}

/**
 * How long after a key closed a verdict a fresh Enter or Space is still taken as part of closing
 * it: a steward's quick double press, whose second press would start the camera.
 */
export const afterCloseMs = 500;

/**
 * A key just after a key closed the verdict: the focus is back on Start scanning, and the second
 * press of a double Enter, or a held Enter's repeats (however long it is held), must not press it.
 * Fields keep their keys, and a scan's Enter is still a scan.
 */
export function keyAfterVerdictClosed(
  key: VerdictKey,
  focus: VerdictFocus,
  msSinceClose: number,
): 'swallow' | 'pass' {
  if (leftAlone(key) || focus === 'text-field' || !pressKeys.has(key.key)) return 'pass';
  return key.repeat || msSinceClose < afterCloseMs ? 'swallow' : 'pass';
}

export interface AnnouncedVerdict {
  title: string;
  detail: string;
  name: string | null;
  tierName: string | null;
  /** Who decided: the venue server, or the door on its own (the screen says "Decided offline"). */
  mode: 'online' | 'offline';
  /** An offline decision waiting to be synced. */
  queued: boolean;
}

/**
 * What the door's live region says for a verdict: "Admitted. Welcome in. Vera Vip. VIP lounge.",
 * and, as the screen's footer does, "Decided offline, queued for sync." when the door decided.
 */
export function verdictAnnouncement(verdict: AnnouncedVerdict): string {
  const offline =
    verdict.mode === 'offline'
      ? verdict.queued
        ? 'Decided offline, queued for sync'
        : 'Decided offline'
      : null;
  const parts = [verdict.title, verdict.detail, verdict.name, verdict.tierName, offline]
    .map((part) => part?.trim().replace(/\.+$/, '') ?? '')
    .filter((part) => part !== '');
  // The detail may repeat the title ("Rejected" when a reason has no words of its own).
  const distinct = parts.filter((part, i) => parts.indexOf(part) === i);
  return distinct.length ? `${distinct.join('. ')}.` : '';
}
