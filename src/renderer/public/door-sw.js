// The door page's service worker (scope /door): lets the door page reload while the venue server
// is away, so a steward who refreshes or whose browser restarts keeps deciding from the door pack
// (its pairing, pack and queue are in localStorage). Network first: a running server always gives
// the current build, and the cache answers only when the server cannot. The API is never cached.
const cacheName = 'marquee-door-v1';

self.addEventListener('install', () => self.skipWaiting());
self.addEventListener('activate', (event) => event.waitUntil(self.clients.claim()));

self.addEventListener('fetch', (event) => {
  const request = event.request;
  const url = new URL(request.url);
  if (request.method !== 'GET' || url.origin !== self.location.origin) return;
  if (url.pathname.startsWith('/v2/')) return;
  event.respondWith(networkElseCache(request));
});

async function networkElseCache(request) {
  // Every navigation in scope is the door page's one HTML shell.
  const key = request.mode === 'navigate' ? '/door' : request;
  const cache = await caches.open(cacheName);
  try {
    const response = await fetch(request);
    if (response.ok) await cache.put(key, response.clone());
    return response;
  } catch (err) {
    const cached = await cache.match(key);
    if (cached) return cached;
    throw err;
  }
}
