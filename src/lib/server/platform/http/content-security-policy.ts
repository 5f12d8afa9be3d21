import { createHash } from 'node:crypto';

/**
 * Content-Security-Policy directives that hold for every response, whatever scripts and styles it carries: the
 * server sends them as a header on every response, and Astro adds them to each page's own policy.
 */
export const BASELINE_DIRECTIVES = ["object-src 'none'", "base-uri 'none'", "form-action 'self'"] as const;

/**
 * The policy header the server sends with every response. frame-ancestors is here and not in pages' own policies
 * because a prerendered page's policy is a <meta>, where browsers ignore it and log an error.
 */
export const BASELINE_POLICY = [...BASELINE_DIRECTIVES, "frame-ancestors 'none'"].join('; ');

/**
 * Adds the baseline policy to an on-demand page's own policy header, which would otherwise replace the server's
 * baseline header: a comma separates two policies, and a browser enforces both.
 */
export function withBaselinePolicy(response: Response): Response {
  const pagePolicy = response.headers.get('content-security-policy');
  if (pagePolicy) response.headers.set('content-security-policy', `${pagePolicy}, ${BASELINE_POLICY}`);
  return response;
}

/** The CSP source that allows exactly this inline text (a script, a style, or a `style` attribute's value). */
export function sha256Source(text: string): `sha256-${string}` {
  return `sha256-${createHash('sha256').update(text).digest('base64')}`;
}
