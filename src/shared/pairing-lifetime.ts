/** How long a pairing code lives once shown: long enough to walk to the door, short if lost. */
export const pairingLifetimeMs = 5 * 60 * 1000;
