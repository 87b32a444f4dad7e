import type { DoorsMove } from '../store/pass-deliveries-repo.js';

/** A paper pass expires this long after the doors it was signed under (docs/api.md "The paper pass"). */
export const paperPassLifeMs = 24 * 60 * 60 * 1000;

/**
 * The doors time in effect at `at`: the time the first move made after `at` moved away from, or
 * the doors as they are now when none was. `moves` in the order they were made.
 */
export function doorsInEffectAt(moves: readonly DoorsMove[], currentDoors: number, at: number): number {
  for (const move of moves) if (move.moved_at > at) return move.from_doors_at;
  return currentDoors;
}

/** One thing that reached a ticket's holder: the sale or transfer itself, or a mail. */
export type Delivery =
  { kind: 'handed'; at: number } | { kind: 'mail'; status: 'pending' | 'sent'; sentAt: number | null };

/**
 * The doors time of the newest pass a holder has: what the sale or transfer handed over (its
 * answer, the till's print) carried the doors of that moment; a sent mail carried those of when
 * it was sent (composed then); a mail still waiting will carry the doors as they are when it goes.
 */
export function newestPassDoors(
  deliveries: readonly Delivery[],
  moves: readonly DoorsMove[],
  currentDoors: number,
): number {
  let newest = Number.NEGATIVE_INFINITY;
  for (const delivery of deliveries) {
    const doors =
      delivery.kind === 'handed'
        ? doorsInEffectAt(moves, currentDoors, delivery.at)
        : delivery.status === 'pending' || delivery.sentAt === null
          ? currentDoors
          : doorsInEffectAt(moves, currentDoors, delivery.sentAt);
    newest = Math.max(newest, doors);
  }
  return newest;
}

/**
 * Whether a pass signed under `passDoors` expires before the doors open at `currentDoors`: the
 * doors moved more than a day later since, so the door would refuse it as out of date.
 */
export function expiresBeforeDoors(passDoors: number, currentDoors: number): boolean {
  return passDoors + paperPassLifeMs < currentDoors;
}
