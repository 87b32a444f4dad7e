import { describe, expect, it } from 'vitest';
import {
  afterCloseMs,
  keyAfterVerdictClosed,
  verdictAnnouncement,
  verdictKeyAction,
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
      expect(verdictKeyAction(press('Escape'), focus, true)).toBe('close');
  });

  it('Enter closes it outside text fields and the verdict’s own buttons', () => {
    expect(verdictKeyAction(press('Enter'), 'elsewhere', true)).toBe('close');
    // The guest search, a reason, the ticket-code box: their Enter is theirs.
    expect(verdictKeyAction(press('Enter'), 'text-field', true)).toBe('pass');
    // "Admit the other N of this order" is pressed, not the verdict closed under it.
    expect(verdictKeyAction(press('Enter'), 'verdict-control', true)).toBe('pass');
  });

  it('the Enter ending a wedge scan is the scan’s, not "close"', () => {
    // The wedge scanner prevents the Enter that ends a burst before anything else sees it.
    expect(verdictKeyAction(press('Enter', { defaultPrevented: true }), 'elsewhere', true)).toBe('pass');
    expect(verdictKeyAction(press('Enter', { defaultPrevented: true }), 'elsewhere', false)).toBe('pass');
  });

  it('in the verdict’s first half second a key closes nothing and reaches nothing under it', () => {
    // Focus on Start scanning under the verdict: this Enter must not start the camera behind it.
    expect(verdictKeyAction(press('Enter'), 'elsewhere', false)).toBe('swallow');
    expect(verdictKeyAction(press(' '), 'elsewhere', false)).toBe('swallow');
    expect(verdictKeyAction(press('Escape'), 'elsewhere', false)).toBe('swallow');
    // A field's own Enter and Esc are still the field's.
    expect(verdictKeyAction(press('Enter'), 'text-field', false)).toBe('pass');
    expect(verdictKeyAction(press('Escape'), 'text-field', false)).toBe('pass');
  });

  it('a held key’s repeats never close it, and never reach the button under it', () => {
    expect(verdictKeyAction(press('Enter', { repeat: true }), 'elsewhere', true)).toBe('swallow');
    expect(verdictKeyAction(press('Escape', { repeat: true }), 'elsewhere', true)).toBe('swallow');
  });

  it('Space presses no button under it; other keys and shortcuts leave it', () => {
    expect(verdictKeyAction(press(' '), 'elsewhere', true)).toBe('swallow');
    expect(verdictKeyAction(press(' '), 'text-field', true)).toBe('pass');
    expect(verdictKeyAction(press('a'), 'elsewhere', true)).toBe('pass');
    expect(verdictKeyAction(press('Enter', { ctrlKey: true }), 'elsewhere', true)).toBe('pass');
    expect(verdictKeyAction(press('Escape', { metaKey: true }), 'elsewhere', true)).toBe('pass');
  });
});

describe('keys just after a key closed the verdict', () => {
  it('the second Enter of a quick double press does not press Start scanning', () => {
    expect(keyAfterVerdictClosed(press('Enter'), 'elsewhere', 80)).toBe('swallow');
    expect(keyAfterVerdictClosed(press(' '), 'elsewhere', 80)).toBe('swallow');
    // A deliberate press a moment later is the steward's: Enter on Start scanning starts the camera.
    expect(keyAfterVerdictClosed(press('Enter'), 'elsewhere', afterCloseMs)).toBe('pass');
  });

  it('a held Enter’s repeats are swallowed however long it is held', () => {
    expect(keyAfterVerdictClosed(press('Enter', { repeat: true }), 'elsewhere', 30)).toBe('swallow');
    expect(keyAfterVerdictClosed(press('Enter', { repeat: true }), 'elsewhere', 5_000)).toBe('swallow');
  });

  it('a field’s keys, a scan’s Enter and other keys pass', () => {
    expect(keyAfterVerdictClosed(press('Enter'), 'text-field', 80)).toBe('pass');
    expect(keyAfterVerdictClosed(press('Enter', { defaultPrevented: true }), 'elsewhere', 80)).toBe('pass');
    expect(keyAfterVerdictClosed(press('a'), 'elsewhere', 80)).toBe('pass');
  });
});

describe('what the door’s live region says for a verdict', () => {
  const online = { mode: 'online', queued: false } as const;

  it('title, words, name and tier, one sentence each', () => {
    expect(
      verdictAnnouncement({
        title: 'Admitted',
        detail: 'Welcome in',
        name: 'Vera Vip',
        tierName: 'VIP lounge',
        ...online,
      }),
    ).toBe('Admitted. Welcome in. Vera Vip. VIP lounge.');
  });

  it('leaves out what is unknown and says nothing twice', () => {
    expect(
      verdictAnnouncement({ title: 'Rejected', detail: 'Rejected', name: null, tierName: null, ...online }),
    ).toBe('Rejected.');
    expect(
      verdictAnnouncement({
        title: 'Rejected',
        detail: 'Voided ticket.',
        name: ' ',
        tierName: null,
        ...online,
      }),
    ).toBe('Rejected. Voided ticket.');
  });

  it('says when the door decided offline, as the screen does', () => {
    const verdict = { title: 'Admitted', detail: 'Welcome in', name: 'Otto Offline', tierName: 'VIP lounge' };
    expect(verdictAnnouncement({ ...verdict, mode: 'offline', queued: true })).toBe(
      'Admitted. Welcome in. Otto Offline. VIP lounge. Decided offline, queued for sync.',
    );
    // A venue-full refusal decided offline records nothing: no queue to name.
    expect(
      verdictAnnouncement({
        title: 'Rejected',
        detail: 'Venue full',
        name: null,
        tierName: null,
        mode: 'offline',
        queued: false,
      }),
    ).toBe('Rejected. Venue full. Decided offline.');
  });
});
