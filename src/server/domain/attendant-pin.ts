import { randomBytes, timingSafeEqual } from 'node:crypto';
import { ApiError } from '../errors.js';
import type { SettingsRepo } from '../store/settings-repo.js';
import type { GuessLimiter } from './guess-limiter.js';
import { OneAtATime } from './one-at-a-time.js';
import { hashPin as derive } from './pin-hash.js';

const settingKey = 'kiosk_attendant_pin';

/**
 * The attendant PIN that approves a card payment on a kiosk (docs/ui.md "Kiosk payment seam"):
 * set by an admin, stored as a salted scrypt hash in the settings table, never answered by any
 * route, and checked here so no kiosk holds it or its hash. Wrong PINs are limited per key, and
 * a kiosk's checks run one at a time so a burst of guesses cannot slip past the limit together.
 */
export class AttendantPin {
  private readonly checks = new OneAtATime();

  constructor(
    private readonly repo: SettingsRepo,
    private readonly guesses: GuessLimiter,
  ) {}

  isSet(): boolean {
    return this.repo.get(settingKey) !== undefined;
  }

  /** The stored form of a new PIN (`scrypt$<salt b64>$<hash b64>`), or null to remove it. */
  async hash(pin: string | null): Promise<string | null> {
    if (pin === null) return null;
    const salt = randomBytes(16);
    return `scrypt$${salt.toString('base64')}$${(await derive(pin, salt)).toString('base64')}`;
  }

  /** Writes what hash() made; runs inside the settings update's transaction. */
  store(stored: string | null): void {
    if (stored === null) this.repo.delete(settingKey);
    else this.repo.put(settingKey, stored);
  }

  /** Resolves when `pin` is the attendant PIN; otherwise throws the refusal to answer. */
  check(pin: string, keyId: string): Promise<void> {
    return this.checks.run(keyId, () => this.checkNow(pin, keyId));
  }

  private async checkNow(pin: string, keyId: string): Promise<void> {
    this.guesses.check(keyId);
    const stored = this.repo.get(settingKey);
    if (stored === undefined)
      throw new ApiError(
        409,
        'attendant_pin_not_set',
        'No attendant PIN is set for kiosks; an admin sets one in Settings (PATCH /v2/settings kiosk_attendant_pin).',
      );
    const [, salt = '', expected = ''] = stored.split('$');
    const given = await derive(pin, Buffer.from(salt, 'base64'));
    const want = Buffer.from(expected, 'base64');
    if (want.length === given.length && timingSafeEqual(given, want)) return;
    this.guesses.wrong(keyId);
    throw new ApiError(400, 'invalid_attendant_pin', 'That is not the attendant PIN.', 'pin');
  }
}
