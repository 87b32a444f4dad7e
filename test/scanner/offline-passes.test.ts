import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { openDoor, pairDoor, type NodeDoor } from '../../src/scanner/node-door.js';
import { OfflineValidator } from '../../src/scanner/offline-validator.js';
import { parsePairingCode } from '../../src/scanner/pairing-code.js';
import { adminSecret } from '../support/test-app.js';
import { ServerSigner } from './support/signer.js';
import { Venue } from './support/venue.js';

const signer = new ServerSigner();
afterAll(() => signer.close());

const hours = (n: number): number => n * 3_600_000;

describe('offline validator: paper passes', () => {
  let validator: OfflineValidator;
  beforeEach(() => {
    validator = new OfflineValidator(signer.now);
    validator.loadPack(signer.pack());
  });

  it('admits a pass hours after any rotating code of the same moment has expired, once', () => {
    const ticket = signer.ticket();
    const code = signer.mint(ticket);
    const pass = signer.pass(ticket);
    const later = signer.ms + hours(5);
    expect(validator.check(code, { at: later })).toMatchObject({ reason: 'expired', credential: 'rotating' });
    expect(validator.validate(pass, { at: later })).toMatchObject({
      result: 'admitted',
      reason: null,
      credential: 'paper',
      ticketId: ticket.id,
      eventId: signer.eventId,
    });
    // Replay: the admission state refuses it, as it would a code.
    expect(validator.validate(pass, { at: later + 1000 })).toMatchObject({
      result: 'rejected',
      reason: 'already_scanned',
      credential: 'paper',
    });
    // Exit and re-entry work with a pass too.
    expect(validator.validate(pass, { at: later + 2000, direction: 'out' }).result).toBe('admitted');
    expect(validator.validate(pass, { at: later + 3000 }).result).toBe('admitted');
  });

  it('refuses a pass of a tier the pack marks paper_pass: false (paper_not_allowed); its code still admits', () => {
    const ticket = { ...signer.ticket(), tier_id: signer.phoneOnlyTierId };
    expect(validator.check(signer.pass(ticket))).toMatchObject({
      result: 'rejected',
      reason: 'paper_not_allowed',
      credential: 'paper',
      ticketId: ticket.id,
    });
    expect(validator.check(signer.mint(ticket))).toMatchObject({
      result: 'admitted',
      credential: 'rotating',
    });
    // A tier switched back on in a later pack admits its passes again.
    validator.loadPack(
      signer.pack({ tiers: [{ id: signer.phoneOnlyTierId, name: 'Phones only', paper_pass: true }] }),
    );
    expect(validator.check(signer.pass(ticket)).result).toBe('admitted');
    expect(validator.tierName(signer.phoneOnlyTierId)).toBe('Phones only');
  });

  it('a pack without tiers (a server that sends only what the contract names) takes every pass', () => {
    const bare = new OfflineValidator(signer.now);
    const { tiers: _tiers, ...contractOnly } = signer.pack();
    bare.loadPack(contractOnly);
    const ticket = { ...signer.ticket(), tier_id: signer.phoneOnlyTierId };
    expect(bare.check(signer.pass(ticket)).result).toBe('admitted');
  });

  it('checks passes in the server order: signature, window, event, revocation, then the paper rule', () => {
    const { privateKey } = generateKeyPairSync('ed25519');
    const genuine = signer.pass();
    const [header, payload] = genuine.split('.') as [string, string];
    const forged = `${header}.${payload}.${sign(null, Buffer.from(`${header}.${payload}`), privateKey).toString('base64url')}`;
    expect(validator.check(forged)).toMatchObject({ reason: 'invalid_signature', credential: 'paper' });

    const exp = (signer.doorsAt / 1000 + 24 * 3600) * 1000;
    expect(validator.check(genuine, { at: exp + 30_000 }).result).toBe('admitted');
    expect(validator.check(genuine, { at: exp + 30_001 }).reason).toBe('expired');

    expect(validator.check(signer.pass(signer.ticket('evt_someothernight00000')))).toMatchObject({
      reason: 'wrong_event',
      credential: 'paper',
    });
    const voided = { ...signer.ticket(), tier_id: signer.phoneOnlyTierId };
    validator.revoke(voided.id, 'voided');
    expect(validator.check(signer.pass(voided)).reason).toBe('voided');
  });
});

describe('door devices with the real venue server', () => {
  let venue: Venue;
  let eventId: string;
  let tierId: string;
  const doors: NodeDoor[] = [];

  /** Online answers are awaited up to 5 s, not 300 ms: these tests are about the verdict, not speed. */
  async function pairedDoor(name: string): Promise<NodeDoor> {
    const code = parsePairingCode(await venue.pairingCode(eventId));
    const door = await pairDoor(venue.stateFile(name), code, name, { deadlineMs: 5_000 });
    await door.device.pull();
    doors.push(door);
    return door;
  }

  /** The box office switching a tier's paper passes on or off, over HTTP. */
  async function setPaper(paper: boolean): Promise<void> {
    const res = await fetch(`${venue.url}/v2/tiers/${tierId}`, {
      method: 'PATCH',
      headers: { authorization: `Bearer ${adminSecret}`, 'content-type': 'application/json' },
      body: JSON.stringify({ paper_pass: paper }),
    });
    expect(res.status).toBe(200);
  }

  async function sellPass(): Promise<{ id: string; pass: string }> {
    const [ticket] = await venue.sell(eventId, tierId);
    expect(ticket!.paper_pass).toEqual(expect.any(String));
    return { id: ticket!.id, pass: ticket!.paper_pass! };
  }

  beforeAll(async () => {
    venue = await Venue.start();
    ({ eventId, tierId } = await venue.event());
  });
  afterAll(async () => {
    for (const door of doors) await door.close().catch(() => undefined);
    await venue?.close();
  });

  it('online: the server admits a pass once and says it was paper', async () => {
    const door = await pairedDoor('pass-online');
    const { id, pass } = await sellPass();
    expect(await door.device.scan(pass)).toMatchObject({
      result: 'admitted',
      credential: 'paper',
      mode: 'online',
      ticketId: id,
    });
    expect(await door.device.scan(pass)).toMatchObject({
      result: 'rejected',
      reason: 'already_scanned',
      credential: 'paper',
      mode: 'online',
    });
  });

  it('two doors admit the same pass offline; after sync one admission stands, the other is a conflict', async () => {
    const a = await pairedDoor('pass-offline-a');
    const b = await pairedDoor('pass-offline-b');
    const { id, pass } = await sellPass();
    const atA = await a.device.scan(pass, { offline: true });
    const atB = await b.device.scan(pass, { offline: true });
    expect([atA, atB].map((o) => [o.result, o.credential, o.mode])).toEqual([
      ['admitted', 'paper', 'offline'],
      ['admitted', 'paper', 'offline'],
    ]);
    expect(await a.device.sync()).toMatchObject({ uploaded: 1, admitted: 1, conflicts: 0 });
    expect(await b.device.sync()).toMatchObject({ uploaded: 1, admitted: 0, conflicts: 1 });
    expect(b.device.conflicts()).toEqual([
      expect.objectContaining({ ticketId: id, serverReason: 'already_scanned', conflict: true }),
    ]);
    const scans = await venue.ok<{ data: { credential: string; result: string; conflict: boolean }[] }>(
      'GET',
      `/v2/scans?ticket_id=${id}`,
    );
    expect(scans.data.map((s) => [s.credential, s.result, s.conflict])).toEqual([
      ['paper', 'admitted', false],
      ['paper', 'rejected', true],
    ]);
    expect((await venue.ok<{ scan_count: number }>('GET', `/v2/tickets/${id}`)).scan_count).toBe(1);
  });

  it('keeps the tiers of its pack across a restart: paper_not_allowed offline after the tier was switched off', async () => {
    const { pass } = await sellPass();
    await setPaper(false);
    const door = await pairedDoor('pass-restart');
    const file = venue.stateFile('pass-restart');
    await door.close();
    doors.splice(doors.indexOf(door), 1);
    const reopened = openDoor(file);
    doors.push(reopened);
    expect(await reopened.device.scan(pass, { offline: true })).toMatchObject({
      result: 'rejected',
      reason: 'paper_not_allowed',
      credential: 'paper',
      mode: 'offline',
    });
    await setPaper(true);
  });
});
