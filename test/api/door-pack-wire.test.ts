import { request } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { expectInvalid } from '../support/foundation-fixtures.js';
import { buy, type Sale } from '../support/sales-fixtures.js';
import { doorSale, pairDevice, scan } from '../support/scan-fixtures.js';
import { makeTestApp, type TestApp } from '../support/test-app.js';

/**
 * The door pack on the wire, over real HTTP: gzipped only for a client that asks, the names
 * (holders) unless the door opts out with holders=false.
 */
let t: TestApp;
let sale: Sale;
let door: { secret: string };
let baseUrl: string;

interface Wire {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body as sent, before any inflating. */
  raw: Buffer;
}

interface PackJson {
  holders: [string, string, string, number][];
  revoked: { ticket_id: string; status: string }[];
  scanned: string[];
  inside: number;
  full: boolean;
}

beforeEach(async () => {
  t = await makeTestApp();
  sale = await doorSale(t);
  door = await pairDevice(t, { event_id: sale.eventId, name: 'Door 1' });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
});

afterEach(async () => {
  await t.close();
});

/** A GET with node:http, which (unlike fetch) sends Accept-Encoding only when told to. */
function get(path: string, acceptEncoding?: string): Promise<Wire> {
  const headers: Record<string, string> = { authorization: `Bearer ${door.secret}` };
  if (acceptEncoding !== undefined) headers['accept-encoding'] = acceptEncoding;
  return new Promise((resolve, reject) => {
    const req = request(`${baseUrl}${path}`, { headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode ?? 0, headers: res.headers, raw: Buffer.concat(chunks) }),
      );
      res.on('error', reject);
    });
    req.on('error', reject);
    req.end();
  });
}

const decode = (wire: Wire): PackJson =>
  JSON.parse(
    (wire.headers['content-encoding'] === 'gzip' ? gunzipSync(wire.raw) : wire.raw).toString('utf8'),
  ) as PackJson;

/** Two named guests, one of them inside, and a third whose ticket is voided. */
async function seedGuests(): Promise<{ grace: [string, string]; alan: [string, string]; voided: string }> {
  const named = async (name: string) => {
    const order = await buy(t, sale, { buyer: { name, email: `${name.split(' ')[0]}@mail.example` } });
    return { orderId: order.id, ticket: order.tickets[0]! };
  };
  const grace = await named('Grace Hopper');
  const alan = await named('Alan Turing');
  const gone = await named('Hedy Lamarr');
  await scan(t, { token: grace.ticket.qr_token }, door.secret);
  await t.call('POST', `/v2/tickets/${gone.ticket.id}/void`, { refund: false });
  return {
    grace: [grace.ticket.id, grace.orderId],
    alan: [alan.ticket.id, alan.orderId],
    voided: gone.ticket.id,
  };
}

describe('GET /v2/scan/door_pack on the wire', () => {
  it('gzips for a client that accepts gzip, and sends plain JSON to one that does not', async () => {
    const { grace, alan, voided } = await seedGuests();
    const path = `/v2/scan/door_pack?event_id=${sale.eventId}`;

    const zipped = await get(path, 'gzip, deflate, br');
    expect(zipped.status, zipped.raw.toString('latin1')).toBe(200);
    expect(zipped.headers['content-encoding']).toBe('gzip');
    expect(zipped.headers['content-type']).toMatch(/^application\/json/);
    expect(zipped.headers.vary).toMatch(/accept-encoding/i);
    // The gzip magic number: the bytes on the wire are compressed, not JSON.
    expect([...zipped.raw.subarray(0, 2)]).toEqual([0x1f, 0x8b]);

    for (const acceptEncoding of [undefined, 'identity', 'gzip;q=0']) {
      const plain = await get(path, acceptEncoding);
      expect(plain.status).toBe(200);
      expect(plain.headers['content-encoding']).toBeUndefined();
      expect(plain.headers['content-type']).toMatch(/^application\/json/);
      expect(decode(plain)).toEqual(decode(zipped));
    }

    const pack = decode(zipped);
    expect(pack.holders).toEqual([
      [...grace, 'Grace Hopper', 0],
      [...alan, 'Alan Turing', 0],
    ]);
    expect(pack.scanned).toEqual([grace[0]]);
    expect(pack.revoked).toEqual([{ ticket_id: voided, status: 'voided' }]);
    expect(pack.inside).toBe(1);
  });

  it('with holders=false leaves the names out and keeps the rest of the pack', async () => {
    const { grace, voided } = await seedGuests();
    const path = `/v2/scan/door_pack?event_id=${sale.eventId}`;
    const withNames = decode(await get(path, 'gzip'));
    for (const acceptEncoding of ['gzip', undefined]) {
      const wire = await get(`${path}&holders=false`, acceptEncoding);
      expect(wire.status).toBe(200);
      const pack = decode(wire);
      expect(pack.holders).toEqual([]);
      expect(JSON.stringify(pack)).not.toMatch(/Grace|Alan|Hedy/);
      expect(pack.scanned).toEqual([grace[0]]);
      expect(pack.revoked).toEqual([{ ticket_id: voided, status: 'voided' }]);
      expect({ ...pack, holders: withNames.holders }).toEqual(withNames);
    }
    expect(decode(await get(`${path}&holders=true`, 'gzip'))).toEqual(withNames);
    // A delta pack without names too.
    await buy(t, sale, { buyer: { name: 'Katherine Johnson', email: 'kj@mail.example' } });
    const cursor = (decode(await get(path)) as PackJson & { cursor: string }).cursor;
    await buy(t, sale, { buyer: { name: 'Dorothy Vaughan', email: 'dv@mail.example' } });
    const delta = decode(await get(`${path}&since=${cursor}&holders=false`));
    expect(delta).toMatchObject({ full: false, holders: [] });
    const namedDelta = decode(await get(`${path}&since=${cursor}`));
    expect(namedDelta.holders.map((h) => h[2])).toEqual(['Dorothy Vaughan']);
  });

  it('refuses a holders value that is not true or false, in the error envelope', async () => {
    for (const value of ['no', '0', 'maybe', ''])
      expectInvalid(
        await t.call(
          'GET',
          `/v2/scan/door_pack?event_id=${sale.eventId}&holders=${value}`,
          undefined,
          door.secret,
        ),
        'holders',
      );
    const wire = await get(`/v2/scan/door_pack?event_id=${sale.eventId}&holders=nope`, 'gzip');
    expect(wire.status).toBe(400);
    expect(JSON.parse(wire.raw.toString('utf8'))).toMatchObject({
      error: { type: 'invalid_request_error', code: 'invalid_field', param: 'holders' },
    });
  });
});
