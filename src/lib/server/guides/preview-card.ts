import { initials, type GuidePage } from '#lib/guides/types.ts';
import { listText, type PreviewCard } from '#server/platform/preview-card.ts';
import { plural } from '#lib/shared/plural.ts';

/** The most areas the alt text names before "and N more". */
const ALT_AREAS = 5;

/**
 * A listed guide's preview card (issue 30): the name, what they are (`jobTitle`, site content), the areas they cover
 * as their page names them, and their photo (or initials); and the same in words for the image's alt text.
 */
export function guidePreviewCard(guide: GuidePage, jobTitle: string, site: string): { card: PreviewCard; alt: string } {
  const areas = guide.areas.map((area) => area.label);
  const card: PreviewCard = {
    title: guide.name,
    details: areas.length > 0 ? [{ label: plural(areas.length, { one: 'Area', other: 'Areas' }), text: areas, maxLines: 3 }] : [],
    kind: jobTitle,
    site,
    portrait: { initials: initials(guide.name), photo: guide.photoUrl },
  };
  const serves = areas.length > 0 ? ` for ${listText(areas, ALT_AREAS)}` : '';
  return { card, alt: `${guide.name} — ${jobTitle}${serves}${guide.photoUrl ? ', with their photo' : ''}` };
}
