import { describe, expect, it } from 'vitest';
import { printedCode } from '../../../src/renderer/src/lib/print-layout.js';
import { passTyp } from '../../../src/shared/ticket-pass.js';

const segment = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
const pass = (exp: number) =>
  `${segment({ alg: 'EdDSA', typ: passTyp, kid: 'k1' })}.${segment({
    sub: 'tik_0VbgsL5LhXabjlSMzVTU',
    evt: 'evt_0VbgsL23yqAMecWaZDbe',
    tier: 'tkt_0VbgsL24of5rofft5LKo',
    iat: 1_800_000_000,
    exp,
  })}.${Buffer.alloc(64).toString('base64url')}`;
const walletUrl = 'https://box.example/w/ws_secret';

describe('printedCode: what a printed ticket carries', () => {
  it('the paper pass, with the moment it stops admitting, when the ticket has one', () => {
    const text = pass(1_800_086_400);
    expect(printedCode({ paper_pass: text, wallet_url: walletUrl })).toEqual({
      kind: 'pass',
      text,
      validUntilMs: 1_800_086_400_000,
    });
  });

  it('the wallet link when the tier refuses paper (or the ticket is no longer active)', () => {
    expect(printedCode({ paper_pass: null, wallet_url: walletUrl })).toEqual({
      kind: 'wallet',
      text: walletUrl,
    });
  });

  it('still prints a pass it cannot read the expiry of, without claiming an end', () => {
    expect(printedCode({ paper_pass: 'not.a.pass', wallet_url: walletUrl })).toEqual({
      kind: 'pass',
      text: 'not.a.pass',
      validUntilMs: null,
    });
  });
});
