import { DateTime } from 'luxon';
import type { PreviewCard } from '#server/platform/preview-card.ts';
import type { ClubPageClub } from './club-pages.ts';

/** "Tuesday, December 1, 7:00 PM EST": an instant as the club's own clock and calendar read it. */
const clubTime = (instant: string, timeZone: string): string => {
  const time = DateTime.fromISO(instant, { zone: timeZone, locale: 'en-US' });
  return `${time.toFormat('cccc, LLLL d, h:mm a')} ${time.offsetNameShort}`;
};

/**
 * A verified club's preview card (issue 30): its name, place and next session in its own time zone (or, without
 * meeting times, the host's schedule), and the same in words for the image's alt text.
 */
export function clubPreviewCard(club: ClubPageClub, site: string): { card: PreviewCard; alt: string } {
  const place = `${club.city}, ${club.state}`;
  const next = club.nextSession && club.timeZone ? clubTime(club.nextSession, club.timeZone) : null;
  const when = next
    ? { label: 'Next session', text: next }
    : club.meetingSchedule
      ? { label: 'Schedule', text: club.meetingSchedule }
      : null;
  const card: PreviewCard = {
    title: club.clubName,
    details: [{ label: 'Where', text: place }, ...(when ? [when] : [])],
    kind: 'Verified FlameKeeper Club',
    site,
  };
  const said = when ? `; ${when.label.toLowerCase()} ${when.text}` : '';
  return { card, alt: `${club.clubName} — a FlameKeeper Club in ${place}${said}` };
}
