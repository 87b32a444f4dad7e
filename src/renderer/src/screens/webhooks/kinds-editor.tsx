import type { WebhookKind } from '../../../../shared/webhook-kinds.js';
import { kindGroups, setAll, toggleKind, type KindSelection } from '../../lib/webhook-events.js';

interface KindsEditorProps {
  value: KindSelection;
  onChange: (next: KindSelection) => void;
  error?: string | null | undefined;
}

/** The endpoint's filter: every kind (`*`, including kinds added later) or a ticked list of the fourteen. */
export function KindsEditor({ value, onChange, error }: KindsEditorProps) {
  return (
    // Marked invalid as a whole: a refusal (none ticked) is of the group, not of one box.
    <fieldset
      className={`kinds-editor${error ? ' field-invalid' : ''}`}
      aria-invalid={error ? true : undefined}
      aria-describedby={error ? 'kinds-error' : undefined}
    >
      <legend>Events to send</legend>
      <label className="choice kinds-all">
        <input
          type="checkbox"
          checked={value.all}
          onChange={(e) => onChange(setAll(value, e.target.checked))}
        />
        <span>
          <strong>Every kind (*)</strong>{' '}
          <span className="muted small">— including kinds added in later versions</span>
        </span>
      </label>
      <div className="kinds-groups">
        {kindGroups().map((group) => (
          <div key={group.resource} className="kinds-group">
            <span className="kinds-resource">{group.resource}</span>
            {group.kinds.map((kind: WebhookKind) => (
              <label key={kind} className="choice kind-choice">
                <input
                  type="checkbox"
                  disabled={value.all}
                  checked={value.all || value.kinds.includes(kind)}
                  onChange={() => onChange(toggleKind(value, kind))}
                />
                <code>{kind}</code>
              </label>
            ))}
          </div>
        ))}
      </div>
      {error ? (
        <p className="field-error" id="kinds-error" role="alert">
          {error}
        </p>
      ) : null}
    </fieldset>
  );
}
