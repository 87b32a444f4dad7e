import { describe, expect, it } from 'vitest';
import {
  orderCheckInNote,
  stewardReasonPattern,
  stewardReasonProblem,
} from '../../../src/shared/steward-reason.js';

describe('a steward’s reason', () => {
  it('takes one line of words in any script, with spaces and punctuation', () => {
    for (const reason of ['Dead phone', 'Téléphone mort — “ID” ok', 'Сцена №1', '東京 📵', 'x'.repeat(200)])
      expect(stewardReasonProblem(reason)).toBeNull();
  });

  it('refuses blank, too long, and anything that is not one line', () => {
    expect(stewardReasonProblem('  \u00a0 ')).toBe('The reason cannot be blank.');
    expect(stewardReasonProblem('x'.repeat(201))).toMatch(/at most 200/);
    for (const control of ['\u0000', '\u0007', '\t', '\n', '\r', '\u001b', '\u007f', '\u0085', '\u2028'])
      expect(stewardReasonProblem(`Dead${control}phone`)).toMatch(/one line/);
  });

  it('is the same rule as the server’s schema pattern', () => {
    const pattern = new RegExp(stewardReasonPattern, 'u');
    for (const text of ['Dead phone', ' ', 'a\tb', 'a\nb', 'ok \u00e9'])
      expect(pattern.test(text)).toBe(stewardReasonProblem(text) === null);
  });

  it('notes an order checked in without a reason in words, the same on both sides', () => {
    expect(orderCheckInNote('ord_1', null)).toBe('Admitted with the rest of order ord_1');
    expect(orderCheckInNote('ord_1', undefined)).toBe('Admitted with the rest of order ord_1');
    expect(orderCheckInNote('ord_1', 'Band guests')).toBe('Band guests');
  });
});
