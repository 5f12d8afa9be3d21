import { LRUCache } from 'lru-cache';
import { describeMeetings, nextSessionStart, type MeetingPlan } from '#lib/clubs/meetings/sessions.ts';

interface Described {
  text: string | null;
  /** The next session's start, or null when the plan has none. */
  next: string | null;
}

/**
 * Plans already described, by their fields. Working in a time zone costs luxon about 30 µs an operation (it asks Intl
 * for the offset), a few hundred µs for a page of 24 clubs; and a plan's next session stays the same until it starts.
 * Bounded: clubs share few distinct plans, and any number of them cannot grow it.
 */
const described = new LRUCache<string, Described>({ max: 10_000 });

/** The plan in words and its next session after `now`. */
export function describePlan(plan: MeetingPlan, now: Date): Described {
  if (plan.meetingSlots.length === 0) return { text: null, next: null };
  const key = `${plan.timeZone} ${plan.meetingFrequency} ${plan.cycleStart} ${JSON.stringify(plan.meetingSlots)}`;
  const known = described.get(key);
  if (known && (known.next === null || Date.parse(known.next) >= now.getTime())) return known;
  const fresh = { text: known?.text ?? describeMeetings(plan), next: nextSessionStart(plan, now) };
  described.set(key, fresh);
  return fresh;
}
