import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Sale, TicketJson } from '../support/sales-fixtures.js';
import { doorSale, scan, sellTickets } from '../support/scan-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';
import { waitUntil } from '../support/eventually.js';

const twoDays = 2 * 24 * 60 * 60;

let t: TestApp;
let sale: Sale;
beforeEach(async () => {
  t = await makeTestApp();
  sale = await doorSale(t);
});
afterEach(async () => t.close());

/** Waits (bounded) until the sign-ahead pool of the sale's tier holds at least `count` tokens. */
async function poolHolds(count: number): Promise<void> {
  const ahead = () => t.app.ctx.tokens.signedAheadCount(sale.eventId, sale.tierId);
  await waitUntil(() => ahead() >= count, 10_000, `${count} tokens signed ahead`);
}

async function currentToken(ticketId: string): Promise<string> {
  const res = await t.call('GET', `/v2/tickets/${ticketId}`);
  expect(res.statusCode, res.body).toBe(200);
  return (res.json() as TicketJson).qr_token;
}

const iatOf = (token: string): number =>
  (JSON.parse(Buffer.from(token.split('.')[1]!, 'base64url').toString()) as { iat: number }).iat;

describe('a server clock stepped ahead and back (NTP fixing a wrong clock)', () => {
  it('tickets sold after the step back admit, and every token handed out is valid at the new time', async () => {
    const [before] = (await sellTickets(t, sale, 1)) as [TicketJson];
    await currentToken(before.id);

    // The clock runs two days ahead for a while: sales go on, the pool fills, tokens are cached.
    t.clock.advance(twoDays);
    const during = await sellTickets(t, sale, 3);
    await poolHolds(8);
    for (const ticket of during) await currentToken(ticket.id);

    // NTP steps it back.
    t.clock.advance(-twoDays);
    const nowSeconds = Math.floor(t.clock.ms / 1000);

    // More sales than the pool held before the step, one ticket per order as a till sells them.
    const after: TicketJson[] = [];
    for (let i = 0; i < 20; i++) after.push(...(await sellTickets(t, sale, 1)));
    for (const ticket of after) {
      expect(iatOf(ticket.qr_token)).toBeLessThanOrEqual(nowSeconds);
      const answer = await scan(t, { token: ticket.qr_token, event_id: sale.eventId });
      expect(answer, ticket.id).toMatchObject({ result: 'admitted', reason: null });
    }
    // Tickets sold before and during the wrong period: what GET answers now admits too.
    for (const ticket of [before, ...during]) {
      const token = await currentToken(ticket.id);
      expect(iatOf(token)).toBeLessThanOrEqual(nowSeconds);
      const answer = await scan(t, { token, event_id: sale.eventId });
      expect(answer, ticket.id).toMatchObject({ result: 'admitted', reason: null });
    }
  });

  it('a token sold during the wrong period is refused not_yet_valid, as the contract says, but never handed out again', async () => {
    t.clock.advance(twoDays);
    const [ticket] = (await sellTickets(t, sale, 1)) as [TicketJson];
    t.clock.advance(-twoDays);
    const stale = await scan(t, { token: ticket.qr_token, event_id: sale.eventId });
    expect(stale).toMatchObject({ result: 'rejected', reason: 'not_yet_valid' });
    const fresh = await currentToken(ticket.id);
    expect(fresh).not.toBe(ticket.qr_token);
    expect(await scan(t, { token: fresh, event_id: sale.eventId })).toMatchObject({ result: 'admitted' });
  });
});
