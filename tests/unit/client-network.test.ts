import { describe, expect, it } from 'vitest';
import { clientNetworkOf, rateLimitClientOf } from '#server/platform/client-network.ts';

describe('the network a client address belongs to', () => {
  it('is the IPv4 /24', () => {
    expect(clientNetworkOf('203.0.113.9')).toBe('203.0.113.0/24');
    expect(clientNetworkOf('203.0.113.250')).toBe('203.0.113.0/24');
    expect(clientNetworkOf('203.0.114.9')).toBe('203.0.114.0/24');
    expect(clientNetworkOf('127.0.0.1')).toBe('127.0.0.0/24');
  });

  it('is the IPv6 /64, the same for every spelling of the address', () => {
    const network = '2001:db8:0:7::/64';
    for (const address of [
      '2001:db8:0:7::1',
      '2001:0db8:0000:0007:0000:0000:0000:0001',
      '2001:DB8:0:7:ffff:ffff:ffff:ffff',
      '2001:db8::7:0:0:0:1',
      '2001:db8:0:7::',
    ])
      expect(clientNetworkOf(address), address).toBe(network);
    expect(clientNetworkOf('2001:db8:0:8::1')).toBe('2001:db8:0:8::/64');
  });

  it('reads compressed forms wherever the zeros are', () => {
    expect(clientNetworkOf('::1')).toBe('0:0:0:0::/64');
    expect(clientNetworkOf('::')).toBe('0:0:0:0::/64');
    expect(clientNetworkOf('fe80::1%eth0')).toBe('fe80:0:0:0::/64');
    expect(clientNetworkOf('2001:db8:1:2:3::')).toBe('2001:db8:1:2::/64');
    expect(clientNetworkOf('::2001:db8:1:2:3')).toBe('0:0:0:2001::/64');
  });

  it('is the IPv4 /24 of an IPv4-mapped IPv6 address, however it is written', () => {
    for (const address of ['::ffff:203.0.113.9', '::FFFF:203.0.113.77', '::ffff:cb00:7109', '0:0:0:0:0:ffff:203.0.113.1'])
      expect(clientNetworkOf(address), address).toBe('203.0.113.0/24');
  });

  it('keeps an IPv4 tail of another IPv6 address in its /64', () => {
    expect(clientNetworkOf('64:ff9b::203.0.113.9')).toBe('64:ff9b:0:0::/64');
  });

  it('leaves anything that is no address as it is', () => {
    expect(clientNetworkOf('unknown')).toBe('unknown');
    expect(clientNetworkOf('')).toBe('');
  });
});

describe('the client a per-client rate limit counts', () => {
  it('is an IPv6 client’s /64, the same for every address and spelling in it', () => {
    for (const address of ['2001:db8:0:7::1', '2001:DB8:0:7:ffff:ffff:ffff:ffff', '2001:0db8:0000:0007::9', '2001:db8:0:7::1%eth0'])
      expect(rateLimitClientOf(address), address).toBe('2001:db8:0:7::/64');
    expect(rateLimitClientOf('2001:db8:0:8::1')).toBe('2001:db8:0:8::/64');
  });

  it('is an IPv4 address itself, also when a dual-stack socket writes it IPv4-mapped', () => {
    expect(rateLimitClientOf('203.0.113.9')).toBe('203.0.113.9');
    expect(rateLimitClientOf('203.0.113.10')).toBe('203.0.113.10');
    for (const address of ['::ffff:203.0.113.9', '::FFFF:cb00:7109', '0:0:0:0:0:ffff:203.0.113.9'])
      expect(rateLimitClientOf(address), address).toBe('203.0.113.9');
  });

  it('leaves anything that is no address as it is, and a /64 is its own network for reports', () => {
    expect(rateLimitClientOf('unknown')).toBe('unknown');
    expect(clientNetworkOf(rateLimitClientOf('2001:db8:0:7::1'))).toBe('2001:db8:0:7::/64');
  });
});
