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
