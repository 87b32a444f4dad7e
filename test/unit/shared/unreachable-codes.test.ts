import { describe, expect, it } from 'vitest';
import { isUnreachableCode, unreachableCodes } from '../../../src/shared/unreachable-codes.js';

/**
 * The union of the three lists that had drifted apart (webhooks 13, mail 8, door SDK 9). Each
 * code is here because, when a client sees it, the request never reached a program that could
 * have answered it: retrying soon is right and counting it as a failed attempt is wrong.
 */
const why: Record<string, string> = {
  ENOTFOUND: 'the name does not resolve: no DNS answer means no address to connect to',
  EAI_AGAIN: 'the resolver could not be asked (offline venue): a temporary lookup failure',
  EAI_FAIL: 'the resolver failed for good this time: still no address, nothing was sent',
  EHOSTUNREACH: 'no route to the host: the packets never arrived',
  EHOSTDOWN: 'the host is known to be down: nothing there to answer',
  ENETUNREACH: 'no route to the network (the venue line is down)',
  ENETDOWN: 'our own network interface is down',
  EADDRNOTAVAIL: 'the local address is gone (Wi-Fi dropped), so no connection could start',
  ECONNREFUSED: 'the host answered the connect with a reset: nothing listens on that port',
  ECONNRESET: 'the connection was cut before an answer came',
  ECONNABORTED: 'the connection was aborted before an answer came',
  EPIPE: 'the far side closed while we were still writing the request',
  ETIMEDOUT: 'the connection was not made in time (a connect timeout, not a slow answer)',
};

describe('unreachable error codes', () => {
  it('is the union of the webhook, mail and door lists, each with a reason', () => {
    const webhooks = [
      'ECONNREFUSED',
      'ECONNRESET',
      'ECONNABORTED',
      'EPIPE',
      'ENOTFOUND',
      'EAI_AGAIN',
      'EAI_FAIL',
      'EHOSTUNREACH',
      'EHOSTDOWN',
      'ENETUNREACH',
      'ENETDOWN',
      'EADDRNOTAVAIL',
      'ETIMEDOUT',
    ];
    const mail = [
      'ECONNREFUSED',
      'ECONNRESET',
      'EHOSTUNREACH',
      'ENETUNREACH',
      'ENOTFOUND',
      'EAI_AGAIN',
      'ETIMEDOUT',
      'EPIPE',
    ];
    const door = [...mail, 'ECONNABORTED'];
    const union = new Set([...webhooks, ...mail, ...door]);
    expect(new Set(unreachableCodes)).toEqual(union);
    expect(Object.keys(why).sort()).toEqual([...unreachableCodes].sort());
  });

  it('knows each listed code and nothing else', () => {
    for (const code of unreachableCodes) expect(isUnreachableCode(code), why[code]).toBe(true);
    // Reached, but the answer was unusable or refused: a counted failure, not "offline".
    for (const code of ['EPROTO', 'CERT_HAS_EXPIRED', 'ERR_TLS_CERT_ALTNAME_INVALID', 'EACCES', 'ENOSPC'])
      expect(isUnreachableCode(code)).toBe(false);
    expect(isUnreachableCode(undefined)).toBe(false);
    expect(isUnreachableCode(404)).toBe(false);
  });
});
