import { env } from '#server/platform/env.ts';
import type { IncomingMessage } from 'node:http';

/**
 * The address a request came from, which rate limits count by. Behind `trustedProxies` proxies (TRUSTED_PROXIES),
 * the socket's peer is the nearest proxy, so the address is taken from X-Forwarded-For: the entry the outermost of
 * our proxies appended, counted from the right. Entries further left are whatever the client sent and are never
 * trusted, so a client cannot pick a fresh address for every request.
 */
export function clientAddressOf(req: IncomingMessage, trustedProxies = env().TRUSTED_PROXIES): string {
  const peer = req.socket.remoteAddress ?? 'unknown';
  if (trustedProxies <= 0) return peer;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);
  return forwarded[Math.max(0, forwarded.length - trustedProxies)] ?? peer;
}
