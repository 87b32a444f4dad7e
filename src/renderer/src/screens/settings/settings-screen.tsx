import { ApiKeysPanel } from './api-keys-panel.js';
import { MailPanel } from './mail-panel.js';
import { PairingPanel } from './pairing-panel.js';
import { VenuePanel } from './venue-panel.js';

/** Venue name, API keys, door-device pairing and the mail outbox (admin only). */
export function SettingsScreen() {
  return (
    <section className="screen">
      <header className="screen-head">
        <h1>Settings</h1>
      </header>
      <div className="settings-grid">
        <VenuePanel />
        <PairingPanel />
        <ApiKeysPanel />
        <MailPanel />
      </div>
    </section>
  );
}
