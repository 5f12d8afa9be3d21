import { findListedClubPlace } from '#server/clubs/index.ts';
import tzLookup from '@photostructure/tz-lookup';
import { ALERT_MONTHS, DEFAULT_ALERT_DISTANCE, MAX_ALERTS_PER_ADDRESS, type AlertDistance, type AlertSummary } from '#lib/alerts/types.ts';
import { alertLinkSchema, type AlertRequest, type ClubAlertRequest } from '#lib/schemas/alerts.ts';
import { resolveState } from '#lib/places/us-states.ts';
import type { Language } from '#lib/shared/languages.ts';
import { db, type Sql, type TransactionSql } from '#server/platform/db/db.ts';
import { mailboxHash } from '#server/platform/email/acknowledgements.ts';
import { enqueueEmail } from '#server/platform/email/outbox.ts';
import type { Mail } from '#server/platform/email/mailer.ts';
import { limits } from '#server/platform/rate-limits/limits.ts';
import { hashLinkToken, newLinkToken } from '#server/platform/tokens.ts';
import { ambiguousCity, centralZipCodeOf, findPlace, isZipCode } from '#server/places/index.ts';
import { recordAlertWaiting } from '#server/demand/index.ts';
import { alertConfirmationEmail, alertsFullEmail } from './alert-emails.ts';

// Alerts for visitors (issue 39): "tell me when a club starts near me", without an account. An alert is set up on
// anyone's word, so until its address confirms it (double opt-in) it sends nothing but its one confirmation email,
// which quotes nothing typed but the place as the site resolved it. Every answer to the form is the same, whatever the
// address already has, so the form tells nobody which addresses have alerts.

/** The place an alert watches, as the site resolved what was typed. */
export interface AlertPlace {
  label: string;
  zipCode: string | null;
  state: string | null;
  latitude: number;
  longitude: number;
  timeZone: string | null;
}

/** Why a typed place cannot have an alert, as the form's place field says it; or the place. */
export type ResolvedPlace = { place: AlertPlace } | { problem: string };

/** A ZIP code or a city, read as the directory's search reads them; a state is too large an area for an alert. */
export async function resolveAlertPlace(text: string): Promise<ResolvedPlace> {
  const typed = text.trim();
  if (resolveState(typed)) return { problem: 'Type a ZIP code or a city in the state: a whole state is too large for an alert' };
  const choices = await ambiguousCity(typed, 4);
  if (choices) return { problem: `Which one? Type the state too: ${choices.join('; ')}` };
  const found = await findPlace(typed);
  if (!found)
    return {
      problem: isZipCode(typed)
        ? `We don't know the ZIP code ${typed}. Check it, or type a city`
        : 'We could not find that place. Type a ZIP code or "City, ST"',
    };
  const typedZipCode = isZipCode(typed) ? typed.slice(0, 5) : null;
  return {
    place: {
      label: typedZipCode ? `${found.name} ${typedZipCode}` : found.name,
      // A city's alert is counted among the people waiting in the city's ZIP code nearest its position.
      zipCode: typedZipCode ?? (await centralZipCodeOf(found)),
      state: /, ([A-Z]{2})$/.exec(found.name)?.[1] ?? null,
      latitude: found.latitude,
      longitude: found.longitude,
      timeZone: tzLookup(found.latitude, found.longitude),
    },
  };
}

/**
 * Writes a new link token for `mailbox` (acting on `alertId` when given) and returns it: the token goes into one email,
 * only its hash is kept.
 */
export async function newAlertLink(tx: Sql | TransactionSql, mailbox: string, alertId: number | null): Promise<string> {
  const token = newLinkToken();
  await tx`insert into alert_links (token_hash, mailbox_hash, alert_id) values (${hashLinkToken(token)}, ${mailbox}, ${alertId})`;
  return token;
}

/** What became of an alert form that named a place: the answer is the same whatever happened (see above). */
export type AlertCreation = 'created' | 'confirmation-sent-again' | 'already-confirmed' | 'address-full' | 'address-emailed-enough';

/** What an alert is for: new clubs around a place, or one club taking new members again (its place, its name). */
interface AlertTarget {
  kind: 'clubs' | 'club';
  clubId: number | null;
  place: AlertPlace;
  distance: AlertDistance;
  includeOnline: boolean;
}

/**
 * Sets up an unconfirmed alert for `target` and queues its confirmation email, in one transaction: unless the mailbox
 * had its confirmation emails of the day (limits.alertConfirmationsPerAddress), when nothing is stored; unless the same
 * alert exists (unconfirmed: its confirmation goes again; confirmed: nothing happens); unless the address has
 * MAX_ALERTS_PER_ADDRESS alerts, when the email says so and links to them instead. Its emails are in `language`.
 */
async function setUpAlert(email: string, target: AlertTarget, origin: string, now: Date, language: Language): Promise<AlertCreation> {
  const { kind, clubId, place, distance, includeOnline } = target;
  const watched = { kind, placeLabel: place.label, distance, includeOnline };
  return setUpAlertOf(email, place.label, origin, language, {
    findSame: (tx, mailbox) => tx<{ id: string; confirmed: boolean }[]>`
      select id, confirmed_at is not null as confirmed from alerts
      where mailbox_hash = ${mailbox} and kind = ${kind} and place_label = ${place.label}
        and ${clubId === null ? tx`club_id is null` : tx`club_id = ${clubId}`}
        and distance_miles = ${distance} and include_online = ${includeOnline}
      limit 1`,
    insert: (tx, mailbox) => tx<{ id: string }[]>`
      insert into alerts (email, mailbox_hash, kind, club_id, place_label, zip_code, state, latitude, longitude, time_zone,
        distance_miles, include_online, created_at, language)
      values (${email}, ${mailbox}, ${kind}, ${clubId}, ${place.label}, ${place.zipCode}, ${place.state}, ${place.latitude},
        ${place.longitude}, ${place.timeZone}, ${distance}, ${includeOnline}, ${now}, ${language})
      returning id`,
    confirmation: (token) => alertConfirmationEmail(email, watched, origin, token, language),
  });
}

/** How an alert of one kind is found again, stored, and confirmed by email, for setUpAlertOf. */
export interface AlertSetUp {
  /** The address's alert for the same thing, if it has one. */
  findSame: (tx: TransactionSql, mailbox: string) => Promise<{ id: string; confirmed: boolean }[]>;
  /** Stores the unconfirmed alert, in the language of the setUpAlertOf call, returning its id. */
  insert: (tx: TransactionSql, mailbox: string) => Promise<{ id: string }[]>;
  /** The confirmation email, with the link of `token`. */
  confirmation: (token: string) => Mail;
}

/**
 * The steps every alert form takes, in one transaction (setUpAlert): the same alert confirmed is left as it is; the
 * day's confirmation emails to the mailbox are limited; the same alert unconfirmed has its confirmation sent again; a
 * mailbox with MAX_ALERTS_PER_ADDRESS alerts is told so with a link to them; otherwise the alert is stored and its
 * confirmation queued. `placeLabel` is the place as the site resolved it, for the "address full" email. The emails are
 * in `language`, the page's the form was sent from, which the alert keeps for its later emails: an unconfirmed alert
 * asked for again takes the language of the new request.
 */
export async function setUpAlertOf(
  email: string,
  placeLabel: string,
  origin: string,
  language: Language,
  setUp: AlertSetUp,
): Promise<AlertCreation> {
  const mailbox = mailboxHash(email);
  return db().begin(async (tx) => {
    // One request at a time per mailbox, so two cannot both find room for a tenth alert.
    await tx`select pg_advisory_xact_lock(hashtextextended(${`alerts:${mailbox}`}, 0))`;
    const [same] = await setUp.findSame(tx, mailbox);
    if (same?.confirmed) return 'already-confirmed';
    if (await limits.alertConfirmationsPerAddress.consume(mailbox, tx)) return 'address-emailed-enough';
    if (same) {
      await tx`update alerts set language = ${language} where id = ${same.id}`;
      await enqueueEmail(tx, setUp.confirmation(await newAlertLink(tx, mailbox, Number(same.id))));
      return 'confirmation-sent-again';
    }
    const [held] = await tx<{ count: number }[]>`select count(*)::int as count from alerts where mailbox_hash = ${mailbox}`;
    if (held!.count >= MAX_ALERTS_PER_ADDRESS) {
      await enqueueEmail(tx, alertsFullEmail(email, placeLabel, origin, await newAlertLink(tx, mailbox, null), language));
      return 'address-full';
    }
    const [alert] = await setUp.insert(tx, mailbox);
    await enqueueEmail(tx, setUp.confirmation(await newAlertLink(tx, mailbox, Number(alert!.id))));
    return 'created';
  });
}

/** Sets up an alert for new clubs around `place` (setUpAlert), its emails in `language`. */
export function createAlert(
  input: AlertRequest,
  place: AlertPlace,
  origin: string,
  now: Date,
  language: Language = 'en',
): Promise<AlertCreation> {
  const { email, distance, includeOnline } = input;
  return setUpAlert(email, { kind: 'clubs', clubId: null, place, distance, includeOnline }, origin, now, language);
}

/**
 * Sets up an alert for a listed club that takes no new members, "tell me when it takes new members again"
 * (setUpAlert), its emails in `language`: `unknown-club` for a club that is not listed, `accepting` for one that takes
 * members now.
 */
export async function createClubAlert(
  input: ClubAlertRequest,
  origin: string,
  now: Date,
  language: Language = 'en',
): Promise<AlertCreation | 'unknown-club' | 'accepting'> {
  const club = await findListedClubPlace(input.clubId);
  if (!club || club.latitude === null || club.longitude === null) return 'unknown-club';
  if (club.accepting) return 'accepting';
  const place: AlertPlace = {
    label: club.clubName,
    zipCode: club.zipCode,
    state: club.state,
    latitude: club.latitude,
    longitude: club.longitude,
    timeZone: tzLookup(club.latitude, club.longitude),
  };
  return setUpAlert(
    input.email,
    { kind: 'club', clubId: input.clubId, place, distance: DEFAULT_ALERT_DISTANCE, includeOnline: false },
    origin,
    now,
    language,
  );
}

interface LinkRow {
  mailboxHash: string;
  alertId: string | null;
}

async function findLink(sql: Sql | TransactionSql, token: string): Promise<LinkRow | null> {
  const [link] = await sql<LinkRow[]>`
    select mailbox_hash, alert_id from alert_links where token_hash = ${hashLinkToken(token)}`;
  return link ?? null;
}

type AlertRow = Omit<AlertSummary, 'id' | 'createdAt' | 'confirmedAt' | 'expiresAt'> & {
  id: string;
  createdAt: Date;
  confirmedAt: Date | null;
  expiresAt: Date | null;
};

const alertColumns = (sql: Sql | TransactionSql) => sql`
  id, kind, place_label, distance_miles, include_online,
  created_at, confirmed_at, expires_at`;

const toSummary = (row: AlertRow): AlertSummary => ({
  ...row,
  id: Number(row.id),
  createdAt: row.createdAt.toISOString(),
  confirmedAt: row.confirmedAt?.toISOString() ?? null,
  expiresAt: row.expiresAt?.toISOString() ?? null,
});

/**
 * What an alert email's link opens (its ?token=, as the query gives it): the mailbox's alerts, oldest first, and the
 * link's own alert (null once deleted); null for a token of the wrong shape or that no email carried.
 */
export async function findAlertsOfLink(
  tokenText: string | null,
): Promise<{ token: string; alerts: AlertSummary[]; alert: AlertSummary | null } | null> {
  const parsed = alertLinkSchema.safeParse({ token: tokenText });
  if (!parsed.success) return null;
  const { token } = parsed.data;
  const sql = db();
  const link = await findLink(sql, token);
  if (!link) return null;
  const rows = await sql<AlertRow[]>`
    select ${alertColumns(sql)} from alerts where mailbox_hash = ${link.mailboxHash} order by created_at, id`;
  const alerts = rows.map(toSummary);
  return { token, alerts, alert: alerts.find(({ id }) => link.alertId !== null && id === Number(link.alertId)) ?? null };
}

/** The language of a link's alert, which its emails are written in; English for a link without one. */
export async function languageOfLink(token: string): Promise<Language> {
  const [row] = await db()<{ language: Language }[]>`
    select a.language from alert_links l join alerts a on a.id = l.alert_id where l.token_hash = ${hashLinkToken(token)}`;
  return row?.language ?? 'en';
}

/** What a link's action did: `answered` with the alert it acted on, or why it could not. */
export type AlertLinkOutcome = { status: 'answered'; alert: AlertSummary } | { status: 'unknown' | 'gone' };

const monthsAfter = (now: Date, months: number) => {
  const end = new Date(now);
  end.setUTCMonth(end.getUTCMonth() + months);
  return end;
};

/** Whether an alert is one of the people waiting for a club (a confirmed club alert), and the ZIP code it waits in. */
export type WaitingRow = { zipCode: string | null; waiting: boolean };
export const waitingColumns = (sql: Sql | TransactionSql) => sql`zip_code, (confirmed_at is not null and kind = 'clubs') as waiting`;

/**
 * Moves the demand domain's count of people waiting by `change` for each waiting alert among `rows`: +1 as an alert
 * is confirmed, -1 as a confirmed one is deleted, in the same transaction, so the counts move with the alerts.
 */
export async function recordWaiting(tx: Sql | TransactionSql, rows: readonly WaitingRow[], change: 1 | -1): Promise<void> {
  for (const { zipCode, waiting } of rows) if (waiting && zipCode) await recordAlertWaiting(tx, zipCode, change);
}

/** Confirms the alert of a confirmation link: it lives ALERT_MONTHS from now. Confirming twice changes nothing. */
export async function confirmAlert(token: string, now: Date): Promise<AlertLinkOutcome> {
  return db().begin(async (tx) => {
    const link = await findLink(tx, token);
    if (!link) return { status: 'unknown' as const };
    if (link.alertId === null) return { status: 'gone' as const };
    const [confirmed] = await tx<(AlertRow & WaitingRow)[]>`
      update alerts set confirmed_at = ${now}, expires_at = ${monthsAfter(now, ALERT_MONTHS)}
      where id = ${link.alertId} and confirmed_at is null
      returning ${alertColumns(tx)}, ${waitingColumns(tx)}`;
    if (confirmed) await recordWaiting(tx, [confirmed], 1);
    const [row] = confirmed ? [confirmed] : await tx<AlertRow[]>`select ${alertColumns(tx)} from alerts where id = ${link.alertId}`;
    return row ? { status: 'answered' as const, alert: toSummary(row) } : { status: 'gone' as const };
  });
}

/** Keeps the alert of a "Keep this alert?" link a further ALERT_MONTHS from its end (a confirmed alert only). */
export async function keepAlert(token: string, now: Date): Promise<AlertLinkOutcome> {
  return db().begin(async (tx) => {
    const link = await findLink(tx, token);
    if (!link) return { status: 'unknown' as const };
    const [row] = await tx<AlertRow[]>`
      update alerts set expires_at = greatest(expires_at, ${now}) + make_interval(months => ${ALERT_MONTHS}), keep_asked_at = null
      where id = ${link.alertId} and confirmed_at is not null
      returning ${alertColumns(tx)}`;
    return row ? { status: 'answered' as const, alert: toSummary(row) } : { status: 'gone' as const };
  });
}

/**
 * Deletes the mailbox's links once it has no alert left: deleting an alert deletes its address, and nothing of the
 * mailbox then remains but the counters of the limits (hashes, gone within a day).
 */
export async function forgetEmptyMailboxes(tx: Sql | TransactionSql, mailboxes: readonly string[]): Promise<void> {
  if (mailboxes.length === 0) return;
  await tx`
    delete from alert_links l
    where l.mailbox_hash in ${tx([...new Set(mailboxes)])}
      and not exists (select 1 from alerts a where a.mailbox_hash = l.mailbox_hash)`;
}

/**
 * Deletes alerts of a link's mailbox: one by its id, or all of them. Returns how many were deleted, or null for an
 * unknown token.
 */
export async function deleteAlerts(token: string, which: { alertId: number } | { all: true }): Promise<number | null> {
  return db().begin(async (tx) => {
    const link = await findLink(tx, token);
    if (!link) return null;
    return deleteAlertsOfMailbox(tx, link.mailboxHash, 'alertId' in which ? which.alertId : undefined);
  });
}

/** Deletes the alerts on an account's address with the account: its data export lists them as the account's. */
export async function deleteAlertsOfAddress(tx: TransactionSql, email: string): Promise<void> {
  await deleteAlertsOfMailbox(tx, mailboxHash(email));
}

/** Deletes a mailbox's alerts (one by its id, or all), no longer counting them as people waiting; returns how many. */
async function deleteAlertsOfMailbox(tx: TransactionSql, mailbox: string, alertId?: number): Promise<number> {
  const deleted = await tx<WaitingRow[]>`
    delete from alerts where mailbox_hash = ${mailbox} ${alertId === undefined ? tx`` : tx`and id = ${alertId}`}
    returning ${waitingColumns(tx)}`;
  await recordWaiting(tx, deleted, -1);
  await forgetEmptyMailboxes(tx, [mailbox]);
  return deleted.length;
}

/**
 * One-click unsubscribe (RFC 8058): deletes the alert of an alert email's link. An alert deleted already is no error
 * (the mail reader may post twice). False for an unknown token.
 */
export async function unsubscribeAlert(token: string): Promise<boolean> {
  return db().begin(async (tx) => {
    const link = await findLink(tx, token);
    if (!link) return false;
    if (link.alertId !== null) {
      const deleted = await tx<WaitingRow[]>`delete from alerts where id = ${link.alertId} returning ${waitingColumns(tx)}`;
      await recordWaiting(tx, deleted, -1);
    }
    await forgetEmptyMailboxes(tx, [link.mailboxHash]);
    return true;
  });
}

/** The alerts on an address's mailbox, for the account's data export. */
export async function listAlertsOfAddress(email: string): Promise<AlertSummary[]> {
  const sql = db();
  const rows = await sql<AlertRow[]>`
    select ${alertColumns(sql)} from alerts where mailbox_hash = ${mailboxHash(email)} order by created_at, id`;
  return rows.map(toSummary);
}
