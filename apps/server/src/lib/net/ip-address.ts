import ipaddr from 'ipaddr.js';

/**
 * Which addresses an outbound fetch may connect to: public unicast only.
 *
 * This is an allow-list of ipaddr.js's `unicast` range, not a block-list: anything ipaddr.js knows as
 * special (loopback, RFC 1918, link-local, CGNAT, multicast, unspecified, broadcast, unique-local,
 * documentation, 6to4, Teredo, NAT64, …) is refused, so a range we forgot to list cannot slip through.
 * IPv6 forms that carry an IPv4 address (mapped `::ffff:a.b.c.d`, compatible `::a.b.c.d`) are judged
 * by the IPv4 address they carry.
 */

export type AddressVerdict =
  | { allowed: true; address: string }
  | {
      allowed: false;
      address: string;
      /** `metadata-address` for cloud instance-metadata endpoints, `private-address` for the rest. */
      reason: 'private-address' | 'metadata-address';
      /** ipaddr.js's name for the range, e.g. `loopback`, `private`, `carrierGradeNat`. */
      range: string;
    };

/**
 * Instance-metadata endpoints of the big clouds. Each already falls in a refused range (link-local,
 * CGNAT, unique-local); they are named so a refusal says "metadata" when that is what was asked for.
 */
const METADATA_ADDRESSES = new Set([
  '169.254.169.254', // AWS, GCP, Azure, OpenStack, DigitalOcean, Oracle
  '169.254.170.2', // AWS ECS task metadata
  '100.100.100.200', // Alibaba Cloud
  'fd00:ec2::254', // AWS over IPv6
]);

/** Judges one IP address (v4 dotted, or v6 without brackets). Anything that does not parse is refused. */
export function classifyAddress(address: string): AddressVerdict {
  let parsed: ipaddr.IPv4 | ipaddr.IPv6;
  try {
    parsed = ipaddr.parse(address.replace(/^\[|\]$/g, ''));
  } catch {
    return { allowed: false, address, reason: 'private-address', range: 'invalid' };
  }
  const ip = embeddedIPv4(parsed) ?? parsed;
  // toString() is the canonical form: dotted IPv4, RFC 5952 compressed IPv6.
  if (METADATA_ADDRESSES.has(ip.toString())) {
    return { allowed: false, address, reason: 'metadata-address', range: ip.range() };
  }
  const range = ip.range();
  if (range !== 'unicast') return { allowed: false, address, reason: 'private-address', range };
  if (ip.kind() === 'ipv6' && isIPv4Compatible(ip as ipaddr.IPv6)) {
    // ::a.b.c.d (deprecated, RFC 4291 §2.5.5.1): ipaddr.js calls it unicast; nothing public uses it.
    return { allowed: false, address, reason: 'private-address', range: 'ipv4Compatible' };
  }
  return { allowed: true, address };
}

/** The IPv4 address inside an IPv4-mapped IPv6 address, judged as itself. */
function embeddedIPv4(ip: ipaddr.IPv4 | ipaddr.IPv6): ipaddr.IPv4 | undefined {
  if (ip.kind() !== 'ipv6') return undefined;
  const v6 = ip as ipaddr.IPv6;
  return v6.isIPv4MappedAddress() ? v6.toIPv4Address() : undefined;
}

function isIPv4Compatible(ip: ipaddr.IPv6): boolean {
  return ip.parts.slice(0, 6).every((part) => part === 0);
}

/**
 * The IP address a URL hostname stands for, or undefined when it is a name to resolve.
 *
 * The host is read by the WHATWG URL parser — the same parser the HTTP client connects with — so the
 * numeric forms it accepts for IPv4 (`2130706433`, `0x7f000001`, `0177.0.0.1`, `127.1`) come out as
 * the dotted address they mean, and the check and the connection can never disagree about the host.
 */
export function hostAddress(hostname: string): string | undefined {
  let parsed: string;
  try {
    const bracketed = hostname.includes(':') && !hostname.startsWith('[') ? `[${hostname}]` : hostname;
    parsed = new URL(`http://${bracketed}/`).hostname;
  } catch {
    return undefined;
  }
  if (parsed.startsWith('[')) return parsed.slice(1, -1);
  return ipaddr.IPv4.isValidFourPartDecimal(parsed) ? parsed : undefined;
}
