import { describe, expect, it } from 'vitest';
import { classifyAddress, hostAddress } from './ip-address.ts';

describe('classifyAddress', () => {
  it.each([
    ['127.0.0.1', 'loopback'],
    ['127.255.255.254', 'loopback'],
    ['::1', 'loopback'],
    ['::ffff:127.0.0.1', 'loopback'],
    ['::ffff:7f00:1', 'loopback'],
    ['0.0.0.0', 'unspecified'],
    ['::', 'unspecified'],
    ['10.0.0.1', 'private'],
    ['172.16.5.4', 'private'],
    ['192.168.1.1', 'private'],
    ['::ffff:192.168.1.1', 'private'],
    ['100.64.0.1', 'carrierGradeNat'],
    ['100.127.255.255', 'carrierGradeNat'],
    ['169.254.1.1', 'linkLocal'],
    ['fe80::1', 'linkLocal'],
    ['224.0.0.1', 'multicast'],
    ['239.255.255.250', 'multicast'],
    ['ff02::1', 'multicast'],
    ['255.255.255.255', 'broadcast'],
    ['fd00::1', 'uniqueLocal'],
    ['fc00::1', 'uniqueLocal'],
    ['192.0.2.1', 'reserved'],
    ['240.0.0.1', 'reserved'],
    ['64:ff9b::7f00:1', 'rfc6052'],
    ['2002:7f00:1::', '6to4'],
    // ipaddr.js reads the dotted ::a.b.c.d form as IPv4-mapped; judged by its IPv4 address either way.
    ['::127.0.0.1', 'loopback'],
    ['::7f00:1', 'ipv4Compatible'],
    ['::808:808', 'ipv4Compatible'],
    ['not an address', 'invalid'],
  ])('refuses %s (%s)', (address, range) => {
    expect(classifyAddress(address)).toEqual({ allowed: false, address, reason: 'private-address', range });
  });

  it.each(['169.254.169.254', '::ffff:169.254.169.254', '169.254.170.2', '100.100.100.200', 'fd00:ec2::254'])(
    'names the cloud metadata endpoint %s',
    (address) => {
      expect(classifyAddress(address)).toMatchObject({ allowed: false, reason: 'metadata-address' });
    },
  );

  it.each(['93.184.215.14', '8.8.8.8', '1.1.1.1', '2606:4700:4700::1111', '2a00:1450:4001:80b::200e'])(
    'allows the public address %s',
    (address) => {
      expect(classifyAddress(address)).toEqual({ allowed: true, address });
    },
  );
});

describe('hostAddress', () => {
  it.each([
    ['2130706433', '127.0.0.1'],
    ['0x7f000001', '127.0.0.1'],
    ['0177.0.0.1', '127.0.0.1'],
    ['0x7f.0.0.1', '127.0.0.1'],
    ['127.1', '127.0.0.1'],
    ['127.0.1', '127.0.0.1'],
    ['017700000001', '127.0.0.1'],
    ['0', '0.0.0.0'],
    ['[::1]', '::1'],
    ['::1', '::1'],
    ['[::ffff:127.0.0.1]', '::ffff:7f00:1'],
    ['[0:0:0:0:0:ffff:7f00:0001]', '::ffff:7f00:1'],
  ])('reads %s as %s, as the URL parser does', (host, address) => {
    expect(hostAddress(host)).toBe(address);
    expect(classifyAddress(address as string).allowed).toBe(false);
  });

  it('leaves names to the resolver', () => {
    expect(hostAddress('example.com')).toBeUndefined();
    expect(hostAddress('localhost')).toBeUndefined();
    expect(hostAddress('127.0.0.1.nip.io')).toBeUndefined();
  });
});
