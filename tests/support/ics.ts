import ICAL from 'ical.js';
import ical, { type VEvent } from 'node-ical';

// A calendar as two calendar programs' parsers read it (issue 40): every occurrence in a range, with EXDATEs left out
// and RECURRENCE-ID overrides in place of the occurrences they replace, each as [start ISO instant, summary, UID].

export type Occurrence = [start: string, summary: string, uid: string];

const inOrder = (occurrences: Occurrence[]) => occurrences.sort((a, b) => a[0].localeCompare(b[0]) || a[1].localeCompare(b[1]));

/** The occurrences node-ical expands between `from` and `to` (inclusive). */
export function nodeIcalOccurrences(ics: string, from: Date, to: Date): Occurrence[] {
  const events = Object.values(ical.sync.parseICS(ics)).filter((component): component is VEvent => component?.type === 'VEVENT');
  return inOrder(
    events.flatMap((event) =>
      ical
        .expandRecurringEvent(event, { from, to })
        .map((instance): Occurrence => [instance.start.toISOString(), String(instance.summary), event.uid]),
    ),
  );
}

/** The occurrences ical.js expands between `from` and `to` (inclusive). */
export function icalJsOccurrences(ics: string, from: Date, to: Date): Occurrence[] {
  const calendar = new ICAL.Component(ICAL.parse(ics));
  for (const zone of calendar.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  const components = calendar.getAllSubcomponents('vevent');
  const masters = new Map<string, ICAL.Event>();
  const overrides: ICAL.Event[] = [];
  for (const component of components) {
    const event = new ICAL.Event(component);
    if (event.isRecurrenceException()) overrides.push(event);
    else masters.set(event.uid, event);
  }
  for (const override of overrides) masters.get(override.uid)?.relateException(override);
  const found: Occurrence[] = [];
  for (const event of masters.values()) {
    if (!event.isRecurring()) {
      const start = event.startDate.toJSDate();
      if (start >= from && start <= to) found.push([start.toISOString(), event.summary, event.uid]);
      continue;
    }
    const iterator = event.iterator();
    for (let next = iterator.next(); next; next = iterator.next()) {
      const details = event.getOccurrenceDetails(next);
      const start = details.startDate.toJSDate();
      if (details.recurrenceId.toJSDate() > to && start > to) break;
      if (start >= from && start <= to) found.push([start.toISOString(), details.item.summary, event.uid]);
    }
  }
  return inOrder(found);
}

/** The summaries of the occurrences, as both parsers read them: the test fails where they disagree. */
export function occurrences(ics: string, from: Date, to: Date): Occurrence[] {
  const byNodeIcal = nodeIcalOccurrences(ics, from, to);
  const byIcalJs = icalJsOccurrences(ics, from, to);
  if (JSON.stringify(byNodeIcal) !== JSON.stringify(byIcalJs)) {
    throw new Error(`node-ical and ical.js read the calendar differently:\n${JSON.stringify(byNodeIcal)}\n${JSON.stringify(byIcalJs)}`);
  }
  return byNodeIcal;
}
