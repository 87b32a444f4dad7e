import { Bonjour, type Service } from 'bonjour-service';
import type { EventEmitter } from 'node:events';
import { isIPv4 } from 'node:net';
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

/**
 * Browses the venue LAN for `_marquee._tcp` servers whose TXT `store` is this store's mark: a
 * copy of this venue's data already running (a spare started from a backup while this laptop was
 * down). Runs before this server advertises itself, so it never finds itself. mDNS failures are
 * reported and count as "none found": sending is what the server did before this check existed.
 */
export function lookForTwin(
  host: string,
  store: string,
  windowMs: number,
  onError: (err: unknown) => void,
): TwinCheck {
  const bonjour = new Bonjour(mdnsSocketOptions(host) as ConstructorParameters<typeof Bonjour>[0], onError);
  (bonjour as unknown as { server: { mdns: EventEmitter } }).server.mdns.on('error', onError);
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
  const browser = bonjour.find({ type: mdnsServiceType }, (service: Service) => {
    const txt = service.txt as Record<string, unknown> | undefined;
    if (txt?.store === store) finish(whereItRuns(service));
  });
  const timer = setTimeout(() => finish(null), windowMs);
  return { result, cancel: () => finish(null) };
}
