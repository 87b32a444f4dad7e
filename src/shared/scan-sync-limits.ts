/**
 * How old an offline scan may be when a door uploads it (`POST /v2/scan/sync`). A door can sit
 * offline through a long weekend; older uploads are refused as clock trouble. The server refuses
 * them and a door sets them aside rather than send them, so one forgotten scan cannot hold up
 * every upload after it.
 */
export const syncScanMaxAgeMs = 7 * 24 * 60 * 60 * 1000;
