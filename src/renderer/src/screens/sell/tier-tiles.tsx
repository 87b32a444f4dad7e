import type { EventView, TierView } from '../../api/types.js';
import { useFocusIfLost } from '../../hooks/use-focus-if-lost.js';
import { formatMoney } from '../../lib/money.js';
import { tierSaleState } from '../../lib/tier-sale-state.js';

interface TierTilesProps {
  event: EventView;
  tiers: TierView[];
  now: number;
  selectedId: string | null;
  onPick: (tier: TierView) => void;
}

/**
 * One tile per tier: price, what is left and whether it sells now. Closed tiers are disabled.
 * The first tile that sells takes the keyboard when the tiles appear with the focus lost (after
 * the PIN, after New sale, on arriving by the S key), so Enter sells it and Tab goes on to the next.
 */
export function TierTiles({ event, tiers, now, selectedId, onPick }: TierTilesProps) {
  const firstTile = useFocusIfLost<HTMLButtonElement>();
  const firstSellable = tiers.findIndex((tier) => tierSaleState(tier, event, now).sellable);
  return (
    <ol className="tiles" aria-label="Ticket tiers">
      {tiers.map((tier, index) => {
        const state = tierSaleState(tier, event, now);
        const selected = tier.id === selectedId;
        return (
          <li key={tier.id}>
            <button
              ref={index === firstSellable ? firstTile : undefined}
              type="button"
              className={`tile tile-${state.kind}${selected ? ' tile-selected' : ''}`}
              disabled={!state.sellable}
              aria-pressed={selected}
              data-tier={tier.name}
              onClick={() => onPick(tier)}
            >
              <span className="tile-key" aria-hidden="true">
                {index < 9 ? index + 1 : ''}
              </span>
              <span className="tile-name">{tier.name}</span>
              <span className="tile-price">{formatMoney(tier.price_cents, tier.currency)}</span>
              <span className="tile-left">
                {state.remaining} left of {tier.quantity}
              </span>
              <span className="tile-state">
                {state.label}
                {tier.visibility !== 'public' ? ` · ${tier.visibility.replace('_', ' ')}` : ''}
              </span>
            </button>
          </li>
        );
      })}
    </ol>
  );
}
