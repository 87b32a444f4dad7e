/** A status word in its colour: green for live, grey for drafts, red for dead. */
const tone: Record<string, string> = {
  published: 'good',
  paid: 'good',
  active: 'good',
  on_sale: 'good',
  draft: 'muted',
  partially_refunded: 'warn',
  transferred: 'warn',
  refunded: 'bad',
  cancelled: 'bad',
  voided: 'bad',
};

export function StatusBadge({ status, label }: { status: string; label?: string }) {
  return (
    <span className={`badge badge-${tone[status] ?? 'muted'}`}>{label ?? status.replace(/_/g, ' ')}</span>
  );
}
