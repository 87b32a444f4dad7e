import { describe, expect, it } from 'vitest';
import {
  forgetCharge,
  keepCharge,
  keptCharge,
  keptChargeStorageKey,
  reloadedPayingWords,
  type KeptCharge,
} from '../../../src/renderer/src/lib/kiosk-charge-keeper.js';
import type { KeeperStorage } from '../../../src/renderer/src/lib/tab-storage.js';

/** A Web Storage as a tab has one: strings by key. */
function tabStorage(): KeeperStorage & { items: Map<string, string> } {
  const items = new Map<string, string>();
  return {
    items,
    getItem: (key) => items.get(key) ?? null,
    setItem: (key, value) => void items.set(key, String(value)),
    removeItem: (key) => void items.delete(key),
  };
}

const charge: KeptCharge = {
  attemptKey: 'kiosk-attempt-1',
  body: {
    event_id: 'evt_1',
    items: [{ tier_id: 'tkt_1', quantity: 2 }],
    buyer: { name: 'Kiosk guest', email: 'ada@example.com' },
    payment_method: 'card',
    expected_total_cents: 5000,
  },
  amount: '€50.00',
  failure: null,
};

describe('the charge a kiosk keeps across a reload', () => {
  it('comes back as it was kept, with the attempt key a retry must reuse', () => {
    const storage = tabStorage();
    keepCharge(storage, charge);
    expect(keptCharge(storage)).toEqual(charge);
    const refused = { ...charge, failure: { message: 'Tier sold out', retryable: false } };
    keepCharge(storage, refused);
    expect(keptCharge(storage)).toEqual(refused);
  });

  it('keeps a payment the terminal had not answered as unsure, never as one to retry', () => {
    const storage = tabStorage();
    const asked = {
      ...charge,
      failure: { message: reloadedPayingWords, retryable: false, unsure: true as const },
    };
    keepCharge(storage, asked);
    expect(keptCharge(storage)).toEqual(asked);
    // Written by a tab of the last version, or tampered with: only a literal true counts.
    storage.items.set(
      keptChargeStorageKey,
      JSON.stringify({ ...charge, failure: { message: 'x', retryable: false, unsure: 'yes' } }),
    );
    expect(keptCharge(storage)?.failure).toEqual({ message: 'x', retryable: false });
  });

  it('is gone once forgotten (order recorded, or the attendant started over)', () => {
    const storage = tabStorage();
    keepCharge(storage, charge);
    forgetCharge(storage);
    expect(keptCharge(storage)).toBeNull();
    expect(storage.items.size).toBe(0);
  });

  it('reads anything unreadable or incomplete as nothing kept', () => {
    const storage = tabStorage();
    for (const text of [
      '{',
      'null',
      '"x"',
      JSON.stringify({ ...charge, attemptKey: 7 }),
      JSON.stringify({ amount: '€1.00' }),
    ]) {
      storage.items.set(keptChargeStorageKey, text);
      expect(keptCharge(storage), text).toBeNull();
    }
  });

  it('never throws where there is no storage or it refuses', () => {
    expect(keptCharge(null)).toBeNull();
    const refusing: KeeperStorage = {
      getItem: () => {
        throw new Error('SecurityError');
      },
      setItem: () => {
        throw new Error('QuotaExceededError');
      },
      removeItem: () => {
        throw new Error('SecurityError');
      },
    };
    expect(() => keepCharge(refusing, charge)).not.toThrow();
    expect(() => forgetCharge(refusing)).not.toThrow();
    expect(keptCharge(refusing)).toBeNull();
  });
});
