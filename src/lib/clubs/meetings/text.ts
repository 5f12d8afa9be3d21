// A club's meetings in words for its host's profile and the admin's screens. Zod-free and date-library-free, so
// islands can import it; the public generated schedule (with the zone's abbreviation) is src/lib/clubs/meetings/sessions.ts.

import { FORMAT_LABELS, WEEKDAY_NAMES, type MeetingFormat, type MeetingFrequency, type MeetingSlot } from './types.ts';

/** "19:00" → "7:00 PM". */
export function clockTime(start: string): string {
  const [hour = 0, minute = 0] = start.split(':').map(Number);
  return `${hour % 12 || 12}:${String(minute).padStart(2, '0')} ${hour < 12 ? 'AM' : 'PM'}`;
}

/** When a slot ends, as "HH:MM" (the clock wraps past midnight). */
export function endTime(slot: Pick<MeetingSlot, 'start' | 'durationMinutes'>): string {
  const [hour = 0, minute = 0] = slot.start.split(':').map(Number);
  const end = (hour * 60 + minute + slot.durationMinutes) % (24 * 60);
  return `${String(Math.floor(end / 60)).padStart(2, '0')}:${String(end % 60).padStart(2, '0')}`;
}

const ORDINALS: Partial<Record<MeetingFrequency, string>> = { first: '1st', second: '2nd', third: '3rd', fourth: '4th', last: 'Last' };

/** The days a slot is held on: "Tuesdays", or "1st Tuesday of the month" for a monthly frequency. */
export function slotDays(slot: MeetingSlot, frequency: MeetingFrequency): string {
  const ordinal = ORDINALS[frequency];
  return ordinal ? `${ordinal} ${WEEKDAY_NAMES[slot.weekday]} of the month` : `${WEEKDAY_NAMES[slot.weekday]}s`;
}

/** How often a weekly frequency comes round; monthly ones say it in their days. */
export const EVERY: Partial<Record<MeetingFrequency, string>> = { weekly: 'every week', biweekly: 'every two weeks' };

/** One slot: "Tuesdays 7:00 PM (90 min)", or "1st Tuesday of the month 7:00 PM (90 min)" for a monthly frequency. */
export function slotText(slot: MeetingSlot, frequency: MeetingFrequency = 'weekly'): string {
  return `${slotDays(slot, frequency)} ${clockTime(slot.start)} (${slot.durationMinutes} min)`;
}

interface MeetingSummary {
  meetingSlots: readonly MeetingSlot[];
  meetingFrequency: MeetingFrequency;
  meetingFormat: MeetingFormat | null;
  timeZone: string | null;
}

/**
 * "Tuesdays 7:00 PM (90 min) · every week · Online · America/Chicago": the slots, how often, the format and the time
 * zone, each part left out when not given. Null when the club has no meeting times and no format.
 */
export function meetingSummary({ meetingSlots, meetingFrequency, meetingFormat, timeZone }: MeetingSummary): string | null {
  const parts: string[] = [];
  if (meetingSlots.length > 0) {
    parts.push(meetingSlots.map((slot) => slotText(slot, meetingFrequency)).join(' and '));
    const every = EVERY[meetingFrequency];
    if (every) parts.push(every);
  }
  if (meetingFormat) parts.push(FORMAT_LABELS[meetingFormat]);
  if (parts.length === 0) return null;
  if (timeZone && meetingSlots.length > 0) parts.push(timeZone);
  return parts.join(' · ');
}
