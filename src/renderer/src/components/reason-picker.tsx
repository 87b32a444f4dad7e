import { maxReason, quickReasons } from '../lib/manual-check-in.js';

/**
 * Why a guest is admitted without a code: one tap on a common reason, or typed. Shared by the
 * door's lookup and the box office's guest check-in.
 */
export function ReasonPicker({
  reason,
  onChange,
  className,
}: {
  reason: string;
  onChange: (reason: string) => void;
  /** The row of quick-reason buttons, styled by the screen it sits in. */
  className: string;
}) {
  return (
    <>
      <div className={className}>
        {quickReasons.map((r) => (
          <button
            key={r}
            type="button"
            aria-pressed={reason === r}
            className={`button button-small ${reason === r ? 'button-primary' : ''}`}
            onClick={() => onChange(r)}
          >
            {r}
          </button>
        ))}
      </div>
      <input
        aria-label="Reason"
        value={reason}
        maxLength={maxReason}
        placeholder="Or say why, e.g. on the promoter’s list"
        onChange={(e) => onChange(e.target.value)}
      />
    </>
  );
}
