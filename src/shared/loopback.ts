/**
 * Whether a host name or address can only be this machine: `localhost`, 127.0.0.0/8, `::1`, in any
 * spelling (`[::1]`, `0:0:0:0:0:0:0:1`, an IPv4-mapped `::ffff:127.0.0.1`). Plain HTTP and no mDNS
 * are right only there; a string match took `0:0:0:0:0:0:0:1` for a LAN address and served it
 * HTTPS with a certificate for an address the certificate library refused to write.
 */
export function isLoopbackHost(hostname: string): boolean {
  const trimmed = hostname.trim().toLowerCase();
  const host = /^\[.*\]$/.test(trimmed) ? trimmed.slice(1, -1) : trimmed;
  if (host === 'localhost') return true;
  if (/^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(host)) return true;
  if (!host.includes(':')) return false;
  let canonical: string;
  try {
    // The URL parser writes an IPv6 address one way: `::1`, and a mapped IPv4 as `::ffff:7f00:1`.
    canonical = new URL(`http://[${host}]/`).hostname.replace(/^\[|\]$/g, '');
  } catch {
    return false;
  }
  return canonical === '::1' || /^::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}$/.test(canonical);
}
