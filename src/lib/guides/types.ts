// The shapes of guides' public profiles and messages that the server sends and the islands show (issue 27,
// docs/decisions/022). Zod-free and server-free, like src/lib/licensing/types.ts.
import type { AreaId, AreaKind, LicenceKind } from '#lib/licensing/types.ts';
import { pageSlug } from '#lib/shared/page-slugs.ts';

export const GUIDE_MEETING_MODES = ['in-person', 'online', 'both'] as const;
export type GuideMeetingMode = (typeof GUIDE_MEETING_MODES)[number];
export const GUIDE_MEETING_MODE_LABELS: Record<GuideMeetingMode, string> = {
  'in-person': 'In person',
  online: 'Online',
  both: 'In person and online',
};

export const GUIDE_MESSAGE_REASONS = ['schedule', 'question', 'other'] as const;
export type GuideMessageReason = (typeof GUIDE_MESSAGE_REASONS)[number];
export const GUIDE_MESSAGE_REASON_LABELS: Record<GuideMessageReason, string> = {
  schedule: 'Schedule a session',
  question: 'A question',
  other: 'Other',
};

export const GUIDE_MESSAGE_SOURCES = ['guide-page', 'contact-page'] as const;
export type GuideMessageSource = (typeof GUIDE_MESSAGE_SOURCES)[number];

/**
 * The licence statuses in which a licence lists its guide: paid and running, or an exclusive one in its grace period.
 * A reservation holds its area but lists nobody. Migration 027's licences_listing_idx spells them in SQL.
 */
export const LISTING_STATUSES = ['active', 'grace'] as const;

/** An area a listed guide holds, as visitors see it. */
export interface GuideArea {
  /** `zip-78704`, `county-48453`, `state-TX`. */
  id: AreaId;
  kind: AreaKind;
  licenceKind: LicenceKind;
  /** "78704 · Austin, TX", "Travis County, TX", "Texas". */
  label: string;
  stateCode: string;
}

/** A listed guide on a card: what any visitor may see (never the email). */
export interface GuideCard {
  /** The guide's public number (guides.public_id), never the account's id. */
  id: number;
  name: string;
  /** The page's path: /guides/{id}-{slug}. */
  path: string;
  /** /api/guides/{id}/photo?v=…, or null to show initials. */
  photoUrl: string | null;
  /** YYYY-MM-DD. */
  certifiedOn: string;
}

/** A suggestion of Find a Guide's search box (GET /api/guides/places?q=): an area, or a city ("Austin, TX"). */
export interface PlaceSuggestion {
  id: string;
  kind: AreaKind | 'city';
  /** What the box then holds and searches for: "78704 · Austin, TX", "Austin, TX", "Travis County, TX", "Texas". */
  label: string;
  /** US Census 2020; a city's is its ZIP codes'. */
  population: number;
}

export interface PlaceSuggestions {
  areas: PlaceSuggestion[];
  message: string | null;
}

/** A listed guide covering a place, with the area that covers it. */
export type CoveringGuide = GuideCard & { area: GuideArea };

/** The listed guides holding a county of a state searched for, or ZIP codes in it: the county's, then its ZIP codes'. */
export interface CountyGuides {
  countyFips: string;
  /** "Travis County, TX". */
  label: string;
  guides: CoveringGuide[];
}

/**
 * GET /api/guides?place=: the guides covering a place, the exclusive holder first, then (for a county) its ZIP codes'
 * holders; for a state, those of its counties and ZIP codes by county. The area to reserve when it is free.
 */
export interface FoundGuides {
  /** "78704 · Austin, TX", "Austin, TX", "Travis County, TX", "Texas". */
  place: string;
  guides: CoveringGuide[];
  /** A state's counties with guides, by name; empty for any other place. */
  counties: CountyGuides[];
  /** Only when no guide is listed for the place and no licence, active or reserved, holds the area itself. */
  reserveArea: { id: AreaId; label: string } | null;
}

/**
 * GET /api/guides?place= for text that names no place, or one no guide can serve (DC): a 200 all the same, as the
 * directory asks it for whatever a visitor searched.
 */
export interface UnknownGuidePlace {
  place: null;
  guides: [];
  counties: [];
  reserveArea: null;
  message: string;
}

/** A listed guide's page. */
export interface GuidePage extends GuideCard {
  bio: string;
  languages: string[];
  meets: GuideMeetingMode;
  /** Only when the guide chose to show it. */
  phone: string | null;
  areas: GuideArea[];
}

/** Why a guide is not listed, in the order the admin would act on it; empty when listed. */
export type GuideUnlistedReason = 'not-certified' | 'no-active-licence' | 'hidden-by-guide' | 'hidden-by-admin';

/** Whether a guide is listed and, if not, why not: on the guide's profile and in the admin's licences table. */
export interface GuideListing {
  unlistedReasons: GuideUnlistedReason[];
  /** The admin's reason when the admin hid the profile. */
  adminHiddenReason: string | null;
}

/** A guide's profile as the guide edits it on /my-licences. */
export interface GuideProfile extends GuideListing {
  id: number;
  name: string;
  bio: string;
  languages: string[];
  meets: GuideMeetingMode;
  phone: string | null;
  showPhone: boolean;
  hidden: boolean;
  photoUrl: string | null;
  /** YYYY-MM-DD: the preview's "Certified guide since"; null until the admin records it. */
  certifiedOn: string | null;
  /** The page's path, also while unlisted (the preview links it only when listed). */
  path: string;
}

/** A message in the guide's inbox. */
export interface GuideMessage {
  id: number;
  name: string;
  email: string;
  phone: string | null;
  reason: GuideMessageReason;
  message: string;
  source: GuideMessageSource;
  createdAt: string;
  readAt: string | null;
  repliedAt: string | null;
}

/** GET /api/guides/messages: the newest messages, newest first, and how many of all the guide's messages are unread. */
export interface GuideInbox {
  messages: GuideMessage[];
  unread: number;
}

/** GET /api/guides/names: a listed guide as the contact page suggests it (never the email). */
export interface GuideName {
  /** The guide's public number (guides.public_id). */
  id: number;
  name: string;
}

/** The path of a listed guide's page: /guides/{public id}-{slug of the name}. */
export const guidePagePath = (guide: { id: number; name: string }): string => `/guides/${guide.id}-${pageSlug(guide.name, 'guide')}`;

/** The address of a guide's photo; `version` (its last change, in ms) lets browsers keep it for a year. */
export const guidePhotoPath = (guideId: number, version: number): string => `/api/guides/${guideId}/photo?v=${version}`;

const monthYear = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' });

/** "December 2026" in `locale` ("diciembre de 2026" in es-US): the month a guide was certified. */
export const certifiedMonth = (certifiedOn: string, locale: string): string =>
  new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${certifiedOn}T00:00:00Z`));

/**
 * What a guide's page and card say of a guide in a page's language (find-a-guide.yaml's `profile`, or its Spanish
 * twin, with the locale); English as certifiedSince and GUIDE_MEETING_MODE_LABELS say it without.
 */
export interface GuideProfileWords {
  locale: string;
  certifiedSince: string;
  guidesIn: string;
  meets: string;
  modes: Record<GuideMeetingMode, string>;
}

/** "Certified guide since March 2026", from the admin's certification date (YYYY-MM-DD), in UTC like confirmedActive. */
export const certifiedSince = (certifiedOn: string): string =>
  `Certified guide since ${monthYear.format(new Date(`${certifiedOn}T00:00:00Z`))}`;

/** "Maya" of "Maya Lopez": how "Message {first name}" names the guide. */
export const firstName = (name: string): string => name.trim().split(/\s+/)[0] ?? name;

/** "ML" of "Maya Lopez": the placeholder of a guide without a photo. */
export const initials = (name: string): string =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part[0]!.toUpperCase())
    .join('');
