import { useKiosk } from '../../stores/kiosk-store.js';

/** What the kiosk must tell the customer on this step (a refusal, a tier gone), read out as it appears. */
export function KioskNote() {
  const note = useKiosk((s) => s.note);
  return note ? (
    <p className="kiosk-note" role="alert">
      {note}
    </p>
  ) : null;
}
