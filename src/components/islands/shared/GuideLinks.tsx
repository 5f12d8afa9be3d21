import { useEffect, useState } from 'react';
import type { GuideCard } from '#lib/guides/types.ts';
import { getJson } from '#lib/client/api.ts';

/**
 * The guides an answer of `url` names ({ guides }), as links after `label`: "Guide for this area: Maya Lopez" in a
 * club's dialog, "Guides near Austin, TX" under a directory search. Fetched once shown; nothing while loading, when
 * none is listed or when the request fails, as the guides only add to what is on screen.
 */
export function GuideLinks({ url, label, limit = 5, className }: { url: string; label: string; limit?: number; className?: string }) {
  const [guides, setGuides] = useState<GuideCard[]>([]);
  useEffect(() => {
    let current = true;
    setGuides([]);
    getJson<{ guides: GuideCard[] }>(url).then(
      (answer) => current && setGuides(answer.guides.slice(0, limit)),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [url, limit]);
  if (guides.length === 0) return null;
  return (
    <p className={className}>
      <span className="font-semibold text-ember-900">{label}</span>{' '}
      {guides.map((guide, index) => (
        <span key={guide.id}>
          {index > 0 && ', '}
          <a className="font-semibold text-flame-800 underline underline-offset-2" href={guide.path}>
            {guide.name}
          </a>
        </span>
      ))}
    </p>
  );
}
