import type { APIRoute } from 'astro';
import { previewCardSvg, renderPreviewCard } from '#server/platform/preview-card.ts';
import { readPage } from '#server/platform/site-content.ts';

export const prerender = true;

// The site's own preview card (issue 41, item 14), drawn once at build time: every page without a card of its own
// names it in its Open Graph and Twitter tags (src/layouts/Base.astro).
export const GET: APIRoute = async ({ site }) => {
  const { title, label, text, kind } = (await readPage('home')).shareCard;
  const svg = previewCardSvg({ title, details: [{ label, text, maxLines: 3 }], kind, site: new URL(site!).host });
  return new Response(new Uint8Array(await renderPreviewCard(svg, null)), { headers: { 'content-type': 'image/png' } });
};
