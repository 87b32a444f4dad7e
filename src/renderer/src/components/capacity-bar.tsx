import { formatCount } from '../lib/count.js';

/** Sold against quantity, as a bar and as numbers (the numbers are what staff quote). */
export function CapacityBar({ sold, quantity }: { sold: number; quantity: number }) {
  const percent = quantity === 0 ? 0 : Math.min(100, Math.round((sold / quantity) * 100));
  const level = quantity > 0 && sold >= quantity ? 'full' : percent >= 80 ? 'high' : 'ok';
  return (
    <div className="capacity" title={`${formatCount(sold)} sold of ${formatCount(quantity)}`}>
      <div
        className={`capacity-track capacity-${level}`}
        role="progressbar"
        aria-label="Sold"
        aria-valuemin={0}
        aria-valuemax={quantity}
        aria-valuenow={sold}
      >
        <div className="capacity-fill" style={{ width: `${percent}%` }} />
      </div>
      <span className="capacity-text">
        <strong>{formatCount(sold)}</strong>/{formatCount(quantity)} sold
      </span>
    </div>
  );
}
