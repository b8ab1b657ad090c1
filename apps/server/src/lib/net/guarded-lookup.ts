import { promises as dns, type LookupAddress } from 'node:dns';
import type { LookupFunction } from 'node:net';
import { classifyAddress } from './ip-address.ts';
import { OutboundFailed, OutboundRefused } from './outbound-errors.ts';

/** Turns a host name into its addresses. The system resolver by default; tests inject their own. */
export type Resolve = (hostname: string) => Promise<LookupAddress[]>;

export const systemResolve: Resolve = (hostname) => dns.lookup(hostname, { all: true, verbatim: true });

/**
 * The `lookup` the outbound agent's sockets use. The address handed to `connect` is the one checked
 * here, in the same call — there is no second resolution a rebinding DNS server could answer
 * differently. A name with any refused address is refused as a whole: a public address next to a
 * private one is how rebinding and split-horizon tricks look.
 */
export function createGuardedLookup(resolve: Resolve): LookupFunction {
  return (hostname, options, callback) => {
    const family = options.family === 'IPv4' ? 4 : options.family === 'IPv6' ? 6 : options.family;
    vetAddresses(resolve, hostname, family).then(
      (usable) => {
        const first = usable[0] as LookupAddress;
        if (options.all) callback(null, usable);
        else callback(null, first.address, first.family);
      },
      (error: Error) => callback(error, '', 0),
    );
  };
}

/** The addresses of `hostname` to connect to (never empty), or the refusal or failure that stops it. */
async function vetAddresses(resolve: Resolve, hostname: string, family: number | undefined): Promise<LookupAddress[]> {
  const url = `//${hostname}`;
  let found: LookupAddress[];
  try {
    found = await resolve(hostname);
  } catch (error) {
    throw new OutboundFailed('dns', url, { cause: error, detail: `${hostname} could not be resolved` });
  }
  for (const { address } of found) {
    const verdict = classifyAddress(address);
    if (!verdict.allowed) {
      throw new OutboundRefused(verdict.reason, url, `${hostname} resolves to ${address} (${verdict.range})`);
    }
  }
  const usable = family === 4 || family === 6 ? found.filter((a) => a.family === family) : found;
  if (usable.length === 0) throw new OutboundFailed('dns', url, { detail: `${hostname} has no usable address` });
  return usable;
}
