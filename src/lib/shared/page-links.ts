// Zod-free on purpose: the admin's notifications island imports this through src/lib/questions/list.ts.

/**
 * A Link header (RFC 8288) naming a paged list's next and previous pages, given the URL of any page and whether
 * each neighbour exists; null when neither does.
 */
export function pageLinks(urlOf: (page: number) => string, page: number, { next, prev }: { next: boolean; prev: boolean }): string | null {
  const links = [...(next ? [`<${urlOf(page + 1)}>; rel="next"`] : []), ...(prev ? [`<${urlOf(page - 1)}>; rel="prev"`] : [])];
  return links.length > 0 ? links.join(', ') : null;
}
