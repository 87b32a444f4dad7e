import { generateKeyPairSync, sign } from 'node:crypto';
import { afterAll, beforeEach, describe, expect, it } from 'vitest';
import { OfflineValidator } from '../../src/scanner/offline-validator.js';
import { ServerSigner } from './support/signer.js';

const signer = new ServerSigner();
afterAll(() => signer.close());

let validator: OfflineValidator;
beforeEach(() => {
  validator = new OfflineValidator(signer.now);
  validator.loadPack(signer.pack());
});

const b64 = (value: object): string => Buffer.from(JSON.stringify(value)).toString('base64url');

describe('offline validator: every rejection reason', () => {
  it('admits a fresh token for the door event', () => {
    const ticket = signer.ticket();
    const decision = validator.validate(signer.mint(ticket));
    expect(decision).toMatchObject({
      result: 'admitted',
      reason: null,
      ticketId: ticket.id,
      direction: 'in',
    });
    expect(validator.admission(ticket.id)).toEqual({ inside: true, count: 1 });
  });

  it('malformed: garbage, wrong shape, wrong alg', () => {
    const good = signer.mint();
    const [, payload, signature] = good.split('.') as [string, string, string];
    const wrongAlg = `${b64({ alg: 'HS256', typ: 'ticket+jwt', kid: signer.keys.activeKid })}.${payload}.${signature}`;
    for (const token of ['', 'hello', 'a.b', `${good}.extra`, 'a.b.c', wrongAlg, 'x'.repeat(5000)]) {
      expect(validator.check(token)).toMatchObject({
        result: 'rejected',
        reason: 'malformed',
        ticketId: null,
      });
    }
  });

  it('invalid_signature: tampered payload, unknown kid, a key the venue never published', () => {
    const ticket = signer.ticket();
    const [header, payload, signature] = signer.mint(ticket).split('.') as [string, string, string];
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString()) as Record<string, unknown>;
    const tampered = `${header}.${b64({ ...claims, sub: signer.ticket().id })}.${signature}`;
    expect(validator.check(tampered)).toMatchObject({ result: 'rejected', reason: 'invalid_signature' });

    const unknownKid = `${b64({ alg: 'EdDSA', typ: 'ticket+jwt', kid: 'nope' })}.${payload}.${signature}`;
    expect(validator.check(unknownKid).reason).toBe('invalid_signature');

    // Correctly formed and signed, but by a stranger's key under the venue's kid.
    const { privateKey } = generateKeyPairSync('ed25519');
    const input = `${header}.${payload}`;
    const forged = `${input}.${sign(null, Buffer.from(input), privateKey).toString('base64url')}`;
    expect(validator.check(forged).reason).toBe('invalid_signature');
    expect(validator.admission(ticket.id)).toBeUndefined();
  });

  it('expired and not_yet_valid, with the ±30 s skew at scan time', () => {
    const token = signer.mint();
    const iat = Math.floor(signer.ms / 1000);
    const exp = iat + 300;
    expect(validator.check(token, { at: (exp + 30) * 1000 }).result).toBe('admitted');
    expect(validator.check(token, { at: (exp + 31) * 1000 }).reason).toBe('expired');
    expect(validator.check(token, { at: (iat - 30) * 1000 }).result).toBe('admitted');
    expect(validator.check(token, { at: (iat - 31) * 1000 }).reason).toBe('not_yet_valid');
    // To the millisecond on both sides.
    expect(validator.check(token, { at: (exp + 30) * 1000 + 1 }).reason).toBe('expired');
    expect(validator.check(token, { at: (iat - 30) * 1000 - 1 }).reason).toBe('not_yet_valid');
  });

  it('wrong_event: a genuine token for another event', () => {
    const other = signer.ticket('evt_someothernight00000');
    expect(validator.check(signer.mint(other))).toMatchObject({ result: 'rejected', reason: 'wrong_event' });
  });

  it('voided and transferred from the pack and from later revocations', () => {
    const voided = signer.ticket();
    const transferred = signer.ticket();
    const later = signer.ticket();
    validator.loadPack(
      signer.pack({
        revoked: [
          { ticket_id: voided.id, status: 'voided' },
          { ticket_id: transferred.id, status: 'transferred' },
        ],
      }),
    );
    expect(validator.check(signer.mint(voided)).reason).toBe('voided');
    expect(validator.check(signer.mint(transferred)).reason).toBe('transferred');
    expect(validator.check(signer.mint(later)).result).toBe('admitted');
    validator.revoke(later.id, 'voided');
    expect(validator.check(signer.mint(later)).reason).toBe('voided');
  });

  it('already_scanned: on this device, from the pack, and from the feed', () => {
    const here = signer.ticket();
    expect(validator.validate(signer.mint(here)).result).toBe('admitted');
    // A fresh token for the same ticket (the wallet refreshed) is still the same ticket.
    signer.ms += 5_000;
    expect(validator.validate(signer.mint(here))).toMatchObject({
      result: 'rejected',
      reason: 'already_scanned',
    });

    const fromPack = signer.ticket();
    validator.loadPack(signer.pack({ scanned: [fromPack.id] }));
    expect(validator.check(signer.mint(fromPack)).reason).toBe('already_scanned');

    const fromFeed = signer.ticket();
    validator.learnAdmitted(fromFeed.id);
    expect(validator.check(signer.mint(fromFeed)).reason).toBe('already_scanned');
  });

  it('a cancelled event admits no one, as voided (the server says the same)', () => {
    validator.loadPack(signer.pack({ event: { id: signer.eventId, status: 'cancelled' } }));
    expect(validator.check(signer.mint()).reason).toBe('voided');
  });

  it('checks in the server order: signature before window before event before state', () => {
    const ticket = signer.ticket('evt_someothernight00000');
    const token = signer.mint(ticket);
    validator.revoke(ticket.id, 'voided');
    expect(validator.check(token, { at: signer.ms + 3_600_000 }).reason).toBe('expired');
    expect(validator.check(token).reason).toBe('wrong_event');
  });
});

describe('offline validator: exit and re-entry', () => {
  it('an exit lets the next entry in, counting each admission', () => {
    const ticket = signer.ticket();
    const token = signer.mint(ticket);
    expect(validator.validate(token).result).toBe('admitted');
    expect(validator.validate(token).reason).toBe('already_scanned');
    expect(validator.validate(token, { direction: 'out' })).toMatchObject({
      result: 'admitted',
      direction: 'out',
    });
    expect(validator.admission(ticket.id)).toEqual({ inside: false, count: 1 });
    expect(validator.validate(token).result).toBe('admitted');
    expect(validator.admission(ticket.id)).toEqual({ inside: true, count: 2 });
    expect(validator.validate(token).reason).toBe('already_scanned');
  });

  it('an exit still refuses a revoked or forged ticket', () => {
    const ticket = signer.ticket();
    validator.revoke(ticket.id, 'transferred');
    expect(validator.check(signer.mint(ticket), { direction: 'out' }).reason).toBe('transferred');
    expect(validator.check('not.a.token', { direction: 'out' }).reason).toBe('malformed');
  });
});

describe('offline validator: signature cache', () => {
  it('verifies a token once, however often it is shown', () => {
    const token = signer.mint();
    validator.check(token);
    validator.check(token);
    validator.check(token);
    expect(validator.cachedSignatures).toBe(1);
  });

  it('forgets verdicts when the key set changes, so a dropped key stops verifying', () => {
    const token = signer.mint();
    expect(validator.check(token).result).toBe('admitted');
    validator.setKeys([]);
    expect(validator.cachedSignatures).toBe(0);
    expect(validator.check(token).reason).toBe('invalid_signature');
    validator.setKeys(signer.keys.jwks().keys);
    expect(validator.check(token).result).toBe('admitted');
  });

  it('a retired key still verifies while the JWKS carries it', () => {
    const before = signer.mint();
    signer.keys.rotate();
    validator.setKeys(signer.keys.jwks().keys);
    expect(validator.check(before).result).toBe('admitted');
    expect(validator.check(signer.mint()).result).toBe('admitted');
  });
});

describe('offline validator: guest lookup by name', () => {
  const guests = [
    { ticketId: 'tkt_fernandez', orderId: 'ord_a', name: 'María Fernández', tierId: 'tier_ga' },
    { ticketId: 'tkt_weiss', orderId: 'ord_b', name: 'Jonas Weiß', tierId: 'tier_ga' },
    { ticketId: 'tkt_obrien', orderId: 'ord_c', name: 'Siobhán O’Brien', tierId: 'tier_ga' },
    { ticketId: 'tkt_ascii', orderId: 'ord_d', name: 'Ada Lovelace', tierId: 'tier_ga' },
    { ticketId: 'tkt_weis', orderId: 'ord_e', name: 'Anna Weis', tierId: 'tier_ga' },
  ];
  const found = (query: string): string[] => validator.lookup(query).matches.map((match) => match.ticketId);

  it('finds accented, ß and curly-apostrophe names as a steward types them, as the server does', () => {
    validator.addHolders(guests);
    expect(found('fernandez')).toEqual(['tkt_fernandez']);
    expect(found('FERNANDEZ')).toEqual(['tkt_fernandez']);
    expect(found('Fernández')).toEqual(['tkt_fernandez']);
    expect(found('weiss')).toEqual(['tkt_weiss']);
    expect(found('WEISS')).toEqual(['tkt_weiss']);
    expect(found('weiß')).toEqual(['tkt_weiss']);
    expect(found("o'brien")).toEqual(['tkt_obrien']);
    expect(found('O’BRIEN')).toEqual(['tkt_obrien']);
    expect(found('siobhan')).toEqual(['tkt_obrien']);
    expect(found('LOVELACE')).toEqual(['tkt_ascii']);
    expect(validator.lookup('weiss').matches[0]).toMatchObject({ name: 'Jonas Weiß' });
  });

  it('a name near one on the list but not in it finds nothing', () => {
    validator.addHolders(guests);
    expect(found('fernandes')).toEqual([]);
    expect(found('weis s')).toEqual([]);
    expect(found('obrien')).toEqual([]);
    expect(found('o"brien')).toEqual([]);
    expect(found('weiz')).toEqual([]);
    // One s fewer is another family: "weis" finds both, "weiss" only Weiß.
    expect(found('weis')).toEqual(['tkt_weiss', 'tkt_weis']);
    expect(found('anna weiss')).toEqual([]);
  });

  it('a renamed ticket is found by its new name only', () => {
    validator.addHolders(guests);
    validator.addHolders([{ ...guests[0]!, name: 'Zoë Núñez' }]);
    expect(found('fernandez')).toEqual([]);
    expect(found('nunez')).toEqual(['tkt_fernandez']);
    expect(found('zoe')).toEqual(['tkt_fernandez']);
  });
});
