import { setImmediate as nextTurn } from 'node:timers/promises';
import type { OrderSlicing } from '../../src/server/store/orders-repo.js';

/**
 * A read cut into slices of `seqs` (OrderSlicing) that records, at each yield, how many turns of
 * the event loop `run` (below) has seen: strictly rising marks mean the loop ran between slices.
 */
export function countedSlicing(seqs: number): { slicing: OrderSlicing; ticksAtYield: number[] } {
  const ticksAtYield: number[] = [];
  return {
    slicing: {
      seqs,
      yieldToLoop: () => {
        ticksAtYield.push(ticks);
        return nextTurn();
      },
    },
    ticksAtYield,
  };
}

let ticks = 0;

/** Runs `read` while counting turns of the event loop (a callback re-armed on every turn). */
export async function withTurnsCounted<T>(read: () => Promise<T>): Promise<T> {
  let on = true;
  const tick = () => {
    ticks++;
    if (on) setImmediate(tick);
  };
  setImmediate(tick);
  try {
    return await read();
  } finally {
    on = false;
  }
}

/** Each mark later than the one before: the loop turned between every two slices. */
export function turnedBetweenSlices(ticksAtYield: number[]): boolean {
  return ticksAtYield.every((mark, i) => i === 0 || mark > ticksAtYield[i - 1]!);
}
