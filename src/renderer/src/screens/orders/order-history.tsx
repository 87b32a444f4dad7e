import { useEffect } from 'react';
import { ErrorNote, Loading } from '../../components/states.js';
import { useAudit } from '../../stores/audit-store.js';
import { useSession } from '../../stores/session-store.js';
import { AuditList } from '../audit/audit-list.js';

/** Who did what to this order (its sale, refunds, voids, transfers): the audit trail, admin keys only. */
export function OrderHistory({ orderId, version }: { orderId: string; version: string }) {
  const isAdmin = useSession((s) => s.role === 'admin');
  const history = useAudit((s) => s.byObject[orderId]);
  const names = useAudit((s) => s.names);
  const loadObject = useAudit((s) => s.loadObject);
  const loadNames = useAudit((s) => s.loadNames);

  useEffect(() => {
    if (isAdmin) void loadNames();
  }, [isAdmin, loadNames]);
  // `version` changes with every change to the order and every action taken on it here, so a
  // refund, a corrected buyer or a mail sent shows at once.
  useEffect(() => {
    if (isAdmin) void loadObject(orderId);
  }, [isAdmin, orderId, version, loadObject]);

  if (!isAdmin) return null;
  return (
    <section aria-label="Order history">
      <h3>History</h3>
      {history?.state === 'error' ? (
        <ErrorNote message={history.error} onRetry={() => void loadObject(orderId)} />
      ) : null}
      {history?.data ? <AuditList events={history.data} names={names} /> : <Loading what="history" />}
    </section>
  );
}
