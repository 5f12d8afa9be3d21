import { createHash } from 'node:crypto';
import { previewCardSvg, renderPreviewCard, type PreviewCard } from '#server/platform/preview-card.ts';

/**
 * Caches may keep a card as long as its page (a host's edit, or a session that has begun, shows within five minutes),
 * then ask again with its ETag: nothing is kept in the process, so that every instance answers alike.
 */
const CACHE_CONTROL = 'public, max-age=300';

/** Whether If-None-Match names `etag` (weak comparison, as RFC 9110 has it for GET), or is `*`: a 304 will do. */
export function matchesETag(ifNoneMatch: string | null, etag: string): boolean {
  if (!ifNoneMatch) return false;
  const opaque = etag.replace(/^W\//, '');
  return ifNoneMatch.split(',').some((tag) => {
    const trimmed = tag.trim();
    return trimmed === '*' || trimmed.replace(/^W\//, '') === opaque;
  });
}

/**
 * A page's preview image: the card drawn as a PNG, or a 304 when the client holds the same card. The ETag is a hash of
 * the card's SVG (every word and shape it shows) and its photo's address, so that any edit changes it; it is weak, the
 * PNG's bytes being sharp's to choose. `loadPhoto` runs only when the card is drawn.
 */
export async function previewImageResponse(
  request: Request,
  card: PreviewCard,
  loadPhoto: () => Promise<Buffer | null> = () => Promise.resolve(null),
): Promise<Response> {
  const svg = previewCardSvg(card);
  const hash = createHash('sha256')
    .update(svg)
    .update('\0')
    .update(card.portrait?.photo ?? '')
    .digest('base64url')
    .slice(0, 27);
  const headers = { etag: `W/"${hash}"`, 'cache-control': CACHE_CONTROL };
  if (matchesETag(request.headers.get('if-none-match'), headers.etag)) return new Response(null, { status: 304, headers });
  const png = await renderPreviewCard(svg, card.portrait?.photo ? await loadPhoto() : null);
  return new Response(new Uint8Array(png), { headers: { ...headers, 'content-type': 'image/png' } });
}
