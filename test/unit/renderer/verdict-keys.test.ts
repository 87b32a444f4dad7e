import { describe, expect, it } from 'vitest';
import {
  keyClosesVerdict,
  verdictAnnouncement,
  type VerdictKey,
} from '../../../src/renderer/src/lib/verdict-keys.js';

const press = (key: string, more: Partial<VerdictKey> = {}): VerdictKey => ({
  key,
  defaultPrevented: false,
  repeat: false,
  ctrlKey: false,
  altKey: false,
  metaKey: false,
  ...more,
});

describe('closing the door verdict from the keyboard', () => {
  it('Esc closes it wherever the focus is', () => {
    for (const focus of ['text-field', 'verdict-control', 'elsewhere'] as const)
      expect(keyClosesVerdict(press('Escape'), focus, true)).toBe(true);
  });

  it('Enter closes it outside text fields and the verdict’s own buttons', () => {
    expect(keyClosesVerdict(press('Enter'), 'elsewhere', true)).toBe(true);
    // The guest search, a reason, the ticket-code box: their Enter is theirs.
    expect(keyClosesVerdict(press('Enter'), 'text-field', true)).toBe(false);
    // "Admit the other N of this order" is pressed, not the verdict closed under it.
    expect(keyClosesVerdict(press('Enter'), 'verdict-control', true)).toBe(false);
  });

  it('the Enter ending a wedge scan is the scan’s, not "close"', () => {
    // The wedge scanner prevents the Enter that ends a burst before anything else sees it.
    expect(keyClosesVerdict(press('Enter', { defaultPrevented: true }), 'elsewhere', true)).toBe(false);
  });

  it('takes no key in the verdict’s first half second, nor a held key’s repeats', () => {
    expect(keyClosesVerdict(press('Escape'), 'elsewhere', false)).toBe(false);
    expect(keyClosesVerdict(press('Enter'), 'elsewhere', false)).toBe(false);
    expect(keyClosesVerdict(press('Enter', { repeat: true }), 'elsewhere', true)).toBe(false);
  });

  it('other keys and shortcuts leave it', () => {
    expect(keyClosesVerdict(press(' '), 'elsewhere', true)).toBe(false);
    expect(keyClosesVerdict(press('a'), 'elsewhere', true)).toBe(false);
    expect(keyClosesVerdict(press('Enter', { ctrlKey: true }), 'elsewhere', true)).toBe(false);
    expect(keyClosesVerdict(press('Escape', { metaKey: true }), 'elsewhere', true)).toBe(false);
  });
});

describe('what the door’s live region says for a verdict', () => {
  it('title, words, name and tier, one sentence each', () => {
    expect(
      verdictAnnouncement({
        title: 'Admitted',
        detail: 'Welcome in',
        name: 'Vera Vip',
        tierName: 'VIP lounge',
      }),
    ).toBe('Admitted. Welcome in. Vera Vip. VIP lounge.');
  });

  it('leaves out what is unknown and says nothing twice', () => {
    expect(verdictAnnouncement({ title: 'Rejected', detail: 'Rejected', name: null, tierName: null })).toBe(
      'Rejected.',
    );
    expect(
      verdictAnnouncement({ title: 'Rejected', detail: 'Voided ticket.', name: ' ', tierName: null }),
    ).toBe('Rejected. Voided ticket.');
  });
});
