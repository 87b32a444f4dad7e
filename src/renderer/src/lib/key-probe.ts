export type Role = 'admin' | 'box_office' | 'kiosk';

export type ProbeResult = { ok: true; role: Role } | { ok: false; message: string };

/**
 * What a pasted key may do, from up to three probes without side effects: GET /v2/api_keys (admin
 * only), GET /v2/settings (admin and box office) and GET /v2/events?limit=1 (those and kiosks).
 * The server has no "who am I"; these answers say it. `null` means the probe was not needed.
 */
export function classifyKey(
  apiKeysStatus: number,
  settingsStatus: number | null,
  eventsStatus: number | null = null,
): ProbeResult {
  if (apiKeysStatus === 200) return { ok: true, role: 'admin' };
  if (apiKeysStatus === 401)
    return { ok: false, message: 'The server does not know this key, or it was revoked.' };
  if (apiKeysStatus !== 403)
    return { ok: false, message: `The server answered HTTP ${apiKeysStatus}; try again.` };
  if (settingsStatus === 200) return { ok: true, role: 'box_office' };
  if (settingsStatus !== 403)
    return { ok: false, message: `The server answered HTTP ${settingsStatus ?? 0}; try again.` };
  if (eventsStatus === 200) return { ok: true, role: 'kiosk' };
  if (eventsStatus === 403) {
    return {
      ok: false,
      message:
        'This is a scanner key. The box office needs an admin or box_office key; a kiosk needs a kiosk key.',
    };
  }
  return { ok: false, message: `The server answered HTTP ${eventsStatus ?? 0}; try again.` };
}

/** Keys look like sk_live_…; catch a half-pasted key before asking the server. */
export function keyShapeProblem(key: string): string | null {
  const trimmed = key.trim();
  if (!trimmed) return 'Paste an API key.';
  if (!/^sk_live_[A-Za-z0-9_-]{8,}$/.test(trimmed)) return 'API keys start with sk_live_ and have no spaces.';
  return null;
}
