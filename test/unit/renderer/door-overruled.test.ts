import { describe, expect, it } from 'vitest';
import { overruledAdmissions } from '../../../src/renderer/src/stores/door-store.js';

type Disagreement = Parameters<typeof overruledAdmissions>[0][number];
const disagreement = (over: Partial<Disagreement>): Disagreement => ({
  ticketId: 'tik_ivy',
  localResult: 'admitted',
  serverResult: 'rejected',
  serverReason: 'voided',
  conflict: false,
  ...over,
});

describe('overruledAdmissions', () => {
  it('names guests let in offline whose tickets the server refuses', () => {
    expect(overruledAdmissions([disagreement({})])).toBe(
      'Let in while offline, but the server refuses this ticket: tik_ivy — Ticket voided (refunded, or the event was cancelled). Find the guest and check.',
    );
    // The reason in the door's words, and the name from the door pack when it has one.
    const names: Record<string, string> = { tik_ivy: 'Ivy Stone' };
    expect(
      overruledAdmissions(
        [disagreement({}), disagreement({ ticketId: 'tik_bo', serverReason: 'transferred' })],
        (id) => names[id] ?? null,
      ),
    ).toContain(
      'these tickets: Ivy Stone, tik_ivy — Ticket voided (refunded, or the event was cancelled); tik_bo — Ticket replaced by a newer one (transferred, or reissued after a lost phone or a shared code): only the new one admits. Find the guests',
    );
  });

  it('says nothing when the door had let the same guest in itself (an online answer lost on the Wi-Fi)', () => {
    // Not a conflict: the server's earlier admission was this very door's.
    expect(overruledAdmissions([disagreement({ serverReason: 'already_scanned' })])).toBeNull();
  });

  it('says nothing of a double admission (a conflict) or of a refusal the server turned down too', () => {
    expect(
      overruledAdmissions([disagreement({ conflict: true, serverReason: 'already_scanned' })]),
    ).toBeNull();
    expect(
      overruledAdmissions([disagreement({ localResult: 'rejected', serverResult: 'admitted' })]),
    ).toBeNull();
    expect(overruledAdmissions([])).toBeNull();
  });
});
