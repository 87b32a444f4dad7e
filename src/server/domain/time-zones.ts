import { normalizeTimeZone } from '../../shared/attendee-time.js';
import { invalidField } from '../errors.js';

/**
 * `name` as it will be stored, or a 400 `invalid_field` on `param` in words a manager can act on:
 * the one refusal for an unknown zone, whether an event's, the venue's clock or a report's.
 */
export function checkedTimeZone(name: string, param: string): string {
  const zone = normalizeTimeZone(name);
  if (zone === null) {
    throw invalidField(
      param,
      `'${name}' is not a time zone this server knows. Use an IANA name such as America/New_York, Europe/London or UTC.`,
    );
  }
  return zone;
}
