import { useState, type FormEvent } from 'react';
import { ApiRequestError } from '../../api/api-error.js';
import type { WebhookEndpointView } from '../../api/webhook-types.js';
import { Dialog } from '../../components/dialog.js';
import { FormActions } from '../../components/form-actions.js';
import { Field } from '../../components/field.js';
import { useFocusFirstInvalid } from '../../hooks/use-focus-first-invalid.js';
import { splitError, type SplitError } from '../../lib/field-errors.js';
import { eventsFromSelection, selectionFromEvents, type KindSelection } from '../../lib/webhook-events.js';
import { useWebhooks } from '../../stores/webhooks-store.js';
import { KindsEditor } from './kinds-editor.js';

const fields = ['url', 'events', 'description'] as const;

/** `events[3]` names one kind of the list: its message belongs under the whole checkbox editor. */
function withEventsParam(err: unknown): SplitError {
  if (err instanceof ApiRequestError && err.param?.startsWith('events')) {
    return { fields: { events: err.message }, form: null };
  }
  return splitError(err, fields);
}

/** Adds an endpoint (the secret is then shown once) or edits one's URL, description and filter. */
export function EndpointDialog({
  endpoint,
  onClose,
}: {
  endpoint: WebhookEndpointView | null;
  onClose: () => void;
}) {
  const createEndpoint = useWebhooks((s) => s.createEndpoint);
  const updateEndpoint = useWebhooks((s) => s.updateEndpoint);
  const [url, setUrl] = useState(endpoint?.url ?? '');
  const [description, setDescription] = useState(endpoint?.description ?? '');
  const [kinds, setKinds] = useState<KindSelection>(() => selectionFromEvents(endpoint?.events ?? ['*']));
  const [error, setError] = useState<SplitError | null>(null);
  const [busy, setBusy] = useState(false);
  // Add endpoint is disabled while the server checks: its refusal puts the keyboard on the field.
  const formRef = useFocusFirstInvalid<HTMLFormElement>(error);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const events = eventsFromSelection(kinds);
    if (!events) {
      setError({ fields: { events: 'Tick at least one kind, or every kind (*).' }, form: null });
      return;
    }
    setBusy(true);
    try {
      if (endpoint) {
        await updateEndpoint(endpoint.id, {
          url: url.trim(),
          events,
          description: description.trim() === '' ? null : description.trim(),
        });
      } else {
        await createEndpoint({
          url: url.trim(),
          events,
          ...(description.trim() ? { description: description.trim() } : {}),
        });
      }
      onClose();
    } catch (err) {
      setError(withEventsParam(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog title={endpoint ? 'Edit webhook endpoint' : 'Add a webhook endpoint'} onClose={onClose} wide>
      <form ref={formRef} className="dialog-body" onSubmit={submit} noValidate>
        <Field
          label="Receiver URL"
          error={error?.fields.url}
          hint="http:// or https://; the venue's LAN, this machine or the internet"
        >
          <input
            value={url}
            onChange={(e) => setUrl(e.target.value)}
            placeholder="https://accounts.example.com/hooks/marquee"
            autoFocus
          />
        </Field>
        <Field label="Description" error={error?.fields.description}>
          <input
            value={description}
            onChange={(e) => setDescription(e.target.value)}
            placeholder="Accounting"
          />
        </Field>
        <KindsEditor value={kinds} onChange={setKinds} error={error?.fields.events} />
        <FormActions
          error={error?.form}
          onCancel={onClose}
          submitLabel={endpoint ? 'Save endpoint' : 'Add endpoint'}
          busy={busy}
        />
      </form>
    </Dialog>
  );
}
