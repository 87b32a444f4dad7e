import { discoverServers } from '../scanner/discovery.js';
import { venueChoices, type VenueChoice } from './first-run.js';

export interface VenueSearch {
  choices: VenueChoice[];
  /** Why nothing could be searched (no multicast route, say); the screen still offers manual entry. */
  error: string | null;
}

/**
 * Looks for venue servers on this network for about two seconds: long enough for a responder to
 * answer a query, short enough that the first-run screen does not feel stuck.
 */
export async function searchVenues(timeoutMs = 2_000): Promise<VenueSearch> {
  try {
    return { choices: venueChoices(await discoverServers({ timeoutMs })), error: null };
  } catch (err) {
    return { choices: [], error: err instanceof Error ? err.message : String(err) };
  }
}
