import { useState } from 'react';
import type { EventView, TierView } from '../../api/types.js';
import { ConfirmDialog } from '../../components/confirm-dialog.js';
import { soldApart } from '../../lib/tier-counts.js';
import { CapacityBar } from '../../components/capacity-bar.js';
import { useNow } from '../../hooks/use-now.js';
import { isPastEvent } from '../../lib/event-season.js';
import { formatMoney } from '../../lib/money.js';
import { deleteBlocker, saleWindowWords, tierEntryWords } from '../../lib/tier-form.js';
import { tierSaleState } from '../../lib/tier-sale-state.js';
import { useEvents } from '../../stores/events-store.js';

interface TiersTableProps {
  event: EventView;
  tiers: TierView[];
  canEdit: boolean;
  onEdit: (tier: TierView) => void;
}

export function TiersTable({ event, tiers, canEdit, onEdit }: TiersTableProps) {
  const now = useNow();
  const [deleting, setDeleting] = useState<TierView | null>(null);
  return (
    <>
      <div className="table-wrap">
        <table className="table tiers-table">
          <thead>
            <tr>
              <th>Tier</th>
              <th className="num">Price</th>
              <th>Sale window</th>
              <th className="num">Max/order</th>
              <th>Capacity</th>
              <th>State</th>
              {canEdit ? <th aria-label="Actions" /> : null}
            </tr>
          </thead>
          <tbody>
            {tiers.map((tier) => {
              const blocker = deleteBlocker(tier);
              const state = tierSaleState(tier, event, now);
              // A till can still record a late sale for it, but to the manager it is not "On sale".
              const stateWords =
                state.kind === 'on_sale' && isPastEvent(event, now) ? 'Show over' : state.label;
              return (
                <tr key={tier.id} data-tier={tier.name}>
                  <td>
                    <strong>{tier.name}</strong>
                    <div className="muted small">
                      {tier.visibility.replace('_', ' ')} · {tierEntryWords(tier)}
                      {tier.access_code ? (
                        <>
                          {' '}
                          · code <code>{tier.access_code}</code>
                        </>
                      ) : null}
                    </div>
                  </td>
                  <td className="num">{formatMoney(tier.price_cents, tier.currency)}</td>
                  <td className="small" data-testid="sale-window">
                    {saleWindowWords(tier, event) ?? <span className="muted">open</span>}
                  </td>
                  <td className="num">{tier.max_per_order}</td>
                  <td>
                    <CapacityBar sold={tier.sold} quantity={tier.quantity} />
                    {soldApart(tier) ? (
                      <div className="muted small" data-testid="sold-apart">
                        of which {soldApart(tier)}
                      </div>
                    ) : null}
                  </td>
                  <td className="small" data-testid="tier-state">
                    {stateWords}
                  </td>
                  {canEdit ? (
                    <td>
                      <div className="row-actions">
                        <button type="button" className="button button-small" onClick={() => onEdit(tier)}>
                          Edit<span className="visually-hidden"> {tier.name}</span>
                        </button>
                        <button
                          type="button"
                          className="button button-small button-danger"
                          disabled={blocker !== null}
                          title={blocker ?? `Delete ${tier.name}`}
                          aria-describedby={blocker ? `why-${tier.id}` : undefined}
                          onClick={() => setDeleting(tier)}
                        >
                          Delete<span className="visually-hidden"> {tier.name}</span>
                        </button>
                        {blocker ? (
                          <div className="muted small delete-reason" id={`why-${tier.id}`}>
                            {blocker}
                          </div>
                        ) : null}
                      </div>
                    </td>
                  ) : null}
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      {deleting ? <DeleteTierDialog tier={deleting} onClose={() => setDeleting(null)} /> : null}
    </>
  );
}

function DeleteTierDialog({ tier, onClose }: { tier: TierView; onClose: () => void }) {
  const deleteTier = useEvents((s) => s.deleteTier);
  const loadTiers = useEvents((s) => s.loadTiers);
  const confirm = async () => {
    try {
      await deleteTier(tier);
    } catch (err) {
      // Someone may have sold one since this list loaded: show the server's word and fresh numbers.
      void loadTiers(tier.event_id);
      throw err;
    }
  };
  return (
    <ConfirmDialog
      title={`Delete tier ${tier.name}?`}
      confirmLabel="Delete tier"
      cancelLabel="Keep"
      danger
      onConfirm={confirm}
      onClose={onClose}
    >
      <p>Nothing has been sold in this tier, so it can go. This cannot be undone.</p>
    </ConfirmDialog>
  );
}
