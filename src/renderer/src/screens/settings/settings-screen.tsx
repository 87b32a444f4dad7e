import { ApiKeysPanel } from './api-keys-panel.js';
import { PairingPanel } from './pairing-panel.js';
import { VenuePanel } from './venue-panel.js';

/** Venue name, API keys and door-device pairing (admin only). */
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
      </div>
    </section>
  );
}
