import { describe, expect, it } from 'vitest';
import { focusIsLost } from '../../../src/renderer/src/lib/lost-focus.js';

describe('focus is lost when the page itself has it', () => {
  const body = { tag: 'body' };
  const field = { tag: 'input' };

  it('is lost on the body (its control was removed) or nowhere', () => {
    expect(focusIsLost({ activeElement: body, body })).toBe(true);
    expect(focusIsLost({ activeElement: null, body })).toBe(true);
  });

  it('is the person’s when a control has it: nothing takes it away', () => {
    expect(focusIsLost({ activeElement: field, body })).toBe(false);
  });

  it('is still to be given when a shortcut key left it on the screen’s heading, and only then', () => {
    const standIn = { tag: 'h1', dataset: { focusStandIn: '' } };
    const heading = { tag: 'h1', dataset: {} };
    expect(focusIsLost({ activeElement: standIn, body })).toBe(true);
    expect(focusIsLost({ activeElement: heading, body })).toBe(false);
  });
});
