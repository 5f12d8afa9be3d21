/**
 * Where Astro's `<style>` for islands breaks the W3C checker's rule "A style element in body must be the first child
 * of its parent" (issue 30): Astro writes it just before a page's first island, so that island must be its parent's
 * first child. The offsets of the styles that follow anything but an opening tag; none on a valid page.
 */
export function misplacedIslandStyles(html: string): number[] {
  const body = html.indexOf('<body');
  return [...html.matchAll(/<style>astro-island/g)]
    .map((match) => match.index)
    .filter((index) => index > body && !/<[a-zA-Z][\w-]*(\s[^<>]*)?>$/.test(html.slice(Math.max(body, index - 300), index)));
}
