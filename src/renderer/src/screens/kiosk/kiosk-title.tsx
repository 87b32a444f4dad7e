import type { ReactNode } from 'react';
import { useFocusIfLost } from '../../hooks/use-focus-if-lost.js';

/**
 * A kiosk step's heading. The control that led here (a tier's card, Continue, Approved) goes away
 * with its step, so the heading takes the keyboard: a screen reader then says which step this is
 * ("How many?", "Enjoy the show!") and the next Tab goes on from it, not from the top of the page.
 */
export function KioskTitle({ id, children }: { id?: string; children: ReactNode }) {
  const ref = useFocusIfLost<HTMLHeadingElement>();
  return (
    <h1 id={id} ref={ref} tabIndex={-1} className="kiosk-title">
      {children}
    </h1>
  );
}
