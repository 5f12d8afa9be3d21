import Bowser from 'bowser';

/** The most of a User-Agent header a session keeps (migration 047): enough for any browser's, bounded for a forged one. */
const STORED_CHARS = 512;

/** The User-Agent header as a session stores it: cut to its bound, or null when there is none. */
export function storedUserAgent(header: string | null): string | null {
  const value = header?.trim().slice(0, STORED_CHARS);
  return value || null;
}

/**
 * A stored User-Agent as its session's holder would recognise it, "Chrome 131 on macOS" (bowser: MIT, maintained, and
 * its rules, not a regex of ours, follow the browsers' changes), or null when it names no browser.
 */
export function describeUserAgent(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  if (!browser.name) return null;
  const major = browser.version?.split('.')[0];
  const name = major ? `${browser.name} ${major}` : browser.name;
  return os.name ? `${name} on ${os.name}` : name;
}
