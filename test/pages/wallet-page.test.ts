import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { decodeQrPng } from '../support/qr-decode.js';
import { makeTestApp, publishedEvent, type TestApp } from '../support/test-app.js';

interface TicketView {
  id: string;
  event_id: string;
  tier_id: string;
  status: string;
  wallet_url: string;
  qr_token: string;
}

let t: TestApp;
beforeEach(async () => {
  t = await makeTestApp();
});
afterEach(async () => {
  await t.close();
});

/** Buys one ticket through the real checkout and answers it with its wallet path. */
async function buyTicket(attendee = { name: 'Ada Lovelace', email: 'ada@example.test' }) {
  const { eventId, tierId } = await publishedEvent(t);
  const order = await t.call('POST', '/v2/orders', {
    event_id: eventId,
    items: [{ tier_id: tierId, quantity: 1 }],
    buyer: attendee,
    attendees: [attendee],
    payment_method: 'cash',
  });
  expect(order.statusCode).toBe(200);
  const ticket = (order.json() as { tickets: TicketView[] }).tickets[0]!;
  const path = new URL(ticket.wallet_url).pathname;
  expect(path).toMatch(/^\/w\/[A-Za-z0-9_-]{20,}$/);
  return { ticket, path, eventId, tierId };
}

/** The QR the page shows right now, decoded like a door camera would, and checked by the server. */
async function qrTokenOn(path: string): Promise<string> {
  const png = await t.app.inject({ method: 'GET', url: `${path}/qr.png` });
  expect(png.statusCode).toBe(200);
  expect(png.headers['content-type']).toBe('image/png');
  expect(png.headers['cache-control']).toBe('no-store');
  return decodeQrPng(png.rawPayload);
}

describe('wallet page /w/:secret', () => {
  it('shows event, tier, attendee and status, with private headers and no key', async () => {
    const { ticket, path } = await buyTicket();
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers['referrer-policy']).toBe('no-referrer');
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toContain("default-src 'none'");
    const html = page.body;
    expect(html).toContain('<h1 id="w-title">Night show</h1>');
    expect(html).toContain('Main hall');
    expect(html).toContain('Thu 24 Dec 2026, 19:00 (UTC)');
    expect(html).toContain('General admission');
    expect(html).toContain('Ada Lovelace');
    expect(html).toContain('data-status="valid"');
    expect(html).toContain(ticket.id);
    // The server's image of the live code shows first (and without scripts); the wallet app, a
    // script from the server itself (no inline script), then draws codes from the strip.
    // The code's text alternative says which ticket it is and what to do with it.
    const label =
      'Door code of this ticket (General admission, Ada Lovelace): hold the screen up to the steward&#39;s scanner at the door.';
    expect(html).toContain(`<img id="qr-live" class="qr" alt="${label}" src="${path}/qr.png?v=`);
    expect(html).toContain(`<canvas id="qr" class="qr" role="img" aria-label="${label}" hidden>`);
    expect(html).toContain(`<p id="w-ref" class="ref">Ticket number ${ticket.id}</p>`);
    expect(csp).toContain("script-src 'self';");
    expect(csp).toContain("worker-src 'self'");
    expect(csp).toContain("manifest-src 'self'");
    expect(html).toMatch(/<script src="\/w\/app\.js\?v=[0-9a-f]{16}" defer><\/script>/);
    expect(html).not.toMatch(/<script(?! (src|type="application\/json"))/);
    expect(html).toContain(`<link rel="manifest" href="${path}/manifest.webmanifest">`);
    expect(html).toContain('<meta http-equiv="refresh" content="60">');
  });

  it('QR PNG decodes to a token the server accepts for that ticket; /token answers the same token', async () => {
    const { ticket, path } = await buyTicket();
    const token = await qrTokenOn(path);
    const check = t.app.ctx.tokens.verify(token);
    expect(check.ok).toBe(true);
    if (!check.ok) return;
    expect(check.claims).toMatchObject({ sub: ticket.id, evt: ticket.event_id, tier: ticket.tier_id });
    expect(check.claims.exp - check.claims.iat).toBe(300);

    const json = await t.app.inject({ method: 'GET', url: `${path}/token` });
    expect(json.statusCode).toBe(200);
    expect(json.headers['cache-control']).toBe('no-store');
    expect(json.json()).toEqual({
      qr_token: token,
      expires_at: new Date(check.claims.exp * 1000).toISOString(),
      status: 'active',
      event_status: 'published',
      // What the page shows, as it is now: an open page takes doors moved since it was drawn.
      details: {
        ticket_id: ticket.id,
        event_title: expect.any(String) as string,
        venue: 'Main hall',
        doors_at: '2026-12-24T19:00:00.000Z',
        time_zone: 'UTC',
        tier_name: 'General admission',
        attendee_name: 'Ada Lovelace',
        state: 'valid',
      },
    });
  });

  it('hands out a new token once the current one is past the refresh threshold', async () => {
    const { ticket, path } = await buyTicket();
    const first = await qrTokenOn(path);
    t.clock.advance(30);
    expect(await qrTokenOn(path)).toBe(first); // 270 s left: cached
    t.clock.advance(31); // 239 s left, under the 4-minute threshold
    const second = await qrTokenOn(path);
    expect(second).not.toBe(first);
    const check = t.app.ctx.tokens.verify(second);
    expect(check.ok && check.claims.sub).toBe(ticket.id);
    expect(check.ok && check.claims.iat).toBe(Math.floor(t.clock.ms / 1000));
    // The page names the new token's expiry in the image URL, so browsers cannot show a stale one.
    const page = await t.app.inject({ method: 'GET', url: path });
    const exp = check.ok ? new Date(check.claims.exp * 1000).toISOString() : '';
    expect(page.body).toContain(`qr.png?v=${encodeURIComponent(exp)}`);
  });

  it('a voided ticket says so and has no QR anywhere', async () => {
    const { ticket, path } = await buyTicket();
    const voided = await t.call('POST', `/v2/tickets/${ticket.id}/void`, { refund: false });
    expect(voided.statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('data-status="voided"');
    expect(page.body).toContain('This ticket has been voided');
    expect(page.body).not.toContain('<img');
    expect(page.body).not.toContain('<canvas');
    // The wallet app still runs: it replaces the codes kept on the phone with the voided state.
    expect(page.body).toContain('"state":"voided"},"live":null}');
    const png = await t.app.inject({ method: 'GET', url: `${path}/qr.png` });
    expect(png.statusCode).toBe(410);
    const json = await t.app.inject({ method: 'GET', url: `${path}/token` });
    expect(json.json()).toEqual({
      qr_token: null,
      expires_at: null,
      status: 'voided',
      event_status: 'published',
      details: expect.objectContaining({ ticket_id: ticket.id, state: 'voided' }) as object,
    });
  });

  it('a transferred ticket says so and has no QR; the new holder has their own wallet', async () => {
    const { ticket, path } = await buyTicket();
    const transfer = await t.call('POST', `/v2/tickets/${ticket.id}/transfer`, {
      to_email: 'grace@example.test',
      name: 'Grace Hopper',
    });
    expect(transfer.statusCode).toBe(200);
    const fresh = transfer.json() as TicketView;
    const old = await t.app.inject({ method: 'GET', url: path });
    expect(old.body).toContain('data-status="transferred"');
    expect(old.body).toContain('transferred to someone else');
    expect(old.body).not.toContain('<img');
    expect((await t.app.inject({ method: 'GET', url: `${path}/qr.png` })).statusCode).toBe(410);

    const newPath = new URL(fresh.wallet_url).pathname;
    expect(newPath).not.toBe(path);
    const page = await t.app.inject({ method: 'GET', url: newPath });
    expect(page.body).toContain('Grace Hopper');
    expect(page.body).toContain('data-status="valid"');
    const token = await qrTokenOn(newPath);
    const check = t.app.ctx.tokens.verify(token);
    expect(check.ok && check.claims.sub).toBe(fresh.id);
  });

  it('a cancelled event shows the notice and no QR', async () => {
    const { path, eventId } = await buyTicket();
    expect((await t.call('POST', `/v2/events/${eventId}/cancel`)).statusCode).toBe(200);
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('data-status="cancelled"');
    expect(page.body).not.toContain('<img');
    expect((await t.app.inject({ method: 'GET', url: `${path}/qr.png` })).statusCode).toBe(410);
  });

  it('an unknown secret is a 404 page (and a 404 for the image and the token)', async () => {
    await buyTicket();
    const page = await t.app.inject({ method: 'GET', url: '/w/notARealSecret0000000000000000000' });
    expect(page.statusCode).toBe(404);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('Ticket not found');
    // A holder with a link cut short learns where the whole one is and who can send it again.
    expect(page.body).toContain('the whole link is in the mail that came with your ticket');
    expect(page.body).toContain('the box office can find your order by your name or email and send it again');
    const png = await t.app.inject({ method: 'GET', url: '/w/notARealSecret0000000000000000000/qr.png' });
    expect(png.statusCode).toBe(404);
    const json = await t.app.inject({ method: 'GET', url: '/w/notARealSecret0000000000000000000/token' });
    expect(json.statusCode).toBe(404);
    expect(json.json().error.code).toBe('resource_missing');
  });

  it('a wallet link with punctuation stuck on by chat or mail opens the ticket it meant', async () => {
    const { path } = await buyTicket();
    for (const stuck of ['.', ',', ')', '!', '%3E', '%22', '*', '_', '-', '%20']) {
      const res = await t.app.inject({ method: 'GET', url: `${path}${stuck}` });
      expect(res.statusCode, stuck).toBe(302);
      expect(res.headers.location, stuck).toBe(path);
      // The redirect carries the secret, so it is as private as the page.
      expect(res.headers['cache-control'], stuck).toBe('no-store');
      expect(res.headers['referrer-policy'], stuck).toBe('no-referrer');
    }
    const opened = await t.app.inject({ method: 'GET', url: path });
    expect(opened.statusCode).toBe(200);
    // A secret one character short, or with a letter added, is not one: no guessing by redirect.
    for (const wrong of [path.slice(0, -1), `${path}A`, `${path.slice(0, -1)}.`]) {
      const res = await t.app.inject({ method: 'GET', url: wrong });
      expect(res.statusCode, wrong).toBe(404);
      expect(res.body, wrong).toContain('Ticket not found');
    }
  });

  it('a wallet link mangled on its way is the same 404 page; the JSON beneath it stays JSON', async () => {
    for (const url of ['/w/secret%E9', `/w/${'s'.repeat(300)}`, '/w/%C3%28/', '/w/', '/w']) {
      const page = await t.app.inject({ method: 'GET', url });
      expect(page.statusCode, url).toBe(404);
      expect(page.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(page.headers['cache-control'], url).toBe('no-store');
      expect(page.body, url).toContain('Ticket not found');
    }
    const token = await t.app.inject({ method: 'GET', url: '/w/secret%E9/token' });
    expect(token.statusCode).toBe(400);
    expect(token.json().error.code).toBe('invalid_request');
  });

  it('a path beneath a wallet link that is no page, opened in a browser, is the 404 page too', async () => {
    const { path } = await buyTicket({ name: 'Ada', email: 'ada@example.test' });
    const browser = { accept: 'text/html,application/xhtml+xml,*/*;q=0.8' };
    for (const url of [`${path}/x`, `${path}/tickets/1`, '/w/notARealSecret/extra']) {
      const res = await t.app.inject({ method: 'GET', url, headers: browser });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type'], url).toBe('text/html; charset=utf-8');
      expect(res.headers['cache-control'], url).toBe('no-store');
      expect(res.body, url).toContain('Ticket not found');
      expect(res.body, url).not.toContain('openapi');
    }
    // The wallet app's own requests (no text/html) keep the error envelope.
    const fetched = await t.app.inject({ method: 'GET', url: `${path}/x`, headers: { accept: '*/*' } });
    expect(fetched.statusCode).toBe(404);
    expect(fetched.json()).toMatchObject({ error: { code: 'route_not_found' } });
  });

  it('escapes what buyers typed', async () => {
    const { path } = await buyTicket({ name: '<script>alert(1)</script>', email: 'x@example.test' });
    const page = await t.app.inject({ method: 'GET', url: path });
    expect(page.body).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(page.body).not.toContain('<script>alert(1)');
  });
});
