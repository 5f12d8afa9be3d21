import { BASELINE_POLICY } from './content-security-policy.ts';
import { publicOriginIsHttps } from './origin.ts';

const BASELINE_HEADERS = {
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'strict-origin-when-cross-origin',
  // Pages add a policy of their own (hashes for their scripts and styles): a <meta> on prerendered pages, which
  // the browser enforces alongside this header; a header on on-demand pages, which replaces this one and therefore
  // carries it as a second policy (withBaselinePolicy in middleware.ts).
  'content-security-policy': BASELINE_POLICY,
  'permissions-policy': 'camera=(), microphone=(), payment=(), usb=(), geolocation=(self)',
};

const STRICT_TRANSPORT_SECURITY = { 'strict-transport-security': 'max-age=63072000; includeSubDomains' };

/**
 * The security headers every response of the site carries; when the public origin (SITE_URL) is https, also HSTS,
 * which asks browsers to keep to https.
 */
export function baselineHeaders(): Record<string, string> {
  return { ...BASELINE_HEADERS, ...(publicOriginIsHttps() ? STRICT_TRANSPORT_SECURITY : {}) };
}
