import type { BuyerPatch, OrderView } from '../api/types.js';

export type BuyerCorrection =
  | { kind: 'none' }
  | { kind: 'change'; patch: BuyerPatch }
  /** A field that had a value was emptied: a buyer's name or email can be corrected, not removed. */
  | { kind: 'emptied'; field: 'name' | 'email' };

/** What the buyer form asks the server to change: only what was typed differently. */
export function buyerCorrection(buyer: OrderView['buyer'], name: string, email: string): BuyerCorrection {
  const typedName = name.trim();
  const typedEmail = email.trim();
  if (!typedName && buyer?.name) return { kind: 'emptied', field: 'name' };
  if (!typedEmail && buyer?.email) return { kind: 'emptied', field: 'email' };
  const patch: BuyerPatch = {};
  if (typedName && typedName !== buyer?.name) patch.name = typedName;
  if (typedEmail && typedEmail !== buyer?.email) patch.email = typedEmail;
  return Object.keys(patch).length === 0 ? { kind: 'none' } : { kind: 'change', patch };
}
