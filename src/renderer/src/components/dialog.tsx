import { useEffect, useId, useRef, useState, type ReactNode } from 'react';

interface DialogProps {
  title: string;
  onClose: () => void;
  children: ReactNode;
  /** Wider dialogs for editors. */
  wide?: boolean;
}

/**
 * A modal on the native <dialog>: the browser traps focus inside it, Esc cancels it, and focus
 * returns to where it was (or to what the action said, when that is gone). Mount it to open it;
 * unmount to close.
 *
 * The body mounts only once the dialog is open: a closed <dialog> cannot hold focus, and
 * showModal() moves focus to its first button, so a field's autoFocus run before it would be
 * lost to the Close button.
 */
export function Dialog({ title, onClose, children, wide = false }: DialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const dialog = ref.current;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    // Looked up now: once the action removes the opener's row (Delete tier), it has no ancestors.
    const area = opener?.closest<HTMLElement>('article, section, main') ?? null;
    if (dialog && !dialog.open) dialog.showModal();
    // One render more, on purpose: the body must mount after showModal() (see above).
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setOpen(true);
    return () => {
      dialog?.close();
      returnFocus(opener, area);
    };
  }, []);
  return (
    <dialog
      ref={ref}
      className={wide ? 'dialog dialog-wide' : 'dialog'}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
    >
      <header className="dialog-head">
        <h2 id={titleId}>{title}</h2>
        <button type="button" className="icon-button" aria-label="Close" onClick={onClose}>
          ×
        </button>
      </header>
      {open ? children : null}
    </dialog>
  );
}

/**
 * Focus goes back to what opened the dialog. When what the dialog did took that away (Void… on a
 * ticket now voided, Refund… with nothing left to refund), it goes to the news the action left
 * beside it (the order's "Refunded $25.00."), or to the part of the screen it was in (the Tiers
 * panel, when Delete took its tier's row away), so a keyboard or screen-reader user is not thrown
 * back to the top of the page.
 */
function returnFocus(opener: HTMLElement | null, openedIn: HTMLElement | null): void {
  if (!opener) return;
  const usable = opener.isConnected && !(opener as HTMLButtonElement).disabled;
  if (usable) {
    opener.focus();
    return;
  }
  const area = (openedIn?.isConnected ? openedIn : null) ?? document.querySelector('main');
  const news = area?.querySelector<HTMLElement>('[role="status"], [role="alert"]') ?? area;
  if (!news) return;
  if (!news.hasAttribute('tabindex')) news.setAttribute('tabindex', '-1');
  news.focus();
}
