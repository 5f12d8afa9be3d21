import { Globe2, Languages, Phone } from 'lucide-react';
import { certifiedMonth, certifiedSince, GUIDE_MEETING_MODE_LABELS, type GuidePage, type GuideProfileWords } from '#lib/guides/types.ts';
import { fillTemplate } from '#lib/shared/format.ts';
import { ResponseTime } from '#components/islands/shared/ResponseTime.tsx';
import { GuideAvatar } from './GuideAvatar.tsx';

/** What a visitor sees of a guide: the guide's page renders it, and the profile editor's preview shows the same. */
export type GuideProfileContent = Pick<GuidePage, 'name' | 'photoUrl' | 'certifiedOn' | 'bio' | 'languages' | 'meets' | 'phone'>;

/**
 * A guide's photo (or initials), name, certification, languages, how they meet and bio. The page gives the name its
 * h1; the preview, inside a card, an h3. `certifiedOn` null: the preview of a guide the admin has not certified yet.
 * `responseTime`: the page's "Usually replies within …" line, when the guide has one. `words`: a Spanish page's (decision
 * 041); English without.
 */
export function GuideProfileView({
  guide,
  headingLevel,
  responseTime = null,
  words,
}: {
  guide: Omit<GuideProfileContent, 'certifiedOn'> & { certifiedOn: string | null };
  headingLevel: 1 | 3;
  responseTime?: string | null;
  words?: GuideProfileWords;
}) {
  const Heading = headingLevel === 1 ? 'h1' : 'h3';
  return (
    <div className="flex flex-col gap-5 sm:flex-row sm:items-start">
      <GuideAvatar guide={guide} size="h-32 w-32 sm:h-40 sm:w-40" pixels={160} textSize="text-4xl" />
      <div className="min-w-0">
        <Heading className="text-3xl font-bold text-ember-900">{guide.name}</Heading>
        <p className="mt-1 font-semibold text-flame-800">
          {guide.certifiedOn
            ? words
              ? fillTemplate(words.certifiedSince, { month: certifiedMonth(guide.certifiedOn, words.locale) })
              : certifiedSince(guide.certifiedOn)
            : 'Not certified yet'}
        </p>
        <ul className="mt-3 space-y-1 text-stone-700">
          <li className="flex items-center gap-2">
            <Languages className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
            {words ? fillTemplate(words.guidesIn, { languages: guide.languages.join(', ') }) : `Guides in ${guide.languages.join(', ')}`}
          </li>
          <li className="flex items-center gap-2">
            <Globe2 className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
            {words
              ? fillTemplate(words.meets, { mode: words.modes[guide.meets] })
              : `Meets ${GUIDE_MEETING_MODE_LABELS[guide.meets].toLowerCase()}`}
          </li>
          {guide.phone && (
            <li className="flex items-center gap-2">
              <Phone className="h-4 w-4 shrink-0 text-flame-700" aria-hidden="true" />
              <a href={`tel:${guide.phone.replace(/[^\d+]/g, '')}`} className="underline">
                {guide.phone}
              </a>
            </li>
          )}
        </ul>
        <ResponseTime text={responseTime} className="mt-1 text-stone-700" />
        {guide.bio && <p className="mt-4 whitespace-pre-line text-stone-800">{guide.bio}</p>}
      </div>
    </div>
  );
}
