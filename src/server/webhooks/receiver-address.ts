import type { LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { invalidField } from '../errors.js';
import { embeddedIpv4 } from './embedded-ipv4.js';
import { resolveWithSystem, type ResolveAll } from './shared-lookups.js';

/**
 * Link-local ranges are where cloud metadata services and other host-only things live; a venue's
 * receivers never are. MARQUEE_WEBHOOK_ALLOW_LINK_LOCAL=1 lets a venue that really needs one
 * (a receiver on a cable with no DHCP) send there, except to the metadata addresses below.
 */
const linkLocal = new BlockList();
linkLocal.addSubnet('169.254.0.0', 16, 'ipv4');
linkLocal.addSubnet('fe80::', 10, 'ipv6');

/**
 * Cloud metadata and credential services, never a webhook receiver, whatever is allowed: a URL
 * that reaches one hands the venue server's cloud credentials to whoever set the URL. Several sit
 * outside link-local (Alibaba's in 100.64/10, Oracle's in 192.0.0/24, Azure's WireServer on a
 * public address, and the IPv6 ones in fd00::/8, where LAN receivers are allowed).
 * Sources: each provider's documentation of its metadata endpoint.
 */
const metadataAddresses: readonly [string, 'ipv4' | 'ipv6', string][] = [
  ['169.254.169.254', 'ipv4', 'AWS, Google Cloud, Azure, Oracle, DigitalOcean, Hetzner, OpenStack'],
  ['169.254.170.2', 'ipv4', 'AWS ECS task credentials'],
  ['169.254.170.23', 'ipv4', 'AWS EKS Pod Identity'],
  ['169.254.0.23', 'ipv4', 'Tencent Cloud'],
  ['169.254.42.42', 'ipv4', 'Scaleway'],
  ['100.100.100.200', 'ipv4', 'Alibaba Cloud'],
  ['192.0.0.192', 'ipv4', 'Oracle Cloud'],
  ['168.63.129.16', 'ipv4', 'Azure WireServer'],
  ['fd00:ec2::254', 'ipv6', 'AWS'],
  ['fd00:ec2::23', 'ipv6', 'AWS EKS Pod Identity'],
  ['fd20:ce::254', 'ipv6', 'Google Cloud'],
  ['fd00:42::42', 'ipv6', 'Scaleway'],
];
const metadata = new BlockList();
for (const [address, family] of metadataAddresses) metadata.addAddress(address, family);

/** Names that resolve to a metadata service inside its cloud; refused before any lookup. */
const metadataNames = new Set([
  'metadata',
  'metadata.google.internal',
  'metadata.goog',
  'instance-data',
  'instance-data.ec2.internal',
  'metadata.tencentyun.com',
]);

type Refusal = 'metadata' | 'link-local';

function refusalOf(address: string, allowLinkLocal: boolean): Refusal | null {
  const family = isIP(address) === 6 ? 'ipv6' : 'ipv4';
  // BlockList also matches an IPv4-mapped IPv6 address against IPv4 rules.
  if (metadata.check(address, family)) return 'metadata';
  if (!allowLinkLocal && linkLocal.check(address, family)) return 'link-local';
  return null;
}

const why: Record<Refusal, string> = {
  metadata: 'a cloud metadata address; webhooks are never sent there',
  'link-local':
    'a link-local address (169.254.0.0/16 or fe80::/10, where cloud metadata services live); webhooks are not sent there. ' +
    'A venue that really needs it can start the server with MARQUEE_WEBHOOK_ALLOW_LINK_LOCAL=1',
};

/**
 * Why webhooks may not go to this IP address, or null when they may. An IPv6 address that
 * carries an IPv4 one (IPv4-mapped, NAT64, 6to4, Teredo, …) is judged by that IPv4 address too,
 * so `::ffff:a9fe:a9fe` or `64:ff9b::a9fe:a9fe` is 169.254.169.254 and `::ffff:192.168.1.20`
 * a LAN receiver like any other.
 */
export function addressRefusal(address: string, allowLinkLocal: boolean): string | null {
  if (isIP(address) === 0) return null;
  const own = refusalOf(address, allowLinkLocal);
  if (own) return `${address} is ${why[own]}.`;
  for (const { ipv4, form } of embeddedIpv4(address)) {
    const inner = refusalOf(ipv4, allowLinkLocal);
    if (inner) return `${address} carries the IPv4 address ${ipv4} (${form}), ${why[inner]}.`;
  }
  return null;
}

/** The URL's host as an address when it is a literal one (`[fe80::1]` → `fe80::1`), else null. */
function literalAddress(url: URL): string | null {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  return isIP(host) === 0 ? null : host;
}

/** Why webhooks may not go to this URL's host as written (a literal address or a metadata name). */
export function receiverRefusal(url: URL, allowLinkLocal: boolean): string | null {
  const address = literalAddress(url);
  if (address !== null) return addressRefusal(address, allowLinkLocal);
  const name = url.hostname.toLowerCase().replace(/\.$/, '');
  return metadataNames.has(name)
    ? `${name} names a cloud metadata service; webhooks are never sent there.`
    : null;
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
  const refusal = receiverRefusal(url, allowLinkLocal);
  if (refusal) throw invalidField(param, refusal);
  return url.toString();
}

/** An error the transport reports as a counted failure, never as "offline". */
export class BlockedAddressError extends Error {
  readonly code = 'EBLOCKED';
}

/**
 * A `lookup` for http.request that refuses to connect when a name resolves to an address
 * webhooks may not go to, so a DNS answer (or a rebinding one) cannot smuggle a request to a
 * metadata service. The addresses checked are the ones the socket then connects to: nothing
 * is looked up twice. Names are resolved through `resolveAll` (the system resolver, one lookup
 * per host at a time: shared-lookups.ts).
 */
export function guardedLookup(
  allowLinkLocal: boolean,
  resolveAll: ResolveAll = resolveWithSystem,
): LookupFunction {
  return (hostname, options, callback) => {
    const family = typeof options.family === 'number' ? options.family : familyNumber(options.family);
    resolveAll(hostname, family, options.hints).then(
      (list) => {
        for (const { address } of list) {
          const refusal = addressRefusal(address, allowLinkLocal);
          if (refusal) {
            callback(new BlockedAddressError(`${hostname} resolves to ${refusal}`), '', 4);
            return;
          }
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
