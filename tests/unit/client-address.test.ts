import type { IncomingMessage } from 'node:http';
import { describe, expect, it } from 'vitest';
import { clientAddressOf } from '#server/platform/http/client-address.ts';

const from = (peer: string, forwardedFor?: string | string[]) =>
  ({
    socket: { remoteAddress: peer },
    headers: forwardedFor === undefined ? {} : { 'x-forwarded-for': forwardedFor },
  }) as unknown as IncomingMessage;

describe('the client address rate limits count by', () => {
  it('is the socket peer when no proxy is trusted, whatever X-Forwarded-For says', () => {
    expect(clientAddressOf(from('203.0.113.9', '198.51.100.1'), 0)).toBe('203.0.113.9');
  });
  it('behind one proxy is the entry that proxy appended, not one the client wrote', () => {
    expect(clientAddressOf(from('10.0.0.2', '198.51.100.1'), 1)).toBe('198.51.100.1');
    expect(clientAddressOf(from('10.0.0.2', 'forged, 1.2.3.4, 198.51.100.1'), 1)).toBe('198.51.100.1');
  });
  it('behind two proxies is the second entry from the right', () => {
    expect(clientAddressOf(from('10.0.0.2', 'forged, 198.51.100.1, 10.0.0.1'), 2)).toBe('198.51.100.1');
    expect(clientAddressOf(from('10.0.0.2', ['forged, 198.51.100.1', '10.0.0.1']), 2)).toBe('198.51.100.1');
  });
  it('falls back to the furthest entry there is, or the peer when the header is missing', () => {
    expect(clientAddressOf(from('10.0.0.2', '198.51.100.1'), 3)).toBe('198.51.100.1');
    expect(clientAddressOf(from('10.0.0.2'), 1)).toBe('10.0.0.2');
  });
});
