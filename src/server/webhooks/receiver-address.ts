import type { LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { invalidField } from '../errors.js';
import { resolveWithSystem, type ResolveAll } from './shared-lookups.js';

/**
 * Link-local ranges hold cloud metadata services (169.254.169.254) and other things a venue's
 * receivers never are; a webhook URL pointing there is an attempt to read them. IPv4-mapped IPv6
 * forms (::ffff:169.254.x.x) are caught too: BlockList checks them against the IPv4 rule.
 */
const linkLocal = new BlockList();
linkLocal.addSubnet('169.254.0.0', 16, 'ipv4');
linkLocal.addSubnet('fe80::', 10, 'ipv6');

export function isLinkLocal(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return linkLocal.check(address, family === 6 ? 'ipv6' : 'ipv4');
}

/** The URL's host as an address when it is a literal one (`[fe80::1]` → `fe80::1`), else null. */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) === 0 ? null : host;
}

/**
 * Checks a receiver URL when an endpoint is created or changed. Names are not resolved here (the
 * venue may be offline, and DNS answers change): the dispatcher checks every resolved address
 * at delivery time (guardedLookup).
 */
export function checkReceiverUrl(raw: string, allowLinkLocal: boolean, param = 'url'): string {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw invalidField(
      param,
      `'${raw}' is not a URL. Give an absolute http:// or https:// URL, e.g. https://example.com/webhooks.`,
    );
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw invalidField(
      param,
      `Webhook URLs must use http:// or https://, not ${url.protocol.replace(/:$/, '')}://.`,
    );
  }
  const address = literalAddress(url);
  if (!allowLinkLocal && address !== null && isLinkLocal(address)) {
    throw invalidField(
      param,
      `${address} is a link-local address (169.254.0.0/16 or fe80::/10, where cloud metadata services live); ` +
        'webhooks are not sent there. A venue that really needs it can start the server with MARQUEE_WEBHOOK_ALLOW_LINK_LOCAL=1.',
    );
  }
  return url.toString();
}

/** An error the transport reports as a counted failure, never as "offline". */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
}

export function blockedLiteral(url: URL, allowLinkLocal: boolean): string | null {
  const address = literalAddress(url);
  return !allowLinkLocal && address !== null && isLinkLocal(address) ? address : null;
}

/**
 * A `lookup` for http.request that refuses to connect when a name resolves to a link-local
 * address, so a DNS answer cannot smuggle a request to a metadata service. Names are resolved
 * through `resolveAll` (the system resolver, one lookup per host at a time: shared-lookups.ts).
 */
export function guardedLookup(
  allowLinkLocal: boolean,
  resolveAll: ResolveAll = resolveWithSystem,
): LookupFunction {
  return (hostname, options, callback) => {
    const family = typeof options.family === 'number' ? options.family : familyNumber(options.family);
    resolveAll(hostname, family, options.hints).then(
      (list) => {
        const blocked = allowLinkLocal ? undefined : list.find((a) => isLinkLocal(a.address));
        if (blocked) {
          callback(
            new BlockedAddressError(
              `${hostname} resolves to the link-local address ${blocked.address}; webhooks are not sent there.`,
            ),
            '',
            4,
          );
          return;
        }
        if (options.all) {
          (callback as (e: null, a: LookupAddress[]) => void)(null, [...list]);
          return;
        }
        const first = list[0];
        if (!first) {
          callback(
            Object.assign(new Error(`${hostname} has no address`), {
              code: 'ENOTFOUND',
            }),
            '',
            4,
          );
          return;
        }
        callback(null, first.address, first.family);
      },
      (err: NodeJS.ErrnoException) => callback(err, '', 4),
    );
  };
}

function familyNumber(family: string | undefined): number {
  if (family === 'IPv4') return 4;
  if (family === 'IPv6') return 6;
  return 0;
}
