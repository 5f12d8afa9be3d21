// The directory island's words in one language (src/content/directory-island.json, or its Spanish twin, with the
// language's locale and the directory's address in it): each language's entry (ClubDirectoryEn.tsx, ClubDirectoryEs.tsx)
// imports its file, so that the words travel in that page's JavaScript only, never in its HTML, and the English page
// carries no Spanish. src/lib/directory/island-words.ts checks the files.
import type { MeetingFormat, MeetingLanguage, TimeOfDay, Weekday } from '#lib/clubs/meetings/types.ts';
import type { PluralForms } from '#lib/shared/plural.ts';
import type { StateCode } from '#lib/places/us-states.ts';

export interface DirectoryWords {
  /** The BCP 47 locale of numbers, plurals, dates and times: en-US or es-US (LOCALES). */
  locale: string;
  /** The directory's own address in this language, for links to a state. */
  directoryPath: string;
  /** The states whose name in this language differs from the English one (none in English). */
  stateNames?: Readonly<Partial<Record<StateCode, string>>>;
  search: {
    label: string;
    placeholder: string;
    hint: string;
    distance: string;
    /** "Within {miles} mi". */
    within: string;
    submit: string;
    searching: string;
    nearMe: string;
    clear: string;
    filters: string;
    /** "Filters ({count})". */
    filtersCount: string;
    legend: string;
    day: string;
    anyDay: string;
    time: string;
    anyTime: string;
    format: string;
    anyFormat: string;
    language: string;
    anyLanguage: string;
  };
  weekdays: Record<Weekday, string>;
  timesOfDay: Record<TimeOfDay, string>;
  formats: Record<MeetingFormat, string>;
  languages: Record<MeetingLanguage, string>;
  meetsIn: Record<MeetingLanguage, string>;
  results: {
    clubs: PluralForms;
    recentClubs: PluralForms;
    /** "Showing {count}". */
    showing: string;
    /** "Found {count} {where}". */
    found: string;
    /** "within {miles} mi of {place}". */
    withinPlace: string;
    /** "in {place}". */
    inPlace: string;
    /** "meeting {filters}". */
    meeting: string;
    /** The filters after "meeting": "on {day}s", "on {day} {time}s", "in the {time}", the format and the language. */
    onDay: string;
    onDayAtTime: string;
    atTime: string;
    filterDays: Record<Weekday, string>;
    filterTimes: Record<TimeOfDay, string>;
    filterFormats: Record<MeetingFormat, string>;
    filterLanguages: Record<MeetingLanguage, string>;
    moreNearest: string;
    moreNewestState: string;
    moreNewest: string;
    /** "\"{text}\" is in several states. Which one do you mean?" */
    severalStates: string;
    /** "Places named {text}". */
    placesNamed: string;
    /** "No clubs found {where}." */
    noneFound: string;
    noneFoundFilters: string;
    /** "No clubs found for \"{text}\". …" */
    noneForText: string;
    tipsHeading: string;
    tips: string;
    loadFailed: string;
    loading: string;
    noClubsYet: string;
    beFirst: string;
    purchase: string;
    opensInNewTab: string;
    register: string;
    nearestHeading: string;
    nearestLabel: string;
    clubsLabel: string;
    showMore: string;
    loadingMore: string;
  };
  card: {
    verified: string;
    /** "Hosted by {host}". */
    hostedBy: string;
    /** "{miles} mi away". */
    away: string;
    next: string;
    /** "{count} members". */
    members: string;
    /** "Confirmed active {month}". */
    confirmedActive: string;
    /** After the visitor's clock when it differs from the club's: "your time". */
    yourTime: string;
  };
  dialog: {
    verifiedClub: string;
    host: string;
    location: string;
    nextSessions: string;
    format: string;
    languageOfMeetings: string;
    noteAboutMeetings: string;
    meetingSchedule: string;
    openPage: string;
    about: string;
    connect: string;
    contactHost: string;
    visitWebsite: string;
    /** Before the date the club registered. */
    registered: string;
    loading: string;
    close: string;
  };
  /** What the list says when Show more or Near me fails: "{why} {searchInstead}" for Near me. */
  notices: {
    moreFailed: string;
    noGeolocation: string;
    locationRefused: string;
    locationNotFound: string;
    searchInstead: string;
  };
  guides: {
    /** "Guide for this area:", in a club's dialog (and on a club's page). */
    clubGuide: string;
    /** "Guides near {place}:", under a search. */
    nearHeading: string;
  };
}
