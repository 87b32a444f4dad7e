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
  event.respondWith(networkElseCache(event));
});

// A server that takes the connection but answers nothing (a frozen laptop, a Wi-Fi that passes
// nothing) would hold a reload on a blank page until the browser gives up, minutes later. Past
// this wait the cached copy answers; the network's answer, if it still comes, refreshes the cache.
const networkWaitMs = 3000;

async function networkElseCache(event) {
  const request = event.request;
  // Every navigation in scope is the door page's one HTML shell.
  const key = request.mode === 'navigate' ? '/door' : request;
  const cache = await caches.open(cacheName);
  const network = fetch(request).then(async (response) => {
    if (response.ok) await cache.put(key, response.clone());
    return response;
  });
  const cached = await cache.match(key);
  if (!cached) return network;
  const late = new Promise((resolve) => setTimeout(() => resolve(null), networkWaitMs));
  const answer = await Promise.race([network.catch(() => null), late]);
  if (answer) return answer;
  event.waitUntil(network.catch(() => undefined));
  return cached;
}
