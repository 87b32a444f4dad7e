/**
 * The names of Settings' panels and choices, as the panels themselves show them, and the paths
 * other screens' hints give to them ("Settings › Pair a door device, till or kiosk › Customer
 * kiosk"). The panels render these same strings, so renaming a panel here renames every hint
 * that points at it: a door steward or kiosk attendant told to look for "Pairing" found no such
 * thing.
 */
export const settingsPanels = {
  venue: 'Venue',
  staff: 'Staff',
  kiosks: 'Kiosks',
  pairing: 'Pair a door device, till or kiosk',
  apiKeys: 'API keys',
  mail: 'Mail',
  backup: 'Backup',
} as const;

export type SettingsPanel = keyof typeof settingsPanels;

/** The pairing panel's Device choices, by the scope each pairs. */
export const pairingDevices = {
  scanner: 'Door scanner',
  box_office: 'Another till',
  kiosk: 'Customer kiosk',
} as const;

export type PairingDevice = keyof typeof pairingDevices;

/** "Settings › Staff"; with a choice, "Settings › Pair a door device, till or kiosk › Customer kiosk". */
export function settingsPath(panel: SettingsPanel, choice?: string): string {
  return ['Settings', settingsPanels[panel], ...(choice ? [choice] : [])].join(' › ');
}

/** Where a device of this kind is paired: the pairing panel with its Device choice. */
export function pairingPath(device: PairingDevice): string {
  return settingsPath('pairing', pairingDevices[device]);
}
