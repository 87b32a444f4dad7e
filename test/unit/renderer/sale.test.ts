import { describe, expect, it } from 'vitest';
import type { TierView } from '../../../src/renderer/src/api/types.js';
import {
  accessCodeClash,
  checkCart,
  checkoutBody,
  purchaseLimitWords,
  stockWords,
  tooManyWords,
  type Cart,
} from '../../../src/renderer/src/lib/sale.js';

const tier = {
  id: 'tkt_1',
  event_id: 'evt_1',
  name: 'GA',
  price_cents: 2500,
  currency: 'usd',
  quantity: 100,
  sold: 0,
  comps: 0,
  voided: 0,
  sale_starts_at: null,
  sale_ends_at: null,
  max_per_order: 10,
  visibility: 'public',
  access_code: null,
  paper_pass: true,
  created_at: '2026-11-22T12:00:00.000Z',
} satisfies TierView;

const cart: Cart = {
  quantity: 3,
  payment: 'cash',
  tenderedText: '100',
  buyerName: '',
  buyerEmail: '',
  compReason: '',
};

describe('checkCart', () => {
  it('totals a cash sale and the change due', () => {
    expect(checkCart(tier, cart, 10)).toEqual({ total: 7500, change: 2500, short: 0, problems: {} });
  });

  it('refuses a short or missing tender', () => {
    expect(checkCart(tier, { ...cart, tenderedText: '70' }, 10)).toMatchObject({
      short: 500,
      problems: { tendered: '$5.00 short.' },
    });
    expect(checkCart(tier, { ...cart, tenderedText: '' }, 10).problems).toEqual({
      tendered: 'Enter the cash handed over.',
    });
  });

  it('reads cash tendered as every typed amount is, and says why it cannot when it cannot', () => {
    const big = { ...tier, price_cents: 100_000 };
    // French and Swiss grouping: 3 × $1,000.00 paid with $3,234.50.
    expect(checkCart(big, { ...cart, tenderedText: '3 234,50' }, 10)).toMatchObject({
      change: 23450,
      problems: {},
    });
    expect(checkCart(big, { ...cart, tenderedText: '3\u202f234,50' }, 10)).toMatchObject({ change: 23450 });
    expect(checkCart(big, { ...cart, tenderedText: "3'234.50" }, 10)).toMatchObject({ change: 23450 });
    const tendered = (tenderedText: string, currency = 'usd') =>
      checkCart({ ...tier, currency }, { ...cart, tenderedText }, 10).problems.tendered;
    expect(tendered('1.234')).toBe(
      '“1.234” is unclear: after a point come the decimals, 2 digits in USD. For $1,234.00 type 1234.',
    );
    expect(tendered('a hundred')).toBe(
      '“a hundred” is not an amount: type the cash handed over in digits, like 25.00; thousands may be grouped, as 1,234.50 or 1.234,50.',
    );
    expect(tendered('-100')).toBe(
      '“-100” is below zero: type the cash handed over without a minus, like 25.00.',
    );
    expect(tendered('€100')).toBe(
      '“€100” is in euros, and amounts here are in US dollars (USD): type the cash handed over in US dollars, like 25.00.',
    );
    expect(tendered('100 euros')).toBe(
      '“100 euros” is in euros, and amounts here are in US dollars (USD): type the cash handed over in US dollars, like 25.00.',
    );
    expect(tendered('100,000', 'kwd')).toBe(
      '“100,000” is unclear: in KWD a comma may group thousands or start the 3 decimals. For KWD\u00a0100,000.000 type 100000; for KWD\u00a0100.000 type 100.000.',
    );
  });

  it('a comp is free but names its guest and why', () => {
    expect(checkCart(tier, { ...cart, payment: 'comp', tenderedText: '' }, 10)).toMatchObject({
      total: 0,
      problems: {
        'buyer.name': 'Say who the free tickets are for.',
        comp_reason: 'Say why these tickets are free.',
      },
    });
    const named = { ...cart, payment: 'comp' as const, buyerName: 'Lou', compReason: ' Press ' };
    expect(checkCart(tier, named, 10).problems).toEqual({});
    expect(checkoutBody({ id: 'evt_1' }, tier, named)).toMatchObject({
      payment_method: 'comp',
      buyer: { name: 'Lou' },
      comp_reason: 'Press',
    });
    // A reason typed before switching to cash is not sent with the cash sale.
    expect(checkoutBody({ id: 'evt_1' }, tier, { ...named, payment: 'cash' })).not.toHaveProperty(
      'comp_reason',
    );
  });

  it('lets a walk-in pay cash without a name, but card needs name and email', () => {
    expect(Object.keys(checkCart(tier, { ...cart, payment: 'card' }, 10).problems).sort()).toEqual([
      'buyer.email',
      'buyer.name',
    ]);
    expect(
      checkCart(tier, { ...cart, payment: 'card', buyerName: 'Ada', buyerEmail: 'ada@example.com' }, 10)
        .problems,
    ).toEqual({});
    // A mistyped address is not a missing one.
    expect(
      checkCart(tier, { ...cart, payment: 'card', buyerName: 'Ada', buyerEmail: 'not-an-email' }, 10)
        .problems,
    ).toEqual({ 'buyer.email': '“not-an-email” is not an email address.' });
    // A cash walk-in may give only an address, to get the tickets by mail; it must be one.
    expect(checkCart(tier, { ...cart, buyerEmail: 'ada@example.com' }, 10).problems).toEqual({});
    expect(checkCart(tier, { ...cart, buyerEmail: 'ada@' }, 10).problems).toEqual({
      'buyer.email': '“ada@” is not an email address.',
    });
  });

  it('refuses every address the server would refuse, before the card is charged (the kiosk’s rule)', () => {
    // Each passed the till's old looser check, then failed at the server after the terminal took the card.
    const refused = [
      'ada@example..com',
      'ada@exa_mple.com',
      'ada@-example.com',
      'ada@example.com.',
      'ada(x)@example.com',
      `${'a'.repeat(64)}@${'b'.repeat(186)}.com`,
    ];
    for (const email of refused) {
      const problems = checkCart(
        tier,
        { ...cart, payment: 'card', buyerName: 'Ada', buyerEmail: email },
        10,
      ).problems;
      expect(problems, email).toEqual({ 'buyer.email': `“${email}” is not an email address.` });
    }
    for (const email of ["o'brien+box@example.co.uk", 'ADA@EXAMPLE.COM'])
      expect(checkCart(tier, { ...cart, buyerEmail: email }, 10).problems, email).toEqual({});
  });

  it('keeps the quantity within what may be sold', () => {
    expect(checkCart(tier, { ...cart, quantity: 0 }, 10).problems).toHaveProperty('quantity');
    expect(checkCart(tier, { ...cart, quantity: 11 }, 10).problems.quantity).toBe('At most 10 in one sale.');
  });

  it('says what is left when the stock, not the limit per order, is what stops the sale', () => {
    // Another till sold all but one: "At most 1 in one sale" would read as a house rule.
    const lastOne = { ...tier, quantity: 100, sold: 99 };
    expect(checkCart(lastOne, { ...cart, quantity: 3 }, 1).problems.quantity).toBe('Only 1 left.');
    expect(tooManyWords(lastOne, 1)).toBe('Only 1 left.');
    expect(tooManyWords({ quantity: 100, sold: 100 }, 0)).toBe('Sold out.');
    expect(tooManyWords({ quantity: 100, sold: 95 }, 4)).toBe('At most 4 in one sale.');
    expect(stockWords({ quantity: 3, sold: 1 })).toBe('Only 2 left.');
  });

  it('tells a kiosk customer what is left when that, not the limit per purchase, is the cap', () => {
    // Three left of a tier sold four at a time: "At most 3 in one purchase" reads as a house rule.
    expect(purchaseLimitWords({ quantity: 50, sold: 47 }, 1, 3)).toBe('Only 3 left.');
    expect(purchaseLimitWords({ quantity: 50, sold: 47 }, 3, 3)).toBe('Only 3 left.');
    expect(purchaseLimitWords({ quantity: 50, sold: 0 }, 1, 4)).toBe('Up to 4 in one purchase.');
    expect(purchaseLimitWords({ quantity: 50, sold: 0 }, 4, 4)).toBe('At most 4 in one purchase.');
  });
});

describe('several tiers in one sale', () => {
  const child = { ...tier, id: 'tkt_child', name: 'Child', price_cents: 1000 };
  const coded = { ...tier, id: 'tkt_crew', visibility: 'access_code' as const, access_code: 'CREW' };

  it('totals every line, and a comp none of them', () => {
    const held = [{ tier: child, quantity: 2 }];
    expect(checkCart(tier, cart, 10, held)).toMatchObject({ total: 9500, change: 500, problems: {} });
    expect(
      checkCart(tier, { ...cart, payment: 'comp', buyerName: 'Lou', compReason: 'Press' }, 10, held),
    ).toMatchObject({
      total: 0,
      problems: {},
    });
  });

  it('sends the held lines first, the one on screen last, with an access code from any of them', () => {
    expect(checkoutBody({ id: 'evt_1' }, tier, cart, [{ tier: coded, quantity: 1 }])).toMatchObject({
      items: [
        { tier_id: 'tkt_crew', quantity: 1 },
        { tier_id: 'tkt_1', quantity: 3 },
      ],
      access_code: 'CREW',
    });
  });
});

describe('checkoutBody', () => {
  it('sends no buyer for an anonymous walk-in', () => {
    expect(checkoutBody({ id: 'evt_1' }, tier, cart)).toEqual({
      event_id: 'evt_1',
      items: [{ tier_id: 'tkt_1', quantity: 3 }],
      payment_method: 'cash',
      channel: 'till',
      expected_total_cents: 7500,
    });
  });

  it('sends the buyer when given and the code of an access-code tier', () => {
    const coded = { ...tier, visibility: 'access_code' as const, access_code: 'VIP' };
    expect(
      checkoutBody({ id: 'evt_1' }, coded, {
        ...cart,
        payment: 'card',
        buyerName: ' Ada ',
        buyerEmail: 'ada@example.com',
      }),
    ).toMatchObject({
      buyer: { name: 'Ada', email: 'ada@example.com' },
      access_code: 'VIP',
      payment_method: 'card',
    });
  });
});

describe('accessCodeClash', () => {
  const coded = (id: string, name: string, code: string) =>
    ({ id, name, visibility: 'access_code', access_code: code }) as TierView;
  const press = coded('tkt_p', 'Press', 'PRESS');
  const friends = coded('tkt_f', 'Friends', 'FRIENDS');
  const open = { id: 'tkt_o', name: 'General', visibility: 'public', access_code: null } as TierView;

  it('keeps two access-code tiers with different codes out of one sale, saying what to do', () => {
    expect(accessCodeClash(friends, [{ tier: press, quantity: 2 }])).toBe(
      'Press and Friends have different access codes, and one sale carries one code: complete this sale, then sell Friends as a new one.',
    );
  });

  it('lets a code tier join open tiers, its own line again, or a tier with the same code', () => {
    expect(accessCodeClash(friends, [{ tier: open, quantity: 1 }])).toBeNull();
    expect(accessCodeClash(open, [{ tier: press, quantity: 1 }])).toBeNull();
    expect(accessCodeClash(press, [{ tier: press, quantity: 1 }])).toBeNull();
    expect(accessCodeClash(coded('tkt_p2', 'Press+1', 'PRESS'), [{ tier: press, quantity: 1 }])).toBeNull();
  });
});
