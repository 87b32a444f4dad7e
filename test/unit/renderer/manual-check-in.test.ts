import { describe, expect, it } from 'vitest';
import {
  canSearch,
  lookupNews,
  noMatchWords,
  othersNotInside,
  quickReasons,
  refusalWords,
  restOfOrderWords,
  standing,
} from '../../../src/renderer/src/lib/manual-check-in.js';

describe('manual check-in wording', () => {
  it('says how a found ticket stands', () => {
    expect(standing({ status: 'active', scanned: false })).toBe('Not arrived');
    expect(standing({ status: 'active', scanned: true })).toBe('Inside');
    expect(standing({ status: 'voided', scanned: true })).toBe('Voided');
    expect(standing({ status: 'transferred', scanned: false })).toBe('Transferred');
  });

  it('says offline that a search finds only valid tickets, so nobody concludes the guest has none', () => {
    expect(noMatchWords(' ivy ', 'online')).toBe('Nobody of this event matches “ivy”.');
    const offline = noMatchWords('ivy', 'offline');
    expect(offline).toMatch(/^No valid ticket matches “ivy” in this door’s guest list\./);
    expect(offline).toContain('refunded, voided or transferred');
    expect(offline).not.toMatch(/^Nobody/);
  });

  it('says offline that a ticket sold since the door pack is not in it, and that its code still scans', () => {
    const offline = noMatchWords('tilly', 'offline', '20:35');
    expect(offline).toContain(
      'Offline the door knows only valid tickets as of 20:35: one sold since (its code still scans)',
    );
    expect(lookupNews('tilly', { count: 0, more: false, mode: 'offline' }, '20:35')).toContain(
      'valid tickets as of 20:35: one sold since',
    );
    // Without a pack time (none pulled yet) the words still say a ticket sold since may be missing.
    expect(noMatchWords('tilly', 'offline')).toContain('valid tickets: one sold since');
  });

  it("says offline, when a full storage dropped the guest list's names, that nobody found does not mean no ticket", () => {
    const offline = noMatchWords('ada', 'offline', '20:35', true);
    expect(offline).toMatch(/^No ticket matches “ada” in the names this door still has\. Storage was full/);
    expect(offline).toContain('The guest’s code still scans; search again once the door is online.');
    expect(noMatchWords('ada', 'online', '20:35', true)).toBe('Nobody of this event matches “ada”.');
  });

  it('says what a search found, for a screen reader, and nothing before there is anything to say', () => {
    expect(lookupNews('', null)).toBe('');
    expect(lookupNews(' a ', null)).toBe('Type at least 2 letters.');
    expect(lookupNews('ada', null)).toBe('');
    expect(lookupNews('ada', { count: 1, more: false, mode: 'online' })).toBe('1 guest found.');
    expect(lookupNews('ada', { count: 10, more: true, mode: 'online' })).toBe(
      '10 guests found; more match: type more of the name.',
    );
    expect(lookupNews(' ivy ', { count: 0, more: false, mode: 'online' })).toBe(
      'Nobody of this event matches.',
    );
  });

  it('says "nobody" in the same words whatever was typed, so each further letter is not announced again', () => {
    const nobody = { count: 0, more: false, mode: 'online' } as const;
    expect(lookupNews('zq', nobody)).toBe(lookupNews('zqxw', nobody));
    const offline = { ...nobody, mode: 'offline' } as const;
    expect(lookupNews('tom', offline)).toBe(lookupNews('tomas', offline));
    expect(lookupNews('tom', offline)).toMatch(/^No valid ticket matches in this door’s guest list\./);
  });

  it('searches from 2 characters after trimming, as the server counts', () => {
    expect(canSearch('')).toBe(false);
    expect(canSearch(' d ')).toBe(false);
    expect(canSearch('da')).toBe(true);
    expect(canSearch('  da  ')).toBe(true);
  });

  it('counts the others of an order not inside yet, never below zero', () => {
    expect(othersNotInside({ tickets: 4, admitted: 1 })).toBe(3);
    expect(othersNotInside({ tickets: 1, admitted: 1 })).toBe(0);
    expect(othersNotInside({ tickets: 1, admitted: 2 })).toBe(0);
    expect(othersNotInside(null)).toBe(0);
  });

  it("puts a refusal in the guest's words", () => {
    expect(refusalWords('already_scanned')).toBe('Already used: this ticket is inside');
    expect(refusalWords('voided')).toMatch(/^Ticket voided/);
    expect(refusalWords(null)).toMatch(/Not admitted/);
  });

  it('sums up admitting the rest of an order', () => {
    expect(restOfOrderWords([{ result: 'admitted' }, { result: 'admitted' }, { result: 'rejected' }])).toBe(
      'Admitted 2 more of this order.',
    );
    expect(restOfOrderWords([{ result: 'admitted' }])).toBe('Admitted 1 more of this order.');
    expect(restOfOrderWords([{ result: 'rejected' }])).toMatch(/^Nobody else/);
  });

  it('offers the reasons staff give most, guest list among them', () => {
    expect(quickReasons).toContain('Guest list');
    expect(quickReasons).toContain('Dead phone');
  });
});
