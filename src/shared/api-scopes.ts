/**
 * The API key scopes of CONTRACT.md "Authentication and keys" and "Scopes (amended)"; shared by
 * the domain (what each may do) and the wire schema of the `ApiKey` resource.
 */
export const apiScopes = ['admin', 'box_office', 'scanner', 'kiosk'] as const;
