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
      'Let in while offline, but the server refuses this ticket: tik_ivy (voided). Find the guest and check.',
    );
    expect(
      overruledAdmissions([
        disagreement({}),
        disagreement({ ticketId: 'tik_bo', serverReason: 'transferred' }),
      ]),
    ).toContain('these tickets: tik_ivy (voided), tik_bo (transferred). Find the guests');
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
