import { describe, expect, it } from 'vitest';
import {
  eventSaleState,
  remaining,
  saleWindowState,
  tierSaleState as saleState,
} from '../../../src/shared/sale-state.js';

const at = (iso: string) => Date.parse(iso);
const window = { sale_starts_at: at('2026-12-01T00:00:00Z'), sale_ends_at: at('2026-12-10T00:00:00Z') };

describe('saleState', () => {
  const tier = { quantity: 10, sold: 0, ...window };

  it('is not_yet before the window opens', () => {
    expect(saleState(tier, at('2026-11-30T23:59:59Z'))).toBe('not_yet');
  });

  it('is on_sale from the first millisecond of the window', () => {
    expect(saleState(tier, window.sale_starts_at)).toBe('on_sale');
    expect(saleState(tier, window.sale_ends_at - 1)).toBe('on_sale');
  });

  it('is ended from sale_ends_at on', () => {
    expect(saleState(tier, window.sale_ends_at)).toBe('ended');
  });

  it('is sold_out inside the window when sold reaches quantity', () => {
    expect(saleState({ ...tier, sold: 10 }, at('2026-12-05T00:00:00Z'))).toBe('sold_out');
    expect(saleState({ ...tier, quantity: 0 }, at('2026-12-05T00:00:00Z'))).toBe('sold_out');
  });

  it('reports the window before stock: a sold-out tier whose sale ended is ended', () => {
    expect(saleState({ ...tier, sold: 10 }, window.sale_ends_at)).toBe('ended');
    expect(saleState({ ...tier, sold: 10 }, at('2026-11-01T00:00:00Z'))).toBe('not_yet');
  });

  it('treats a null end as open-ended and a null start as already open', () => {
    const open = { quantity: 1, sold: 0, sale_starts_at: null, sale_ends_at: null };
    expect(saleState(open, 0)).toBe('on_sale');
    expect(saleState(open, at('2100-01-01T00:00:00Z'))).toBe('on_sale');
  });
});

describe('eventSaleState', () => {
  const event = { status: 'published' as const, on_sale_at: at('2026-11-20T10:00:00Z') };

  it('sells only a published event from its on-sale time', () => {
    expect(eventSaleState(event, event.on_sale_at)).toBe('on_sale');
    expect(eventSaleState(event, event.on_sale_at - 1)).toBe('not_yet');
  });

  it('names a draft or cancelled event before its time', () => {
    expect(eventSaleState({ ...event, status: 'draft' }, event.on_sale_at)).toBe('draft');
    expect(eventSaleState({ ...event, status: 'cancelled' }, event.on_sale_at - 1)).toBe('cancelled');
  });
});

describe('saleWindowState and remaining', () => {
  it('is open from the start (inclusive) to the end (exclusive)', () => {
    expect(saleWindowState(window, window.sale_starts_at - 1)).toBe('not_yet');
    expect(saleWindowState(window, window.sale_starts_at)).toBe('open');
    expect(saleWindowState(window, window.sale_ends_at)).toBe('ended');
  });

  it('never counts below zero when a quantity was lowered under what was sold', () => {
    expect(remaining({ quantity: 10, sold: 3 })).toBe(7);
    expect(remaining({ quantity: 2, sold: 5 })).toBe(0);
  });
});
