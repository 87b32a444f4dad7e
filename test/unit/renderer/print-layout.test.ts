import { describe, expect, it } from 'vitest';
import { printedCode, printedPrice } from '../../../src/renderer/src/lib/print-layout.js';
import { passTyp } from '../../../src/shared/ticket-pass.js';

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const pass = (exp: number) =>
  `${segment({ alg: 'EdDSA', typ: passTyp, kid: 'k1' })}.${segment({
    sub: 'tik_0VbgsL5LhXabjlSMzVTU',
    evt: 'evt_0VbgsL23yqAMecWaZDbe',
    tier: 'tkt_0VbgsL24of5rofft5LKo',
    iat: 1_800_000_000,
    exp,
  })}.${Buffer.alloc(64).toString('base64url')}`;
const walletUrl = 'https://box.example/w/ws_secret';

describe('printedCode: what a printed ticket carries', () => {
  it('the paper pass, with the moment it stops admitting, when the ticket has one', () => {
    const text = pass(1_800_086_400);
    expect(printedCode({ paper_pass: text, wallet_url: walletUrl })).toEqual({
      kind: 'pass',
      text,
      validUntilMs: 1_800_086_400_000,
    });
  });

  it('the wallet link when the tier refuses paper (or the ticket is no longer active)', () => {
    expect(printedCode({ paper_pass: null, wallet_url: walletUrl })).toEqual({
      kind: 'wallet',
      text: walletUrl,
    });
  });

  it('still prints a pass it cannot read the expiry of, without claiming an end', () => {
    expect(printedCode({ paper_pass: 'not.a.pass', wallet_url: walletUrl })).toEqual({
      kind: 'pass',
      text: 'not.a.pass',
      validUntilMs: null,
    });
  });
});

describe('printedPrice: what one ticket of the order cost, on its slip', () => {
  const adult = { id: 'tkt_adult', price_cents: 3000 };
  const child = { id: 'tkt_child', price_cents: 1000 };
  const sold = (tier_id: string) => ({ tier_id, transferred_from: null });

  it('one tier: the order’s total shared by its tickets (a comp: nothing)', () => {
    const order = { total_cents: 7500, tickets: [sold('tkt_adult'), sold('tkt_adult'), sold('tkt_adult')] };
    expect(printedPrice(order, sold('tkt_adult'), [])).toBe(2500);
    expect(printedPrice({ ...order, total_cents: 0 }, sold('tkt_adult'), [adult])).toBe(0);
  });

  it('a transfer adds the recipient’s ticket to the order, at the original’s price', () => {
    const order = {
      total_cents: 5000,
      tickets: [
        { tier_id: 'tkt_adult', transferred_from: null },
        { tier_id: 'tkt_adult', transferred_from: null },
        { tier_id: 'tkt_adult', transferred_from: 'tik_1' },
      ],
    };
    expect(printedPrice(order, order.tickets[2]!, [])).toBe(2500);
  });

  it('several tiers: each tier’s price, not the average', () => {
    const order = { total_cents: 7000, tickets: [sold('tkt_adult'), sold('tkt_adult'), sold('tkt_child')] };
    expect(printedPrice(order, sold('tkt_child'), [adult, child])).toBe(1000);
    expect(printedPrice(order, sold('tkt_adult'), [adult, child])).toBe(3000);
  });

  it('no price rather than one no one paid: a tier repriced since, or tiers not loaded', () => {
    const order = { total_cents: 7000, tickets: [sold('tkt_adult'), sold('tkt_adult'), sold('tkt_child')] };
    expect(printedPrice(order, sold('tkt_child'), [adult, { ...child, price_cents: 1500 }])).toBeNull();
    expect(printedPrice(order, sold('tkt_child'), [])).toBeNull();
  });
});
