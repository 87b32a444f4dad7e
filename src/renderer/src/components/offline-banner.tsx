import { useEffect, useState } from 'react';
import { useNow } from '../hooks/use-now.js';
import { storageBannerText } from '../lib/server-health.js';
import { useSession } from '../stores/session-store.js';

const pollMs = 5000;

/**
 * Polls /v2/health so the till knows it is cut off before a sale fails, and says so plainly.
 * Off where the screen checks the server itself (the door, every 3 s, with its own offline
 * state): a second poller there doubled a door phone's requests for a banner it never shows.
 */
export function useHealthPolling(enabled = true): void {
  const checkHealth = useSession((s) => s.checkHealth);
  useEffect(() => {
    if (!enabled) return;
    void checkHealth();
    const timer = window.setInterval(() => void checkHealth(), pollMs);
    return () => window.clearInterval(timer);
  }, [checkHealth, enabled]);
}

export function OfflineBanner() {
  const connection = useSession((s) => s.connection);
  const since = useSession((s) => s.offlineSince);
  const baseUrl = useSession((s) => s.baseUrl);
  const [seconds, setSeconds] = useState(0);
  useEffect(() => {
    if (connection !== 'offline' || since === null) return;
    const update = () => setSeconds(Math.max(0, Math.round((Date.now() - since) / 1000)));
    const first = window.setTimeout(update, 0);
    const timer = window.setInterval(update, 1000);
    return () => {
      window.clearTimeout(first);
      window.clearInterval(timer);
    };
  }, [connection, since]);
  if (connection !== 'offline') return null;
  return (
    <div className="offline-banner no-print" role="alert">
      <strong>Offline.</strong> The venue server at {baseUrl} has not answered for {seconds} s. Sales and
      changes will fail until it is back; this page retries every {pollMs / 1000} s.
    </div>
  );
}

/** While the venue server's disk is full: sales fail with 507, and the person at the till should know why. */
export function StorageBanner() {
  const connection = useSession((s) => s.connection);
  const storage = useSession((s) => s.storage);
  const since = useSession((s) => s.storageFullSince);
  // Offline says more: a server that cannot be reached cannot report its disk either.
  if (storage !== 'full' || connection === 'offline' || since === null) return null;
  return <StorageFullNotice since={since} />;
}

function StorageFullNotice({ since }: { since: number }) {
  const now = useNow(1000);
  return (
    <div className="offline-banner storage-banner no-print" role="alert">
      <strong>Disk full.</strong> {storageBannerText(since, now, pollMs / 1000)}
    </div>
  );
}

/**
 * While this server holds its webhooks and mail because another Marquee with the venue's data
 * runs (the old laptop started again after the spare took over): in the server's words.
 */
export function OutboundHeldBanner() {
  const connection = useSession((s) => s.connection);
  const held = useSession((s) => s.outboundHeld);
  if (!held || connection === 'offline') return null;
  return (
    <div className="offline-banner storage-banner no-print" role="alert">
      <strong>Not sending.</strong> {held} Stop this one and use the other; sales made here are not on it.
    </div>
  );
}

/**
 * While the venue server's data file was deleted or replaced under it: every sale is refused
 * (503) until it is restarted, and the server's sentence says what to do.
 */
export function StoreMovedBanner() {
  const connection = useSession((s) => s.connection);
  const moved = useSession((s) => s.storeMoved);
  if (!moved || connection === 'offline') return null;
  return (
    <div className="offline-banner storage-banner no-print" role="alert">
      <strong>Not saving.</strong> {moved}
    </div>
  );
}
