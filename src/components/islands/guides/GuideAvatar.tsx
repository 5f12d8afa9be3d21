import { initials } from '#lib/guides/types.ts';

/** A guide's photo, or their initials on the site's colour when they have none; `size` sets both (Tailwind classes). */
export function GuideAvatar({
  guide,
  size,
  pixels,
  textSize,
}: {
  guide: { name: string; photoUrl: string | null };
  size: string;
  pixels: number;
  textSize: string;
}) {
  return guide.photoUrl ? (
    <img src={guide.photoUrl} alt="" width={pixels} height={pixels} className={`${size} shrink-0 rounded-full object-cover`} />
  ) : (
    <span
      aria-hidden="true"
      className={`flex ${size} shrink-0 items-center justify-center rounded-full bg-flame-100 ${textSize} font-semibold text-ember-900`}
    >
      {initials(guide.name)}
    </span>
  );
}
