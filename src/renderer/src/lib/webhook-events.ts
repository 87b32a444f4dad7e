import { webhookKinds, type WebhookKind } from '../../../shared/webhook-kinds.js';

/** An endpoint's filter as the editor holds it: every kind (`*`), or a set of the fourteen. */
export interface KindSelection {
  all: boolean;
  kinds: readonly WebhookKind[];
}

const known = new Set<string>(webhookKinds);
const isKind = (value: string): value is WebhookKind => known.has(value);

export function selectionFromEvents(events: readonly string[]): KindSelection {
  if (events.includes('*')) return { all: true, kinds: [] };
  return { all: false, kinds: webhookKinds.filter((k) => events.includes(k)) };
}

/** Ticks or unticks one kind, keeping the fourteen in their documented order. */
export function toggleKind(selection: KindSelection, kind: WebhookKind): KindSelection {
  const on = new Set(selection.kinds);
  if (on.has(kind)) on.delete(kind);
  else on.add(kind);
  return { all: false, kinds: webhookKinds.filter((k) => on.has(k)) };
}

/** Ticking "every kind" keeps the ticked list underneath, so unticking it again loses nothing. */
export function setAll(selection: KindSelection, all: boolean): KindSelection {
  return { all, kinds: selection.kinds };
}

/** The body's `events`, or null when nothing is chosen (the server would refuse an empty list). */
export function eventsFromSelection(selection: KindSelection): string[] | null {
  if (selection.all) return ['*'];
  return selection.kinds.length > 0 ? [...selection.kinds] : null;
}

/** "every kind (*)", "order.created", "3 kinds: order.created, order.refunded, ticket.voided". */
export function describeEvents(events: readonly string[]): string {
  if (events.includes('*')) return 'every kind (*)';
  const kinds = events.filter(isKind);
  if (kinds.length === 1) return kinds[0] ?? '';
  return `${kinds.length} kinds: ${kinds.join(', ')}`;
}

/** The fourteen kinds grouped by resource, for the checkbox editor. */
export function kindGroups(): { resource: string; kinds: WebhookKind[] }[] {
  const groups = new Map<string, WebhookKind[]>();
  for (const kind of webhookKinds) {
    const resource = kind.split('.')[0] ?? kind;
    groups.set(resource, [...(groups.get(resource) ?? []), kind]);
  }
  return [...groups].map(([resource, kinds]) => ({ resource, kinds }));
}
