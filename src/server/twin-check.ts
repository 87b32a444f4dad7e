import { Bonjour, type Service } from 'bonjour-service';
import type { EventEmitter } from 'node:events';
import { isIPv4 } from 'node:net';
import { networkInterfaces } from 'node:os';
import { mdnsServiceType, mdnsSocketOptions } from './mdns.js';

/** How long a LAN start looks for a twin before it sends webhooks and mail. */
export const defaultTwinCheckMs = 3_000;

export interface TwinCheck {
  /** `host:port` of another server advertising this venue's data, or null when none answered in time. */
  result: Promise<string | null>;
  /** Ends the look early (the app is stopping); `result` then answers null. */
  cancel(): void;
}

function whereItRuns(service: Service): string {
  const address = service.addresses?.find((a) => isIPv4(a)) ?? service.referer?.address ?? service.host;
  return `${address}:${service.port}`;
}

/** The addresses of this machine (of its network namespace), which this server's own answers come from. */
function ownAddresses(): Set<string> {
  const all = Object.values(networkInterfaces()).flatMap((list) => list ?? []);
  return new Set(all.map((entry) => entry.address));
}

/**
 * This server's own advertisement, heard back: answered from one of this machine's addresses for
 * this port. Another server on this machine listens on another port; one on another machine
 * answers from its own address.
 */
function isSelf(service: Service, port: number, own: Set<string>): boolean {
  const from = service.referer?.address;
  return service.port === port && from !== undefined && own.has(from);
}

/**
 * Browses the venue LAN for `_marquee._tcp` servers whose TXT `store` is this store's mark: a
 * copy of this venue's data already running (a spare started from a backup while this laptop was
 * down). mDNS failures are reported and count as "none found": sending is what the server did
 * before this check existed.
 */
export function lookForTwin(
  self: { host: string; port: number; store: string },
  windowMs: number,
  onError: (err: unknown) => void,
): TwinCheck {
  const bonjour = new Bonjour(
    mdnsSocketOptions(self.host) as ConstructorParameters<typeof Bonjour>[0],
    onError,
  );
  (bonjour as unknown as { server: { mdns: EventEmitter } }).server.mdns.on('error', onError);
  const own = ownAddresses();
  let settle!: (found: string | null) => void;
  const result = new Promise<string | null>((resolve) => (settle = resolve));
  let done = false;
  const finish = (found: string | null): void => {
    if (done) return;
    done = true;
    clearTimeout(timer);
    browser.stop();
    bonjour.destroy();
    settle(found);
  };
  // Answers arrive on a later turn of the event loop, after both are set.
  const browser = bonjour.find({ type: mdnsServiceType }, (service: Service) => {
    const txt = service.txt as Record<string, unknown> | undefined;
    if (txt?.store === self.store && !isSelf(service, self.port, own)) finish(whereItRuns(service));
  });
  const timer = setTimeout(() => finish(null), windowMs);
  return { result, cancel: () => finish(null) };
}
