/**
 * Keyboard quantity entry at the till: digits append, Backspace removes, Escape clears. The value
 * never exceeds `max` (the lower of the tier's max_per_order and what is left), so the number on
 * screen is always one the server can sell.
 */
export interface QuantityEntry {
  text: string;
  /** The quantity the text stands for; 0 while empty. */
  value: number;
  /** Set when a key was refused, to tell the seller why. */
  refused: string | null;
}

export function quantityEntry(text: string): QuantityEntry {
  const value = text === '' ? 0 : Number(text);
  return { text, value, refused: null };
}

export function applyQuantityKey(current: string, key: string, max: number): QuantityEntry {
  if (key === 'Backspace') return quantityEntry(current.slice(0, -1));
  if (key === 'Escape' || key === 'Delete') return quantityEntry('');
  if (!/^[0-9]$/.test(key)) return quantityEntry(current);
  // A leading zero means nothing; typing 0 on an empty field keeps it empty.
  const next = current === '' || current === '0' ? key.replace(/^0$/, '') : current + key;
  const value = next === '' ? 0 : Number(next);
  if (value > max) {
    // On an empty field the refused digit leaves the most that can be sold, not nothing.
    const kept = current === '' && max > 0 ? String(max) : current;
    return { ...quantityEntry(kept), refused: max === 0 ? 'None left to sell.' : `At most ${max} here.` };
  }
  return quantityEntry(next);
}

/** One step up or down from a button or arrow key, kept between 1 and `max`. */
export function stepQuantity(current: number, delta: number, max: number): number {
  return Math.min(Math.max(1, max), Math.max(1, current + delta));
}

/** The entry for a number already chosen (a button, a step): the same text the digits would give. */
export function quantityOf(value: number): QuantityEntry {
  return quantityEntry(value < 1 ? '' : String(value));
}

/**
 * What an on-screen keyboard or a paste typed: it changes the field's text without key events a
 * till could read, so the whole new text is taken as if its digits had been pressed one by one
 * (anything but digits dropped, the same maximum and the same refusal).
 */
export function quantityFromTyped(typed: string, max: number): QuantityEntry {
  let entry = quantityEntry('');
  for (const key of typed.replace(/[^0-9]/g, '')) {
    entry = applyQuantityKey(entry.text, key, max);
    if (entry.refused) return entry;
  }
  return entry;
}
