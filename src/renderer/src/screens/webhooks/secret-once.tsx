import { useEffect, useId, useRef, useState } from 'react';
import type { RevealedSecret } from '../../stores/webhooks-store.js';

interface SecretOnceProps {
  secret: RevealedSecret;
  /** False while the dialog that made the secret is still open: the panel takes the keyboard once it closes. */
  canTakeFocus: boolean;
  onDismiss: () => void;
}

/**
 * The signing secret, shown the one time the server hands it out (create or rotate). It takes the
 * keyboard when it appears: a screen reader reads that the secret is there to copy, which a
 * keyboard user would otherwise find only by Tabbing back up the page.
 */
export function SecretOnce({ secret, canTakeFocus, onDismiss }: SecretOnceProps) {
  const [copied, setCopied] = useState(false);
  const ref = useRef<HTMLElement>(null);
  const titleId = useId();
  useEffect(() => {
    if (canTakeFocus) ref.current?.focus();
  }, [canTakeFocus, secret.secret]);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <section ref={ref} className="secret-once" aria-labelledby={titleId} tabIndex={-1}>
      <p>
        <strong id={titleId}>
          {secret.why === 'created' ? 'Signing secret of the new endpoint' : 'New signing secret'} for{' '}
          <code>{secret.url}</code>
        </strong>{' '}
        — shown this once; no screen or API shows it again (rotate to get a new one).
        {secret.why === 'rotated' ? ' The old secret keeps signing alongside it for 24 hours.' : ''}
      </p>
      <code className="secret" data-testid="webhook-secret">
        {secret.secret}
      </code>
      <div className="row-actions">
        <button type="button" className="button button-small" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
          <span className="visually-hidden"> signing secret</span>
        </button>
        <button type="button" className="button button-small" onClick={onDismiss}>
          I have saved it
        </button>
        <span className="visually-hidden" role="status">
          {copied ? 'Signing secret copied.' : ''}
        </span>
      </div>
    </section>
  );
}
