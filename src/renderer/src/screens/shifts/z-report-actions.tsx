import { useState } from 'react';
import { messageOf } from '../../api/api-error.js';
import { zReportFileName } from '../../lib/csv-download.js';
import { noFilters } from '../../lib/order-list.js';
import { saveBlob } from '../../lib/save-blob.js';
import { navigate } from '../../router.js';
import { useOrders } from '../../stores/orders-store.js';
import { fetchShiftReportCsv } from '../../stores/shift-store.js';

/**
 * What a manager does with a closed shift's Z report besides printing it: keep it as a CSV for
 * the spreadsheet, and look through the orders it counts. Drawn inside the report's no-print row.
 * An X report offers neither: its CSV would show the expected cash before the blind count.
 */
export function ZReportActions({ shiftId }: { shiftId: string }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const download = async () => {
    setBusy(true);
    try {
      // Fetched with the till's headers, then saved: the key never goes into a link.
      saveBlob(await fetchShiftReportCsv(shiftId), zReportFileName(shiftId));
      setError(null);
    } catch (err) {
      setError(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  const showOrders = () => {
    const orders = useOrders.getState();
    // Only this shift's orders: a search or filter left from earlier would hide some of them.
    orders.setQuery('');
    void orders.setFilters({ ...noFilters, shiftId });
    navigate('/orders');
  };

  return (
    <>
      <button type="button" className="button" disabled={busy} onClick={() => void download()}>
        {busy ? 'Downloading…' : 'Download CSV'}
      </button>
      <button type="button" className="button button-ghost" onClick={showOrders}>
        This shift’s orders
      </button>
      {error ? (
        <p className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </>
  );
}
