import { useEffect, useState, type FormEvent } from 'react';
import { Field } from '../../components/field.js';
import { Empty, ErrorNote, Loading } from '../../components/states.js';
import { localInputToIso } from '../../lib/datetime.js';
import { auditPages, useAudit, type AuditFilters } from '../../stores/audit-store.js';
import { AuditList } from './audit-list.js';

/** Who did what (admin key): every change made through the API, with its person, key or device. */
export function AuditScreen() {
  const events = useAudit((s) => s.events);
  const names = useAudit((s) => s.names);
  const search = useAudit((s) => s.search);
  const loadNames = useAudit((s) => s.loadNames);
  const [actor, setActor] = useState('');
  const [objectId, setObjectId] = useState('');
  const [since, setSince] = useState('');
  const filters = (): AuditFilters => ({ actor, objectId, since: localInputToIso(since) ?? '' });

  useEffect(() => {
    void loadNames();
    void search({ actor: '', objectId: '', since: '' });
  }, [loadNames, search]);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    void search(filters());
  };
  const people = [
    ...Object.entries(names.staff).map(([id, name]) => ({ id, label: `${name} (staff)` })),
    ...Object.entries(names.devices).map(([id, name]) => ({ id, label: `${name} (device)` })),
    ...Object.entries(names.keys).map(([id, name]) => ({ id, label: `${name} (key)` })),
  ];

  return (
    <section className="screen">
      <header className="screen-head">
        <h1>Audit</h1>
      </header>
      <form className="audit-filters" onSubmit={submit} aria-label="Filter the audit trail">
        <Field label="Person">
          <select value={actor} onChange={(e) => setActor(e.target.value)}>
            <option value="">Everyone</option>
            {people.map((p) => (
              <option key={p.id} value={p.id}>
                {p.label}
              </option>
            ))}
          </select>
        </Field>
        <Field label="Object id">
          <input
            value={objectId}
            placeholder="ord_…, tkt_…, shf_…"
            onChange={(e) => setObjectId(e.target.value)}
          />
        </Field>
        <Field label="Since">
          <input type="datetime-local" value={since} onChange={(e) => setSince(e.target.value)} />
        </Field>
        <button type="submit" className="button button-primary">
          Show
        </button>
      </form>
      {/* Always there, so a screen reader already watches it: after Show it says how many were found
          (emptied while reading, so the same count is said again). */}
      <p className="visually-hidden" role="status" data-testid="audit-count">
        {events.state === 'ready' && events.data ? changesShownWords(events.data.length) : ''}
      </p>
      {events.state === 'loading' && !events.data ? <Loading what="the audit trail" /> : null}
      {events.state === 'error' ? (
        <ErrorNote message={events.error} onRetry={() => void search(filters())} />
      ) : null}
      {events.data?.length === 0 ? <Empty>Nothing was changed that matches.</Empty> : null}
      {events.data && events.data.length >= auditPages * 100 ? (
        <p className="muted" role="note" data-testid="audit-cut">
          The latest {events.data.length.toLocaleString('en-US')} changes are shown; earlier ones are kept.
          Narrow with a person, an object or a time to see them.
        </p>
      ) : null}
      {events.data && events.data.length > 0 ? <AuditList events={events.data} names={names} /> : null}
    </section>
  );
}

function changesShownWords(count: number): string {
  if (count === 0) return 'Nothing was changed that matches.';
  return `${count.toLocaleString('en-US')} ${count === 1 ? 'change' : 'changes'} shown.`;
}
