import { describe, expect, it } from 'vitest';
import {
  describeEvents,
  eventsFromSelection,
  kindGroups,
  selectionFromEvents,
  setAll,
  toggleKind,
} from '../../../src/renderer/src/lib/webhook-events.js';
import { webhookKinds } from '../../../src/shared/webhook-kinds.js';

describe('the endpoint filter editor', () => {
  it('reads * and lists', () => {
    expect(selectionFromEvents(['*'])).toEqual({ all: true, kinds: [] });
    expect(selectionFromEvents(['ticket.scanned', 'order.created', 'nonsense'])).toEqual({
      all: false,
      kinds: ['order.created', 'ticket.scanned'],
    });
  });

  it('ticks and unticks kinds in the documented order, and writes the body', () => {
    let s = selectionFromEvents(['order.created']);
    s = toggleKind(s, 'event.created');
    expect(eventsFromSelection(s)).toEqual(['event.created', 'order.created']);
    s = toggleKind(s, 'event.created');
    s = toggleKind(s, 'order.created');
    expect(eventsFromSelection(s)).toBeNull();
    expect(eventsFromSelection(setAll(s, true))).toEqual(['*']);
  });

  it('unticking "every kind" keeps what was ticked before', () => {
    const s = setAll(setAll(selectionFromEvents(['payout.paid']), true), false);
    expect(s).toEqual({ all: false, kinds: ['payout.paid'] });
  });

  it('describes a filter in one line', () => {
    expect(describeEvents(['*'])).toBe('every kind (*)');
    expect(describeEvents(['order.created'])).toBe('order.created');
    expect(describeEvents(['order.created', 'ticket.voided'])).toBe('2 kinds: order.created, ticket.voided');
  });

  it('groups all fourteen kinds by resource', () => {
    const groups = kindGroups();
    expect(groups.map((g) => g.resource)).toEqual(['event', 'tier', 'order', 'ticket', 'attendee', 'payout']);
    expect(groups.flatMap((g) => g.kinds)).toEqual([...webhookKinds]);
    expect(webhookKinds).toHaveLength(14);
  });
});
