import { ApiKeysPanel } from './api-keys-panel.js';
import { BackupPanel } from './backup-panel.js';
import { KioskPanel } from './kiosk-panel.js';
import { MailPanel } from './mail-panel.js';
import { PairingPanel } from './pairing-panel.js';
import { StaffPanel } from './staff-panel.js';
import { VenuePanel } from './venue-panel.js';

/** Venue name, staff and their PINs, kiosk attendant PIN, API keys, device pairing, the mail outbox and backups (admin only). */
export function SettingsScreen() {
  return (
    <section className="screen">
      <header className="screen-head">
        <h1>Settings</h1>
      </header>
      <div className="settings-grid">
        <VenuePanel />
        <StaffPanel />
        <KioskPanel />
        <PairingPanel />
        <ApiKeysPanel />
        <MailPanel />
        <BackupPanel />
      </div>
    </section>
  );
}
