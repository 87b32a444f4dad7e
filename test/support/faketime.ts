/** The venue-day simulation runs its server under libfaketime too; one finder for both. */
export { findLibfaketime } from '../../sim/libfaketime.js';
