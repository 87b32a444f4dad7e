import { errorFromResponse, networkError } from '../api/api-error.js';
import type { Answer } from '../api/types.js';
import { settingsPath } from './settings-places.js';
import { parsePairingCode } from '../../../scanner/pairing-code.js';

type Paired = Answer<'/v2/devices/pair', 'post'>;

/** True when the text is a pairing code (`pair_…` or `marquee://pair?…`) rather than a key. */
export function looksLikePairingCode(text: string): boolean {
  const trimmed = text.trim();
  return trimmed.startsWith('pair_') || trimmed.startsWith('marquee:');
}

/**
 * Trades a kiosk pairing code (`pairingPath('kiosk')`, settings-places.ts) for the kiosk's own key, as a
 * door pairs: POST /v2/devices/pair needs no key. The page's own server is asked, whatever URL the
 * code names, since that is the server this kiosk page came from. Answers the key's secret.
 */
export async function pairKiosk(baseUrl: string, code: string, name: string): Promise<string> {
  const { token } = parsePairingCode(code);
  let res: Response;
  try {
    res = await fetch(`${baseUrl.replace(/\/+$/, '')}/v2/devices/pair`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ pairing_token: token, name: name.trim() || 'Kiosk' }),
    });
  } catch (err) {
    throw networkError(err);
  }
  const body: unknown = await res.json().catch(() => null);
  if (!res.ok) throw errorFromResponse(res.status, body);
  const paired = body as Paired;
  if (paired.api_key.scope !== 'kiosk')
    throw new Error(
      `That code paired a ${paired.api_key.scope.replace('_', ' ')} device, not a kiosk: revoke it in ${settingsPath('apiKeys')} and make a kiosk pairing code.`,
    );
  return paired.api_key.secret;
}
