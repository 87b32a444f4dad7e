/**
 * The wallet's service worker (`/w/sw.js`, scope `/w/`): lets a phone open a ticket page again
 * with no signal. A ticket page is asked of the network first; when the network fails (or the
 * server behind a tunnel answers 5xx) the worker answers with the offline shell, whose script
 * draws the ticket from the strip kept on the phone. Nothing keyed by a wallet secret is cached:
 * only the shell and its script, which are the same for every ticket. The strip, the token and
 * the QR image are never touched here (they are private and always fresh).
 */
// A module (for `self` to be typed as the worker's scope); esbuild bundles it into a plain script.
export {};
declare const self: ServiceWorkerGlobalScope;

const version = new URL(self.location.href).searchParams.get('v') ?? '';
const cachePrefix = 'marquee-wallet-';
const cacheName = `${cachePrefix}${version}`;
const shell = '/w/offline';
const shellAssets = [shell, `/w/app.js?v=${encodeURIComponent(version)}`];
/**
 * A ticket page, `/w/<secret>`, also with a slash after it (the server answers that form too);
 * its companions (`/w/<secret>/strip` …) have more segments.
 */
const ticketPage = /^\/w\/[^/]+\/?$/;

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(cacheName)
      .then((cache) => cache.addAll(shellAssets))
      .then(() => self.skipWaiting()),
  );
});

self.addEventListener('activate', (event) => {
  event.waitUntil(
    caches
      .keys()
      .then((names) =>
        Promise.all(
          names
            .filter((name) => name.startsWith(cachePrefix) && name !== cacheName)
            .map((name) => caches.delete(name)),
        ),
      )
      .then(() => self.clients.claim()),
  );
});

async function pageOrShell(request: Request): Promise<Response> {
  try {
    const response = await fetch(request);
    if (response.status < 500) return response;
  } catch {
    // No network: the shell below.
  }
  return (await caches.match(shell, { cacheName })) ?? Response.error();
}

async function shellAsset(request: Request): Promise<Response> {
  return (await caches.match(request, { cacheName })) ?? fetch(request);
}

self.addEventListener('fetch', (event) => {
  const { request } = event;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (request.mode === 'navigate' && ticketPage.test(url.pathname)) {
    event.respondWith(pageOrShell(request));
  } else if (shellAssets.includes(url.pathname + url.search)) {
    event.respondWith(shellAsset(request));
  }
});
