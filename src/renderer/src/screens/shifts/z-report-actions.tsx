import { useFileSave } from '../../hooks/use-file-save.js';
import { zReportFileName } from '../../lib/csv-download.js';
import { noFilters } from '../../lib/order-list.js';
import { navigate } from '../../router.js';
import { useOrders } from '../../stores/orders-store.js';
import { fetchShiftReportCsv } from '../../stores/shift-store.js';

/**
 * What a manager does with a closed shift's Z report besides printing it: keep it as a CSV for
 * the spreadsheet, and look through the orders it counts. Drawn inside the report's no-print row.
 * An X report offers neither: its CSV would show the expected cash before the blind count.
 */
export function ZReportActions({ shiftId }: { shiftId: string }) {
  const { busy, error, save } = useFileSave<'z-report'>();
  const download = () => save('z-report', () => fetchShiftReportCsv(shiftId), zReportFileName(shiftId));

  const showOrders = () => {
    const orders = useOrders.getState();
    // Only this shift's orders: a search or filter left from earlier would hide some of them.
    orders.setQuery('');
    void orders.setFilters({ ...noFilters, shiftId });
    navigate('/orders');
  };

  return (
    <>
      <button type="button" className="button" disabled={busy !== null} onClick={() => void download()}>
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
