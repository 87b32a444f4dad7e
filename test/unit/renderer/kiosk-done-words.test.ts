import { describe, expect, it } from 'vitest';
import { kioskDoneHint, kioskDoorCaption } from '../../../src/renderer/src/lib/kiosk-done-words.js';

const pass = { paper_pass: 'eyJ.pass.sig' };
const phoneOnly = { paper_pass: null };

describe('kioskDoneHint', () => {
  it('offers a photo only when every ticket has a pass a photo of which admits', () => {
    expect(kioskDoneHint([pass, pass])).toMatch(/take a photo of the ticket code/);
  });

  it('never offers a photo of a phone-only ticket, whose live code expires in minutes', () => {
    const only = kioskDoneHint([phoneOnly, phoneOnly]);
    expect(only).toBe(
      'These tickets get in only with the live code on your phone, not a photo or a print: scan the wallet code with your phone to keep them.',
    );
    expect(only).not.toMatch(/take a photo/);
    const mixed = kioskDoneHint([pass, phoneOnly]);
    expect(mixed).toMatch(/^Tickets marked “phones only” get in only with the live code on your phone/);
    expect(mixed).toMatch(/For the others, .* a photo of the ticket code both work/);
  });

  it('says one phone-only ticket as one', () => {
    expect(kioskDoneHint([phoneOnly])).toBe(
      'This ticket gets in only with the live code on your phone, not a photo or a print: scan the wallet code with your phone to keep it.',
    );
  });

  it('captions each code by what admits', () => {
    expect(kioskDoorCaption(true)).toBe('Ticket: admits once');
    expect(kioskDoorCaption(false)).toMatch(/^Phones only/);
  });
});
