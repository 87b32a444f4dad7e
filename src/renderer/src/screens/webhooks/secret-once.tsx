import { useState } from 'react';
import type { RevealedSecret } from '../../stores/webhooks-store.js';

/** The signing secret, shown the one time the server hands it out (create or rotate). */
export function SecretOnce({ secret, onDismiss }: { secret: RevealedSecret; onDismiss: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret.secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div className="secret-once" role="status">
      <p>
        <strong>
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
        </button>
        <button type="button" className="button button-small" onClick={onDismiss}>
          I have saved it
        </button>
      </div>
    </div>
  );
}
