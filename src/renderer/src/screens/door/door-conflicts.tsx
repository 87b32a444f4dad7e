import { useId, useState } from 'react';
import { clock } from '../../lib/scan-words.js';
import { doorConflicts, useDoor } from '../../stores/door-store.js';

const conflictsWord = (count: number): string => `${count} conflict${count === 1 ? '' : 's'}`;

/**
 * The "N conflicts" pill, which opens the list behind it: each scan this door decided offline
 * that the server saw differently at sync, with the guest, what the door did when, the server's
 * reason and what to do. A steward who has dealt with one marks it Done: the pill counts only
 * what is still to check. Kept by the device (localStorage), so a reload shows the same.
 */
export function DoorConflicts() {
  const count = useDoor((s) => s.conflicts);
  const markConflict = useDoor((s) => s.markConflict);
  // The rows to check when the list was opened: one marked Done stays (with Undo, for a slip of
  // the thumb) until the list is closed; null while closed.
  const [opened, setOpened] = useState<ReadonlySet<string> | null>(null);
  const listId = useId();
  if (count === 0 && opened === null) return null;
  // Read at each render: a sync that adds one, or a Done, changes the count, which renders this again.
  const rows = opened ? doorConflicts().filter((row) => !row.handled || opened.has(row.key)) : [];
  const open = () => setOpened(new Set(doorConflicts().flatMap((row) => (row.handled ? [] : [row.key]))));

  return (
    <>
      <button
        type="button"
        className={`door-pill door-pill-button ${count > 0 ? 'door-pill-warn' : 'door-pill-plain'}`}
        aria-expanded={opened !== null}
        aria-controls={listId}
        onClick={() => (opened ? setOpened(null) : open())}
      >
        {count > 0 ? conflictsWord(count) : 'No conflicts left to check'}
      </button>
      {opened ? (
        <section id={listId} className="door-conflicts" aria-label="Conflicts to check">
          <p className="muted small">
            Scans this door decided offline that the venue server saw differently when they synced, and
            tickets let in both here and at another door. Mark each Done once you have dealt with it.
          </p>
          <ul>
            {rows.map((row) => (
              <li key={row.key} className={row.handled ? 'door-conflicts-handled' : undefined}>
                <strong>{row.name ?? 'Name not known'}</strong>
                {row.tierName ? <span> · {row.tierName}</span> : null}
                <span className="muted small"> · {row.ticketId ?? 'unreadable ticket'}</span>
                <div>
                  {row.doorDid} at {clock(row.at)} · {row.server}
                </div>
                {row.twice ? <div className="door-conflicts-twice">{row.twice}</div> : null}
                {row.handled ? (
                  <div className="door-conflicts-row-actions">
                    <span>Done</span>
                    <button
                      type="button"
                      className="button button-ghost"
                      aria-label={`Undo Done for ${row.name ?? row.ticketId ?? 'this conflict'}`}
                      onClick={() => markConflict(row.key, false)}
                    >
                      Undo
                    </button>
                  </div>
                ) : (
                  <div className="door-conflicts-row-actions">
                    <span className="door-conflicts-todo">{row.todo}</span>
                    <button
                      type="button"
                      className="button"
                      aria-label={`Done with ${row.name ?? row.ticketId ?? 'this conflict'}`}
                      onClick={() => markConflict(row.key, true)}
                    >
                      Done
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
          <button type="button" className="button button-ghost" onClick={() => setOpened(null)}>
            Close
          </button>
        </section>
      ) : null}
    </>
  );
}
