import { useId, useState } from 'react';
import { clock } from '../../lib/scan-words.js';
import { doorConflicts, useDoor } from '../../stores/door-store.js';

/**
 * The "N conflicts" pill, which opens the list behind it: each scan this door decided offline
 * that the server saw differently at sync, with the guest, what the door did when, the server's
 * reason and what to do. Kept by the device (localStorage), so a reload shows the same list.
 */
export function DoorConflicts() {
  const count = useDoor((s) => s.conflicts);
  const [open, setOpen] = useState(false);
  const listId = useId();
  if (count === 0) return null;
  // Read at each render: a sync that adds one changes the count, which renders this again.
  const rows = open ? doorConflicts() : [];

  return (
    <>
      <button
        type="button"
        className="door-pill door-pill-warn door-pill-button"
        aria-expanded={open}
        aria-controls={listId}
        onClick={() => setOpen(!open)}
      >
        {count} conflict{count === 1 ? '' : 's'}
      </button>
      {open ? (
        <section id={listId} className="door-conflicts" aria-label="Conflicts to check">
          <p className="muted small">
            Scans this door decided offline that the venue server saw differently when they synced.
          </p>
          <ul>
            {rows.map((row) => (
              <li key={row.key}>
                <strong>{row.name ?? 'Name not known'}</strong>
                {row.tierName ? <span> · {row.tierName}</span> : null}
                <span className="muted small"> · {row.ticketId ?? 'unreadable ticket'}</span>
                <div>
                  {row.doorDid} at {clock(row.at)} · {row.server}
                </div>
                <div className="door-conflicts-todo">{row.todo}</div>
              </li>
            ))}
          </ul>
          <button type="button" className="button button-ghost" onClick={() => setOpen(false)}>
            Close
          </button>
        </section>
      ) : null}
    </>
  );
}
