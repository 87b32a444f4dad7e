import { beforeEach, describe, expect, it } from 'vitest';
import type { EventView, TierView } from '../../../src/renderer/src/api/types.js';
import { heldLines, useSale } from '../../../src/renderer/src/stores/sale-store.js';

const event = { id: 'evt_1', status: 'published', on_sale_at: '2026-01-01T00:00:00Z' } as EventView;
const tier = {
  id: 'tkt_1',
  name: 'GA',
  price_cents: 2500,
  currency: 'usd',
  visibility: 'public',
  access_code: null,
} as TierView;

describe('the sale store', () => {
  beforeEach(() => {
    useSale.getState().chooseEvent('evt_1');
  });

  it('walks tier → quantity → payment and back', () => {
    const sale = useSale.getState();
    sale.chooseTier('tkt_1');
    expect(useSale.getState()).toMatchObject({
      stage: 'quantity',
      tierId: 'tkt_1',
      quantity: 1,
      quantityText: '1',
    });
    sale.quantityKey('Backspace', 8);
    sale.quantityKey('3', 8);
    expect(useSale.getState().confirmQuantity(8)).toBe(true);
    expect(useSale.getState()).toMatchObject({ stage: 'payment', quantity: 3 });
    sale.back();
    expect(useSale.getState().stage).toBe('quantity');
    sale.back();
    expect(useSale.getState()).toMatchObject({ stage: 'tier', tierId: null, quantity: 0 });
  });

  it('will not go on to payment with no quantity, and says why', () => {
    const sale = useSale.getState();
    sale.chooseTier('tkt_1');
    sale.quantityKey('Escape', 8);
    expect(sale.confirmQuantity(8)).toBe(false);
    expect(useSale.getState()).toMatchObject({ stage: 'quantity', quantityNote: 'Enter how many tickets.' });
  });

  it('refuses to submit a short cash sale without calling the server', async () => {
    const sale = useSale.getState();
    sale.chooseTier('tkt_1');
    sale.quantityKey('Escape', 8);
    sale.quantityKey('3', 8);
    sale.confirmQuantity(8);
    sale.setTendered('50');
    // No session is signed in: reaching the server would throw "Sign in…" into error.form.
    expect(await useSale.getState().submit(event, tier, 8)).toBeNull();
    expect(useSale.getState().error).toEqual({ fields: { tendered: '$25.00 short.' }, form: null });
    expect(useSale.getState().idempotencyKey).toBeNull();
  });

  it('keeps the key of a sale whose answer was lost while the cart changes, and drops it for a new sale', () => {
    // Dropped, a changed cart was sold under a new key although the first try had gone through.
    const sale = useSale.getState();
    sale.chooseTier('tkt_1');
    sale.confirmQuantity(8);
    useSale.setState({ idempotencyKey: 'till_abc' });
    useSale.getState().setPayment('card');
    useSale.getState().setBuyer('buyerName', 'Ada Lovelace');
    useSale.getState().back();
    useSale.getState().quantityKey('2', 8);
    useSale.getState().back();
    useSale.getState().chooseTier('tkt_1');
    expect(useSale.getState().idempotencyKey).toBe('till_abc');
    useSale.getState().newSale();
    expect(useSale.getState().idempotencyKey).toBeNull();
    useSale.setState({ idempotencyKey: 'till_def' });
    useSale.getState().chooseEvent('evt_2');
    expect(useSale.getState().idempotencyKey).toBeNull();
  });

  it('drops a sale left open by another staff member, and keeps one’s own', () => {
    const sale = useSale.getState();
    sale.signedIn('stf_sam');
    sale.chooseTier('tkt_1');
    sale.confirmQuantity(8);
    sale.setPayment('card');
    sale.setBuyer('buyerName', 'Ada Lovelace');
    // Sam is signed out and signs in again: his sale is as he left it.
    useSale.getState().signedIn('stf_sam');
    expect(useSale.getState()).toMatchObject({ stage: 'payment', buyerName: 'Ada Lovelace' });
    // Kim signs in next: nothing of Sam's customer is on her till, the event stays chosen.
    useSale.getState().signedIn('stf_kim');
    expect(useSale.getState()).toMatchObject({
      eventId: 'evt_1',
      stage: 'tier',
      tierId: null,
      buyerName: '',
      payment: 'cash',
      order: null,
      sellerId: 'stf_kim',
    });
  });

  it('words the stop with what is left of the tier', () => {
    const sale = useSale.getState();
    sale.chooseTier('tkt_1');
    sale.quantityKey('Escape', 8);
    sale.quantityKey('3', 8);
    // Another till sold all but one while the seller typed.
    expect(sale.confirmQuantity(1, 'Only 1 left.')).toBe(false);
    expect(useSale.getState().quantityNote).toBe('Only 1 left.');
  });

  it('puts several tiers in one sale: + keeps the line, Esc comes back to it, a tile again edits it', () => {
    const sale = useSale.getState();
    sale.chooseTier('tkt_adult');
    sale.quantityKey('Escape', 8);
    sale.quantityKey('2', 8);
    sale.confirmQuantity(8);
    sale.setTendered('100');
    useSale.getState().addTier();
    expect(useSale.getState()).toMatchObject({
      stage: 'tier',
      tierId: null,
      held: [{ tierId: 'tkt_adult', quantity: 2 }],
      tenderedText: '100',
    });
    // Esc from the tiles: back to paying for the line just kept.
    useSale.getState().back();
    expect(useSale.getState()).toMatchObject({
      stage: 'payment',
      tierId: 'tkt_adult',
      quantity: 2,
      held: [],
    });
    useSale.getState().addTier();
    useSale.getState().chooseTier('tkt_child');
    expect(useSale.getState()).toMatchObject({ stage: 'quantity', tierId: 'tkt_child', quantity: 1 });
    // Esc from the child's quantity drops that line only.
    useSale.getState().back();
    expect(useSale.getState()).toMatchObject({ stage: 'tier', held: [{ tierId: 'tkt_adult' }] });
    // Picking the adult tile again takes its line back to change the number.
    useSale.getState().chooseTier('tkt_adult');
    expect(useSale.getState()).toMatchObject({
      tierId: 'tkt_adult',
      quantity: 2,
      held: [],
      tenderedText: '100',
    });
    // A new sale forgets every line.
    useSale.getState().addTier();
    useSale.getState().newSale();
    expect(useSale.getState().held).toEqual([]);
  });

  it('resolves held lines against the tiers, or says one is gone', () => {
    const adult = { ...tier, id: 'tkt_adult' } as TierView;
    expect(heldLines([{ tierId: 'tkt_adult', quantity: 2 }], [adult])).toEqual([
      { tier: adult, quantity: 2 },
    ]);
    expect(heldLines([{ tierId: 'tkt_gone', quantity: 2 }], [adult])).toBeNull();
  });
});
