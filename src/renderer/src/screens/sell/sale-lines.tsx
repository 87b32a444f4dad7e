import { formatMoney } from '../../lib/money.js';
import type { HeldLine } from '../../lib/sale.js';

interface SaleLinesProps {
  lines: readonly HeldLine[];
  /** A comp: every line is free. */
  free?: boolean;
  currency: string;
}

/** The tiers in this sale, one line each with its amount, as the customer is told them. */
export function SaleLines({ lines, free = false, currency }: SaleLinesProps) {
  return (
    <ul className="sale-lines" aria-label="In this sale">
      {lines.map((line) => (
        <li key={line.tier.id}>
          <span>
            {line.quantity} × {line.tier.name}
          </span>
          <span>{formatMoney(free ? 0 : line.tier.price_cents * line.quantity, currency)}</span>
        </li>
      ))}
    </ul>
  );
}
