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

/**
 * True when this key closes the verdict: Esc wherever the focus is, Enter outside text fields and
 * the verdict's own buttons. Never the Enter that ends a wedge scan (a scan arriving during a
 * verdict is a scan, not "close"), never a held key's repeats, and not before the verdict takes
 * taps (`settled`): a second press meant for the last verdict must not close the new one unread.
 */
export function keyClosesVerdict(key: VerdictKey, focus: VerdictFocus, settled: boolean): boolean {
  if (!settled || key.defaultPrevented || key.repeat) return false;
  if (key.ctrlKey || key.altKey || key.metaKey) return false;
  if (key.key === 'Escape') return true;
  return key.key === 'Enter' && focus === 'elsewhere';
}

export interface AnnouncedVerdict {
  title: string;
  detail: string;
  name: string | null;
  tierName: string | null;
}

/** What the door's live region says for a verdict: "Admitted. Welcome in. Vera Vip. VIP lounge." */
export function verdictAnnouncement(verdict: AnnouncedVerdict): string {
  const parts = [verdict.title, verdict.detail, verdict.name, verdict.tierName]
    .map((part) => part?.trim().replace(/\.+$/, '') ?? '')
    .filter((part) => part !== '');
  // The detail may repeat the title ("Rejected" when a reason has no words of its own).
  const distinct = parts.filter((part, i) => parts.indexOf(part) === i);
  return distinct.length ? `${distinct.join('. ')}.` : '';
}
