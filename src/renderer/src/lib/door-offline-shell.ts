/** Must match the cache name in public/door-sw.js. */
const cacheName = 'marquee-door-v1';

/**
 * Makes the door page reload without the venue server: registers the door's service worker and
 * puts the page and the script and style files it loaded into its cache now (the first visit
 * loaded them before the worker existed). Only where the browser allows service workers: a
 * secure origin (localhost, or HTTPS with a certificate the browser trusts; a self-signed one the
 * steward clicked through is refused, and the door then reloads only while the server answers).
 * Failures are quiet: the door works the same, minus the offline reload.
 */
export async function keepDoorForOffline(): Promise<boolean> {
  if (!('serviceWorker' in navigator) || !window.isSecureContext || !('caches' in window)) return false;
  try {
    await navigator.serviceWorker.register('/door-sw.js', { scope: '/door' });
    const cache = await caches.open(cacheName);
    const shell = await fetch('/door', { headers: { accept: 'text/html' } });
    if (shell.ok) await cache.put('/door', shell);
    const assets = performance
      .getEntriesByType('resource')
      .map((entry) => new URL(entry.name))
      .filter((url) => url.origin === window.location.origin && url.pathname.startsWith('/assets/'))
      .map((url) => url.pathname);
    await cache.addAll([...new Set(assets)]);
    return true;
  } catch {
    return false;
  }
}
